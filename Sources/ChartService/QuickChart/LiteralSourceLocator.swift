import ChartSpec

/// Finds where the values at JSON paths (`data.datasets[0].backgroundColor[2]`, `["odd key"]`) start in the text of
/// a JavaScript object literal or JSON document that `JSLiteralParser` has already accepted, so problems found later
/// (by the translation) can name a line and column.
///
/// Only used on the error path, and linear in the text however many paths are asked for: the paths become a trie,
/// and one walk over the text descends only into values on some path, skipping the others (strings, comments, nested
/// containers) without building them and without allocating per value. Because the text is known to parse, the walk
/// can be lenient: it needs token boundaries, not validation. Quoted keys with escapes are decoded by
/// `JSLiteralParser` itself, so every escape means what it meant when the config was read.
struct LiteralSourceLocator: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// One step of a path.
    enum Component: Hashable {
        case key(String)
        case index(Int)
    }

    /// A node of the trie of wanted paths: the steps that lead on, and which of the paths end here.
    private struct Node {
        var keys: [(key: [UInt8], node: Int)] = []
        var indices: [Int: Int] = [:]
        var ending: [Int] = []
    }

    /// For each path, the one-based line and byte column (as `JSONSyntaxError` counts them) where its value starts,
    /// or nil when the path is malformed, names a key cut short with "…", or leads nowhere in the text.
    func positions(of paths: [String]) -> [(line: Int, column: Int)?] {
        var trie = [Node()]
        for (n, path) in paths.enumerated() {
            guard let components = Self.components(of: path) else { continue }
            var node = 0
            for component in components {
                let next: Int?
                switch component {
                case .key(let key):
                    let utf8 = Array(key.utf8)
                    next = trie[node].keys.first { $0.key == utf8 }?.node
                    if next == nil { trie[node].keys.append((utf8, trie.count)) }
                case .index(let index):
                    next = trie[node].indices[index]
                    if next == nil { trie[node].indices[index] = trie.count }
                }
                if next == nil { trie.append(Node()) }
                node = next ?? trie.count - 1
            }
            trie[node].ending.append(n)
        }
        var offsets = [Int?](repeating: nil, count: paths.count)
        _ = walk(skipTrivia(0), trie, 0, &offsets)
        // Lines and columns of all offsets in one pass over the text, in offset order.
        var positions = [(line: Int, column: Int)?](repeating: nil, count: paths.count)
        var line = 1, lineStart = 0, scanned = 0
        for (n, offset) in offsets.enumerated().compactMap({ pair in pair.1.map { (pair.0, $0) } })
            .sorted(by: { $0.1 < $1.1 }) {
            while scanned < offset {
                if bytes[scanned] == 0x0A { (line, lineStart) = (line + 1, scanned + 1) }
                scanned += 1
            }
            positions[n] = (line, offset - lineStart + 1)
        }
        return positions
    }

    /// Visits the value at `offset` for trie node `node`, recording where the paths ending there start, and descends
    /// along the node's steps; returns the offset after the value.
    private func walk(_ offset: Int, _ trie: [Node], _ node: Int, _ offsets: inout [Int?]) -> Int {
        for n in trie[node].ending { offsets[n] = offset }
        let keys = trie[node].keys, indices = trie[node].indices
        switch byte(offset) {
        case UInt8(ascii: "{") where !keys.isEmpty:
            var position = skipTrivia(offset + 1)
            while let first = byte(position), first != UInt8(ascii: "}") {
                guard let (child, afterKey) = key(at: position, among: keys) else { return skipValue(offset) }
                position = skipTrivia(afterKey)
                guard byte(position) == UInt8(ascii: ":") else { return skipValue(offset) }
                position = skipTrivia(position + 1)
                let end = child.map { walk(position, trie, $0, &offsets) } ?? skipValue(position)
                position = afterSeparator(end)
            }
            return min(position + 1, bytes.count)
        case UInt8(ascii: "[") where !indices.isEmpty:
            var position = skipTrivia(offset + 1)
            var index = 0
            while let first = byte(position), first != UInt8(ascii: "]") {
                let end = indices[index].map { walk(position, trie, $0, &offsets) } ?? skipValue(position)
                position = afterSeparator(end)
                index += 1
            }
            return min(position + 1, bytes.count)
        default:
            return skipValue(offset)
        }
    }

    // MARK: Paths

    /// `a.b[2]["c d"]` → key a, key b, index 2, key "c d"; nil if it is not a path in that syntax.
    static func components(of path: String) -> [Component]? {
        let text = Array(path.utf8)
        var components: [Component] = []
        var i = 0
        func name() -> Component? {
            let start = i
            while i < text.count, text[i] != UInt8(ascii: "."), text[i] != UInt8(ascii: "[") { i += 1 }
            return i > start ? .key(String(decoding: text[start..<i], as: UTF8.self)) : nil
        }
        if i < text.count, text[i] != UInt8(ascii: "[") {
            guard let first = name() else { return nil }
            components.append(first)
        }
        while i < text.count {
            if text[i] == UInt8(ascii: ".") {
                i += 1
                guard let next = name() else { return nil }
                components.append(next)
            } else if text[i] == UInt8(ascii: "["), i + 1 < text.count, text[i + 1] == UInt8(ascii: "\"") {
                let start = i + 1
                i += 2
                while i < text.count, text[i] != UInt8(ascii: "\"") { i += text[i] == UInt8(ascii: "\\") ? 2 : 1 }
                guard i + 1 < text.count, text[i + 1] == UInt8(ascii: "]"),
                    case .string(let key)? = try? JSLiteralParser.parse(Array(text[start...i]))
                else { return nil }
                components.append(.key(key))
                i += 2
            } else if text[i] == UInt8(ascii: "[") {
                let start = i + 1
                i = start
                while i < text.count, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") { i += 1 }
                guard i > start, i - start <= 9, i < text.count, text[i] == UInt8(ascii: "]"),
                    let index = Int(String(decoding: text[start..<i], as: UTF8.self))
                else { return nil }
                components.append(.index(index))
                i += 1
            } else {
                return nil
            }
        }
        return components
    }

    // MARK: Tokens

    private func byte(_ offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// The trie node of the key at `offset` (an identifier or a quoted string) among `keys` (nil if none), and the
    /// offset after the key. Only a quoted key with escapes is decoded; others are compared as bytes.
    private func key(at offset: Int, among keys: [(key: [UInt8], node: Int)]) -> (Int?, Int)? {
        guard let first = byte(offset) else { return nil }
        var start = offset, end = offset
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            end = skipString(offset)
            guard end - offset >= 2 else { return nil }
            (start, end) = (offset + 1, end - 1)
            if bytes[start..<end].contains(UInt8(ascii: "\\")) {
                guard case .string(let key)? = try? JSLiteralParser.parse(Array(bytes[offset...end])) else {
                    return nil
                }
                return (keys.first { key.utf8.elementsEqual($0.key) }?.node, end + 1)
            }
        } else {
            // An identifier: in accepted text it runs up to the `:` or the trivia before it.
            while let b = byte(end), b != UInt8(ascii: ":"), !Self.endsScalar(b) { end += 1 }
            guard end > offset else { return nil }
        }
        let node = keys.first { bytes[start..<end].elementsEqual($0.key) }?.node
        return (node, end + (start == offset ? 0 : 1))
    }

    /// After a value: past the `,` that may follow it and the trivia around.
    private func afterSeparator(_ offset: Int) -> Int {
        let next = skipTrivia(offset)
        return byte(next) == UInt8(ascii: ",") ? skipTrivia(next + 1) : next
    }

    /// The offset just after the value starting at `offset`.
    private func skipValue(_ offset: Int) -> Int {
        guard let first = byte(offset) else { return offset }
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
            return skipString(offset)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var position = offset
            while let b = byte(position) {
                switch b {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    position += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    position += 1
                    if depth == 0 { return position }
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
                    position = skipString(position)
                case UInt8(ascii: "/"):
                    position = max(position + 1, skipTrivia(position))
                default:
                    position += 1
                }
            }
            return position
        default:  // a number or a word: up to the next separator, bracket, space or comment
            var position = offset
            while let b = byte(position), !Self.endsScalar(b) { position += 1 }
            return position
        }
    }

    /// The offset after the quoted string starting at `offset` (its quote is the first byte).
    private func skipString(_ offset: Int) -> Int {
        let quote = bytes[offset]
        var position = offset + 1
        while let b = byte(position), b != quote { position += b == UInt8(ascii: "\\") ? 2 : 1 }
        return min(position + 1, bytes.count)
    }

    /// Past whitespace (ASCII, and the Unicode spaces JS allows) and comments.
    private func skipTrivia(_ offset: Int) -> Int {
        var position = offset
        while let b = byte(position) {
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "/"):
                while let c = byte(position), c != 0x0A, c != 0x0D { position += 1 }
            case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "*"):
                position += 2
                while let c = byte(position), !(c == UInt8(ascii: "*") && byte(position + 1) == UInt8(ascii: "/")) {
                    position += 1
                }
                position = min(position + 2, bytes.count)
            case 0x80...0xFF:
                guard let length = unicodeSpaceLength(at: position) else { return position }
                position += length
            default:
                return position
            }
        }
        return position
    }

    /// The UTF-8 length of the Unicode space (or byte-order mark) at `offset`, or nil if there is none.
    private func unicodeSpaceLength(at offset: Int) -> Int? {
        let end = min(offset + 4, bytes.count)
        guard let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first,
            scalar != "\u{FFFD}", scalar.properties.isWhitespace || scalar == "\u{FEFF}"
        else { return nil }
        return UTF8.width(scalar)
    }

    /// Whether `byte` ends a number, a word or an unquoted key: a separator, a closing bracket, a space or a comment.
    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "/"), 0x20, 0x09, 0x0A, 0x0D,
            0x0B, 0x0C:
            true
        default:
            false
        }
    }
}
