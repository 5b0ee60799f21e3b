import ChartSpec

/// Finds where the value at a JSON path (`data.datasets[0].backgroundColor[2]`, `["odd key"]`) starts in the text of
/// a JavaScript object literal or JSON document that `JSLiteralParser` has already accepted, so a problem found
/// later (by the translation) can name a line and column.
///
/// Only used on the error path: each lookup walks the text once, skipping what it does not descend into (strings,
/// comments, nested containers) without building values — linear in the text and no allocation per value. Because
/// the text is known to parse, the walk can be lenient: it only needs token boundaries, not validation. Quoted keys
/// are decoded by `JSLiteralParser` itself, so every escape means what it meant when the config was read.
struct LiteralSourceLocator: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// One step of a path.
    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    /// The one-based line and byte column (as `JSONSyntaxError` counts them) where the value at `path` starts, or
    /// nil when the path is malformed, names a key cut short with "…", or leads nowhere in the text.
    func position(of path: String) -> (line: Int, column: Int)? {
        guard let components = Self.components(of: path), let offset = offset(of: components) else { return nil }
        var line = 1
        var lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The byte offset where the value at `components` starts.
    func offset(of components: [Component]) -> Int? {
        var position = skipTrivia(0)
        for component in components {
            switch component {
            case .key(let wanted):
                guard byte(position) == UInt8(ascii: "{") else { return nil }
                position = skipTrivia(position + 1)
                while let first = byte(position), first != UInt8(ascii: "}") {
                    guard let (key, afterKey) = key(at: position) else { return nil }
                    position = skipTrivia(afterKey)
                    guard byte(position) == UInt8(ascii: ":") else { return nil }
                    position = skipTrivia(position + 1)
                    if key == wanted { break }
                    position = afterSeparator(skipValue(position))
                }
                guard byte(position) != nil, byte(position) != UInt8(ascii: "}") else { return nil }
            case .index(let wanted):
                guard byte(position) == UInt8(ascii: "[") else { return nil }
                position = skipTrivia(position + 1)
                var index = 0
                while index < wanted, let first = byte(position), first != UInt8(ascii: "]") {
                    position = afterSeparator(skipValue(position))
                    index += 1
                }
                guard index == wanted, byte(position) != nil, byte(position) != UInt8(ascii: "]") else { return nil }
            }
        }
        return position
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

    /// The key at `offset` (an identifier or a quoted string) and the offset after it.
    private func key(at offset: Int) -> (String, Int)? {
        guard let first = byte(offset) else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            let end = skipString(offset)
            guard case .string(let key)? = try? JSLiteralParser.parse(Array(bytes[offset..<end])) else { return nil }
            return (key, end)
        }
        var end = offset
        while let b = byte(end), Self.isIdentifierByte(b) { end += 1 }
        return end > offset ? (String(decoding: bytes[offset..<end], as: UTF8.self), end) : nil
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

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "/"), 0x20, 0x09, 0x0A, 0x0D,
            0x0B, 0x0C:
            true
        default:
            false
        }
    }

    /// JS identifier bytes as `JSLiteralParser` reads them: ASCII letters, digits, `_`, `$` and any non-ASCII byte.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            true
        default:
            false
        }
    }
}
