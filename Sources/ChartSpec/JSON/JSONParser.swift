#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict RFC 8259 JSON parser over UTF-8 bytes, with no Foundation.
///
/// Strict means: no comments, no trailing commas, no leading zeros, no NaN/Infinity, no lone surrogates,
/// no unescaped control characters, valid UTF-8 only, and no duplicate keys within one object.
/// Recursion is bounded by `maxDepth`, so hostile nesting (`[[[[…`) fails fast instead of overflowing the stack.
package enum JSONParser {
    /// The deepest allowed nesting of arrays and objects. A chart spec needs 4.
    public static let maxDepth = 64
    /// The longest string (key or value) in UTF-8 bytes, after unescaping.
    public static let maxStringBytes = 65_536
    /// The largest accepted document. The HTTP layer limits request bodies further; this bounds direct callers.
    public static let maxInputBytes = 64 << 20

    /// Parses one JSON value, which may be surrounded by whitespace only. `maxStringBytes` raises the string limit
    /// for an envelope whose one string is a whole document (QuickChart's `{"chart": "<config as text>"}`).
    public static func parse(_ bytes: [UInt8], maxStringBytes: Int = maxStringBytes) throws(JSONSyntaxError)
        -> JSONValue
    {
        try parse(bytes, maxStringBytes: maxStringBytes, maxInputBytes: maxInputBytes)
    }

    /// `parse` with the document limit raised for a caller that bounded the document itself (the canonical form of
    /// a spec built in Swift, `ChartSpec.validated()`).
    static func parse(_ bytes: [UInt8], maxStringBytes: Int, maxInputBytes: Int) throws(JSONSyntaxError)
        -> JSONValue
    {
        try parseDocument(bytes, maxInputBytes: maxInputBytes) { buffer throws(JSONScanner.Failure) in
            var scanner = JSONScanner(bytes: buffer, maxStringBytes: maxStringBytes)
            let value = try scanner.parseValue(depth: 0)
            scanner.skipWhitespace()
            if scanner.position < buffer.count {
                throw scanner.failure("unexpected \(scanner.describeCurrent()) after the JSON value")
            }
            return value
        }
    }

    /// Checks the document's size, runs `scan` over its bytes and turns a scanner failure into a
    /// `JSONSyntaxError` with line, column and path. Shared with `JSLiteralParser`.
    static func parseDocument(
        _ bytes: [UInt8], maxInputBytes: Int = maxInputBytes,
        _ scan: (UnsafeBufferPointer<UInt8>) throws(JSONScanner.Failure) -> JSONValue
    ) throws(JSONSyntaxError) -> JSONValue {
        guard bytes.count <= maxInputBytes else {
            throw JSONSyntaxError(offset: 0, line: 1, column: 1,
                                  message: "document of \(bytes.count) bytes exceeds the limit of \(maxInputBytes)")
        }
        let result: Result<JSONValue, JSONScanner.Failure> = bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONScanner.Failure) {
                return .success(try scan(buffer))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let value):
            return value
        case .failure(let failure):
            let (line, column) = lineAndColumn(of: failure.offset, in: bytes)
            throw JSONSyntaxError(offset: failure.offset, line: line, column: column, message: failure.message,
                                  path: JSONPathComponent.render(innermostFirst: failure.path))
        }
    }

    /// One-based line and byte column of `offset`; only computed when reporting an error.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }
}

/// The recursive-descent scanner behind `JSONParser`. Works on a borrowed buffer; never escapes it.
struct JSONScanner {
    struct Failure: Error {
        var offset: Int
        var message: String
        /// Innermost first; filled in while the error propagates out of arrays and objects.
        var path: [JSONPathComponent] = []
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// The longest string, in UTF-8 bytes after unescaping.
    let maxStringBytes: Int

    init(bytes: UnsafeBufferPointer<UInt8>, maxStringBytes: Int = JSONParser.maxStringBytes) {
        self.bytes = bytes
        self.maxStringBytes = maxStringBytes
    }

    func failure(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? position, message: message)
    }

    /// The current byte for a message: printable ASCII quoted, anything else as hex, end of input named.
    func describeCurrent() -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21 && byte <= 0x7E {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" : "") + hex
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        skipWhitespace()
        guard position < bytes.count else { throw failure("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let start = position
        let utf8 = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for expected in utf8 {
            guard position < bytes.count, bytes[position] == expected else {
                throw failure("invalid literal, expected \(literal)", at: start)
            }
            position += 1
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        try NestingDepth.enter(depth, at: position)
        position += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            do throws(Failure) {
                elements.append(try parseValue(depth: depth))
            } catch {
                var failure = error
                failure.path.append(.index(elements.count))
                throw failure
            }
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of input, expected ',' or ']'") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            default: throw failure("unexpected \(describeCurrent()), expected ',' or ']'")
            }
        }
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        try NestingDepth.enter(depth, at: position)
        position += 1  // {
        var object = ObjectBuilder()
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeCurrent()), expected a string key")
            }
            let keyStart = position
            let key = try parseString()
            try object.claim(key, at: keyStart)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeCurrent()), expected ':' after a key")
            }
            position += 1
            do throws(Failure) {
                object.append(key, try parseValue(depth: depth))
            } catch {
                var failure = error
                failure.path.append(.key(key))
                throw failure
            }
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of input, expected ',' or '}'") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(object.members)
            default: throw failure("unexpected \(describeCurrent()), expected ',' or '}'")
            }
        }
    }

    // MARK: Strings

    mutating func parseString() throws(Failure) -> String {
        let start = position
        position += 1  // opening quote
        // Fast path: no escapes, so the bytes between the quotes are the string.
        var cursor = position
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            cursor += 1
        }
        if cursor < bytes.count && bytes[cursor] == UInt8(ascii: "\"") {
            let text = try StringText.unescaped(UnsafeBufferPointer(rebasing: bytes[position..<cursor]), start: start,
                                                limit: maxStringBytes)
            position = cursor + 1
            return text
        }
        return try parseEscapedString(start: start)
    }

    private mutating func parseEscapedString(start: Int) throws(Failure) -> String {
        var utf8: [UInt8] = []
        while true {
            guard position < bytes.count else { throw failure("unterminated string", at: start) }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return try StringText.decoded(utf8, start: start)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { throw failure("unterminated string", at: start) }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    let escapeStart = position - 2
                    let scalar = try StringEscapes.readUTF16Escape(bytes, &position, escapeStart: escapeStart, .json)
                    StringEscapes.appendUTF8(scalar, to: &utf8)
                default:
                    position -= 1
                    throw failure("invalid escape sequence \\\(describeCurrent())", at: position - 1)
                }
            default:
                if byte < 0x20 {
                    throw failure("unescaped control character (byte 0x\(String(byte, radix: 16))) in a string")
                }
                utf8.append(byte)
                position += 1
            }
            try StringText.checkLength(utf8.count, start: start, limit: maxStringBytes)
        }
    }

    // MARK: Numbers

    /// Exact powers of ten representable as `Double` (10^22 is the largest), for Clinger's fast path.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// Fast path (Clinger 1990): when the decimal significand fits in 2^53 and the power of ten is at most 22,
    /// one multiplication or division of two exact doubles is correctly rounded. Anything else goes to the
    /// standard library's correctly rounded `Double(String)`.
    mutating func parseNumber() throws(Failure) -> Double {
        let start = position
        let end = bytes.count
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var significand: UInt64 = 0
        var significandExact = true
        var exponent = 0

        /// The value of the digit at `position`, or nil (`&-` wraps non-digits above 9).
        func digit(_ i: Int) -> UInt8? {
            guard i < end else { return nil }
            let d = bytes[i] &- UInt8(ascii: "0")
            return d <= 9 ? d : nil
        }

        guard let first = digit(position) else { throw failure("expected a digit in a number") }
        position += 1
        if first == 0 {
            if digit(position) != nil { throw failure("leading zeros are not allowed in numbers", at: start) }
        } else {
            significand = UInt64(first)
            while let d = digit(position) {
                position += 1
                // significand ≤ 2^53, so ×10 cannot overflow; beyond 2^53 only the slow path is exact.
                let next = significand &* 10 &+ UInt64(d)
                if significandExact && next <= 1 << 53 { significand = next } else { significandExact = false }
            }
        }
        if position < end && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digit(position) != nil else { throw failure("expected a digit after the decimal point") }
            while let d = digit(position) {
                position += 1
                let next = significand &* 10 &+ UInt64(d)
                if significandExact && next <= 1 << 53 {
                    significand = next
                    exponent -= 1
                } else {
                    significandExact = false
                }
            }
        }
        if position < end && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < end && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard digit(position) != nil else { throw failure("expected a digit in the exponent") }
            var written = 0
            while let d = digit(position) {
                if written < 100_000 { written = written * 10 + Int(d) }
                position += 1
            }
            exponent += exponentNegative ? -written : written
        }

        if significandExact && exponent >= -22 && exponent <= 22 {
            let magnitude = exponent >= 0
                ? Double(significand) * Self.exactPowersOfTen[exponent]
                : Double(significand) / Self.exactPowersOfTen[-exponent]
            if magnitude.isFinite { return negative ? -magnitude : magnitude }
        }
        if let value = Self.strtodOnStack(UnsafeBufferPointer(rebasing: bytes[start..<position])) {
            guard value.isFinite else { throw outOfRange(start) }
            return value
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            throw outOfRange(start)
        }
        return value
    }

    private func outOfRange(_ start: Int) -> Failure {
        var end = start
        while end < bytes.count, end - start < 40, bytes[end] > 0x20, bytes[end] != UInt8(ascii: ","),
              bytes[end] != UInt8(ascii: "]"), bytes[end] != UInt8(ascii: "}") { end += 1 }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return failure("number \(literal) is out of range (it overflows a 64-bit float)", at: start)
    }

    /// The longest literal converted without allocating; longer ones go through `Double(String)`.
    private static let stackLiteralLimit = 63

    /// Correctly rounded conversion of an already validated literal with C `strtod`, copied to a
    /// NUL-terminated stack buffer (the input buffer has no terminator). Returns nil — and the caller falls back
    /// to `Double(String)` — when the literal is too long or `strtod` did not consume all of it, which would
    /// only happen under a locale whose decimal separator is not ".".
    private static func strtodOnStack(_ literal: UnsafeBufferPointer<UInt8>) -> Double? {
        guard literal.count <= stackLiteralLimit else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: stackLiteralLimit + 1) { buffer -> Double? in
            guard let base = buffer.baseAddress else { return nil }
            for (i, byte) in literal.enumerated() {
                buffer[i] = CChar(bitPattern: byte)
            }
            buffer[literal.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(base, &end)
            guard let end, end - base == literal.count else { return nil }
            return value
        }
    }
}
