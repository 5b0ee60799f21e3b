/// A reader for JavaScript object literals as QuickChart's docs, README URLs and JS client write Chart.js configs:
/// it parses the literal grammar into a `JSONValue` and never evaluates anything. No Foundation.
///
/// Accepted beyond JSON: unquoted identifier keys and `'single'`-quoted keys; strings in single or double quotes
/// (and backtick literals without `${`) with JS escapes (`\n \t \' \" \\ \0 \xXX \uXXXX \u{X…}`, identity
/// escapes, line continuations); numbers with a leading `+`, `.5`, `5.`, hex `0x1F`; `undefined` (read as null);
/// trailing commas in arrays and objects; `//` and `/* */` comments. Everything a JSON document may contain is
/// read exactly as `JSONParser` reads it (same numbers, same limits, duplicate keys rejected likewise).
///
/// Rejected, never evaluated, with the JSON path of the offending value: functions, arrow functions, method
/// definitions, identifiers other than `true false null undefined` (`Math.PI`, `window`), calls, member access,
/// operators (a minus or plus directly before a number literal is part of the literal), `new`, regular
/// expressions, template literals with `${`, computed keys, spread, and `Infinity`/`NaN`, which a chart cannot
/// draw. Limits are `JSONParser`'s: depth, string length and input size. Work is linear in the input, and the
/// first executable token stops the parse, so `while(true){}` costs one identifier.
///
/// Strings that *look like* functions (`"function(v) {…}"`, `"(v) => …"`) are legitimate text in JSON, so they
/// are not refused here: `executableStrings(in:)` lists them for a caller that reads Chart.js configs.
///
/// A whole input that is a string literal (the Python client sends the config JSON-encoded twice) parses to
/// `.string`. Unwrapping it belongs to the caller, not here: the same one-level unwrapping is needed for a config
/// that arrived as a JSON string inside a POST body, which this parser never sees, and only the caller knows that
/// the positions of errors inside the unwrapped text refer to the inner text.
package enum JSLiteralParser {
    /// Parses one literal value, which may be surrounded by whitespace and comments only.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parseDocument(bytes) { buffer throws(JSONScanner.Failure) in
            var scanner = JSLiteralScanner(bytes: buffer)
            let value = try scanner.parseValue(depth: 0)
            try scanner.expectEndOfValue(closing: nil)
            return value
        }
    }

    /// Parses UTF-8 text; see `parse(_:)`.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// The paths of string values that look like JavaScript functions — `function…(`, `(…) =>`, `v =>`, with an
    /// optional `async` — in document order. Chart.js users put callbacks in strings; a config reader refuses them
    /// because they would silently do nothing, while plain JSON callers may keep them as text. At most
    /// `Limits.maxReportedIssues` + 1 paths (enough to report and to say there are more): 2 MiB of `"v=>v"` under a
    /// long key would otherwise build 290k paths.
    public static func executableStrings(in value: JSONValue) -> [String] {
        var paths: [String] = []
        var components: [JSONPathComponent] = []
        collectExecutableStrings(value, &components, into: &paths)
        return paths
    }

    /// Walks `value` keeping the path as components (innermost last); text is built only for a hit, so a config of
    /// a million numbers costs no string work.
    private static func collectExecutableStrings(_ value: JSONValue, _ components: inout [JSONPathComponent],
                                                 into paths: inout [String]) {
        guard paths.count <= ChartSpec.Limits.maxReportedIssues else { return }
        switch value {
        case .string(let text):
            if looksLikeFunction(text) { paths.append(JSONPathComponent.render(innermostFirst: components.reversed())) }
        case .array(let elements):
            for (i, element) in elements.enumerated() where element.mayHoldText {
                components.append(.index(i))
                collectExecutableStrings(element, &components, into: &paths)
                components.removeLast()
            }
        case .object(let members):
            for member in members where member.value.mayHoldText {
                components.append(.key(member.key))
                collectExecutableStrings(member.value, &components, into: &paths)
                components.removeLast()
            }
        case .null, .bool, .number:
            break
        }
    }

    /// Whether `text` starts like a function expression: `function`, an optional `*` and name, then `(`; or an
    /// arrow function whose parameters are one identifier or a parenthesised list (ES2015 ArrowParameters).
    /// Text such as "Input => Output" is an arrow function by this grammar and is listed too.
    static func looksLikeFunction(_ text: String) -> Bool {
        // Every function form has a '(' or a "=>": most strings (labels, colours) have neither, and a plain byte scan
        // says so in a fraction of the grammar walk's time.
        var bytes = text
        guard bytes.withUTF8({ $0.contains { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "=") } }) else {
            return false
        }
        var utf8 = Substring(text).utf8[...]
        func skipSpaces() {
            while let b = utf8.first, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { utf8.removeFirst() }
        }
        func word() -> Substring.UTF8View.SubSequence {
            let end = utf8.firstIndex { !JSLiteralScanner.isIdentifierByte($0) } ?? utf8.endIndex
            defer { utf8 = utf8[end...] }
            return utf8[..<end]
        }
        skipSpaces()
        var first = word()
        if first.elementsEqual("async".utf8) {
            skipSpaces()
            first = word()
        }
        if first.elementsEqual("function".utf8) {  // function [*] [name] (
            skipSpaces()
            if utf8.first == UInt8(ascii: "*") { utf8.removeFirst() }
            skipSpaces()
            _ = word()
            skipSpaces()
            return utf8.first == UInt8(ascii: "(")
        }
        if first.isEmpty {
            guard utf8.first == UInt8(ascii: "(") else { return false }
            // Parameters: anything up to the first ')' (default values with parentheses are too rare to matter).
            guard let close = utf8.firstIndex(of: UInt8(ascii: ")")) else { return false }
            utf8 = utf8[utf8.index(after: close)...]
        } else if let byte = first.first, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
            return false
        }
        skipSpaces()
        return utf8.starts(with: "=>".utf8)
    }
}

/// The recursive-descent scanner behind `JSLiteralParser`. Numbers go through `JSONScanner.parseNumber`, so every
/// number JSON allows converts to the same `Double`.
struct JSLiteralScanner {
    typealias Failure = JSONScanner.Failure

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func failure(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? position, message: message)
    }

    private func describeCurrent() -> String {
        var scanner = JSONScanner(bytes: bytes)
        scanner.position = position
        return scanner.describeCurrent()
    }

    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// ASCII letters, digits, `_`, `$`, and any non-ASCII byte (JS identifiers may use Unicode letters; the
    /// bytes are validated as UTF-8 when the identifier becomes a key).
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    private static func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: Whitespace and comments

    /// The UTF-8 length of a non-ASCII JS WhiteSpace or LineTerminator at `offset` (ECMAScript 2015 §11.2–11.3:
    /// U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF), or 0.
    private func unicodeSpaceLength(at offset: Int) -> Int {
        switch (byte(at: offset) ?? 0, byte(at: offset + 1) ?? 0, byte(at: offset + 2) ?? 0) {
        case (0xC2, 0xA0, _): 2
        case (0xE1, 0x9A, 0x80): 3  // U+1680
        case (0xE2, 0x80, 0x80...0x8A), (0xE2, 0x80, 0xA8), (0xE2, 0x80, 0xA9), (0xE2, 0x80, 0xAF): 3
        case (0xE2, 0x81, 0x9F): 3  // U+205F
        case (0xE3, 0x80, 0x80): 3  // U+3000, the ideographic space CJK input methods type
        case (0xEF, 0xBB, 0xBF): 3  // U+FEFF
        default: 0
        }
    }

    /// Skips JS whitespace (including vertical tab, form feed, Unicode spaces and a byte-order mark) and comments.
    /// Inlined check first: most calls stand on a token already (printable ASCII other than `/`), and return at once.
    @inline(__always)
    mutating func skipWhitespaceAndComments() throws(Failure) {
        if position < bytes.count {
            let byte = bytes[position]
            if byte > 0x20 && byte < 0x80 && byte != UInt8(ascii: "/") { return }
        }
        try skipSpaceRun()
    }

    /// `skipWhitespaceAndComments` past its first check: runs of ASCII spaces in a tight loop, then the rest.
    private mutating func skipSpaceRun() throws(Failure) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                position += 1
                while position < bytes.count {
                    let byte = bytes[position]
                    guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { break }
                    position += 1
                }
            case 0x80...0xFF where unicodeSpaceLength(at: position) > 0:
                position += unicodeSpaceLength(at: position)
            case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "/"):
                while position < bytes.count && bytes[position] != 0x0A && bytes[position] != 0x0D { position += 1 }
            case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "*"):
                let start = position
                position += 2
                while true {
                    guard position + 1 < bytes.count else {
                        throw failure("unterminated /* comment", at: start)
                    }
                    if bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/") { break }
                    position += 1
                }
                position += 2
            default:
                return
            }
        }
    }

    /// After a value: only `,`, the container's closing bracket, or (at the top) the end may follow. Anything
    /// else that continues an expression — an operator, a call, member access — is named as such.
    @inline(__always)
    mutating func expectEndOfValue(closing: UInt8?) throws(Failure) {
        try skipWhitespaceAndComments()
        if let closing, position < bytes.count, bytes[position] == closing || bytes[position] == UInt8(ascii: ",") {
            return
        }
        try checkEndOfValue(closing: closing)
    }

    /// `expectEndOfValue` past the common case (a `,` or the closing bracket, whitespace skipped).
    private mutating func checkEndOfValue(closing: UInt8?) throws(Failure) {
        guard position < bytes.count else {
            if let closing {
                throw failure("unexpected end of input, expected ',' or '\(Character(Unicode.Scalar(closing)))'")
            }
            return
        }
        let next = bytes[position]
        if next == closing || (closing != nil && next == UInt8(ascii: ",")) { return }
        switch next {
        case UInt8(ascii: "("):
            throw failure("calls are not evaluated; a config must be a literal")
        case UInt8(ascii: "."), UInt8(ascii: "["):
            throw failure("member access is not evaluated; a config must be a literal")
        case UInt8(ascii: "`"):
            throw failure("tagged templates are not evaluated; a config must be a literal")
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "&"),
             UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "?"), UInt8(ascii: "~"):
            throw failure("operator \(describeCurrent()) is not evaluated; a config must be a literal")
        default:
            guard let closing else { throw failure("unexpected \(describeCurrent()) after the value") }
            throw failure("unexpected \(describeCurrent()), expected ',' or '\(Character(Unicode.Scalar(closing)))'")
        }
    }

    // MARK: Values

    mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        try skipWhitespaceAndComments()
        guard position < bytes.count else { throw failure("unexpected end of input, expected a value") }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"): return .string(try parseString())
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"):
            return .number(try parseNumber())
        case UInt8(ascii: "("):
            throw failure("parenthesised expressions and arrow functions are not evaluated; a config must be a literal")
        case UInt8(ascii: "/"):
            throw failure("regular expressions are not evaluated; a config must be a literal")
        case UInt8(ascii: "!"), UInt8(ascii: "~"):
            throw failure("operator \(describeCurrent()) is not evaluated; a config must be a literal")
        default:
            guard Self.isIdentifierByte(byte) else {
                throw failure("unexpected \(describeCurrent()), expected a value")
            }
            return try parseIdentifierValue()
        }
    }

    /// Whether `word` is exactly `name` (ASCII): the length first, so most words cost one comparison.
    @inline(__always)
    private static func word(_ word: UnsafeBufferPointer<UInt8>, is name: StaticString) -> Bool {
        guard word.count == name.utf8CodeUnitCount else { return false }
        for i in 0..<word.count where word[i] != name.utf8Start[i] { return false }
        return true
    }

    /// The bytes of the identifier at `position`, which is advanced past it.
    private mutating func scanIdentifier() -> UnsafeBufferPointer<UInt8> {
        let start = position
        while position < bytes.count && Self.isIdentifierByte(bytes[position]) {
            if bytes[position] >= 0x80 && unicodeSpaceLength(at: position) > 0 { break }
            position += 1
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<position])
    }

    /// `true`, `false`, `null`, `undefined`; every other identifier would need evaluating and is refused.
    private mutating func parseIdentifierValue() throws(Failure) -> JSONValue {
        let start = position
        let word = scanIdentifier()
        if Self.word(word, is: "true") { return .bool(true) }
        if Self.word(word, is: "false") { return .bool(false) }
        if Self.word(word, is: "null") || Self.word(word, is: "undefined") { return .null }
        if word.elementsEqual("Infinity".utf8) || word.elementsEqual("NaN".utf8) {
            throw failure("\(String(decoding: word, as: UTF8.self)) is not a finite number and cannot be drawn; "
                + "use a number or null", at: start)
        }
        if word.elementsEqual("function".utf8) || word.elementsEqual("async".utf8) {
            throw failure("functions are not evaluated; a config must be a literal", at: start)
        }
        if word.elementsEqual("new".utf8) {
            throw failure("'new' expressions are not evaluated; a config must be a literal", at: start)
        }
        let name = JSONPath.quoted(String(decoding: word, as: UTF8.self))
        try skipWhitespaceAndComments()
        if byte(at: position) == UInt8(ascii: "="), byte(at: position + 1) == UInt8(ascii: ">") {
            throw failure("arrow functions are not evaluated; a config must be a literal", at: start)
        }
        throw failure("identifier \(name) is not a value (only true, false, null and undefined are); "
            + "a config is not evaluated", at: start)
    }

    // MARK: Containers

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        try NestingDepth.enter(depth, at: position)
        position += 1  // [
        var elements: [JSONValue] = []
        while true {
            try skipWhitespaceAndComments()
            if byte(at: position) == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            if byte(at: position) == UInt8(ascii: ",") {
                throw failure("array holes (',,') are not allowed; write null")
            }
            let index = elements.count
            do throws(Failure) {
                elements.append(try parseValue(depth: depth))
                try expectEndOfValue(closing: UInt8(ascii: "]"))
            } catch {
                var failure = error
                failure.path.append(.index(index))
                throw failure
            }
            if bytes[position] == UInt8(ascii: ",") { position += 1 }
        }
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        try NestingDepth.enter(depth, at: position)
        position += 1  // {
        var object = ObjectBuilder()
        while true {
            try skipWhitespaceAndComments()
            if byte(at: position) == UInt8(ascii: "}") {
                position += 1
                return .object(object.members)
            }
            let keyStart = position
            let key = try parseKey()
            try object.claim(key, at: keyStart)
            do throws(Failure) {
                try skipWhitespaceAndComments()
                switch byte(at: position) {
                case UInt8(ascii: ":"):
                    position += 1
                case UInt8(ascii: "("):
                    throw failure("methods (functions) are not evaluated; a config must be a literal")
                case UInt8(ascii: ","), UInt8(ascii: "}"):
                    throw failure("shorthand property refers to a variable, which is not evaluated; write key: value")
                default:
                    throw failure("unexpected \(describeCurrent()), expected ':' after a key")
                }
                object.append(key, try parseValue(depth: depth))
                try expectEndOfValue(closing: UInt8(ascii: "}"))
            } catch {
                var failure = error
                failure.path.append(.key(key))
                throw failure
            }
            if bytes[position] == UInt8(ascii: ",") { position += 1 }
        }
    }

    /// A quoted string or an identifier name (reserved words are fine as keys in ES5, e.g. `{default: 1}`).
    private mutating func parseKey() throws(Failure) -> String {
        guard let byte = byte(at: position) else { throw failure("unexpected end of input, expected a key") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try parseString()
        case UInt8(ascii: "["):
            throw failure("computed keys are not evaluated; a config must be a literal")
        case UInt8(ascii: "."):
            throw failure("spread ('...') is not evaluated; a config must be a literal")
        default:
            guard Self.isIdentifierByte(byte), !Self.isDigit(byte) else {
                throw failure("unexpected \(describeCurrent()), expected a key")
            }
            let start = position
            let word = scanIdentifier()
            guard word.count <= JSONParser.maxStringBytes else {
                throw failure("key longer than \(JSONParser.maxStringBytes) bytes", at: start)
            }
            if Self.word(word, is: "get") || Self.word(word, is: "set") || Self.word(word, is: "async") {
                try skipWhitespaceAndComments()
                if let next = self.byte(at: position), Self.isIdentifierByte(next) {
                    throw failure("accessors and methods (functions) are not evaluated; a config must be a literal",
                                  at: start)
                }
                position = start + word.count
            }
            guard let key = StringText.validated(word) else {
                throw failure("key is not valid UTF-8", at: start)
            }
            return key
        }
    }

    // MARK: Strings

    /// A string in `"`, `'` or backtick quotes. Backtick literals are plain strings unless they contain `${`.
    mutating func parseString() throws(Failure) -> String {
        let start = position
        let quote = bytes[position]
        position += 1
        // Fast path: no escapes and no line breaks, so the bytes between the quotes are the string.
        var cursor = position
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == quote || byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0x0D
                || (byte == UInt8(ascii: "$") && quote == UInt8(ascii: "`")) { break }
            cursor += 1
        }
        if cursor < bytes.count && bytes[cursor] == quote {
            let text = try StringText.unescaped(UnsafeBufferPointer(rebasing: bytes[position..<cursor]), start: start)
            position = cursor + 1
            return text
        }
        return try parseEscapedString(start: start, quote: quote)
    }

    private mutating func parseEscapedString(start: Int, quote: UInt8) throws(Failure) -> String {
        let isTemplate = quote == UInt8(ascii: "`")
        var utf8: [UInt8] = []
        while true {
            guard position < bytes.count else { throw failure("unterminated string", at: start) }
            let byte = bytes[position]
            switch byte {
            case quote:
                position += 1
                return try StringText.decoded(utf8, start: start)
            case UInt8(ascii: "\\"):
                position += 1
                try parseEscape(into: &utf8)
            case 0x0A where !isTemplate, 0x0D where !isTemplate:
                throw failure("unterminated string (a line break inside quotes must be written \\n)", at: start)
            case UInt8(ascii: "$") where isTemplate && self.byte(at: position + 1) == UInt8(ascii: "{"):
                throw failure("template substitutions ('${') are not evaluated; a config must be a literal")
            default:
                utf8.append(byte)
                position += 1
            }
            try StringText.checkLength(utf8.count, start: start)
        }
    }

    /// One escape after a backslash (ECMAScript 2015 §11.8.4 EscapeSequence and LineContinuation). Legacy octal
    /// escapes are refused, as strict mode does; any other character escapes to itself.
    private mutating func parseEscape(into utf8: inout [UInt8]) throws(Failure) {
        let escapeStart = position - 1
        guard position < bytes.count else { throw failure("unterminated string", at: escapeStart) }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "v"): utf8.append(0x0B)
        case UInt8(ascii: "0") where !Self.isDigit(byte(at: position)): utf8.append(0x00)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            throw failure("octal escapes are not allowed; use \\xXX or \\uXXXX", at: escapeStart)
        case UInt8(ascii: "x"):
            let value = try StringEscapes.readHex(bytes, &position, digits: 2, .literal)
            StringEscapes.appendUTF8(try StringEscapes.scalar(value, at: escapeStart, .literal), to: &utf8)
        case UInt8(ascii: "u"):
            StringEscapes.appendUTF8(try parseUnicodeEscape(escapeStart: escapeStart), to: &utf8)
        case 0x0A:  // line continuation
            break
        case 0x0D:
            if byte(at: position) == 0x0A { position += 1 }
        case 0xE2 where byte(at: position) == 0x80 && (byte(at: position + 1) ?? 0) & 0xFE == 0xA8:
            position += 2  // U+2028 / U+2029 line continuation
        default:
            utf8.append(escape)
        }
    }

    /// `\uXXXX` (a UTF-16 surrogate pair is combined; a lone surrogate is refused, as a Swift string cannot hold
    /// it) or `\u{X…}` up to U+10FFFF.
    private mutating func parseUnicodeEscape(escapeStart: Int) throws(Failure) -> Unicode.Scalar {
        if byte(at: position) == UInt8(ascii: "{") {
            position += 1
            var value: UInt32 = 0
            var count = 0
            while let byte = byte(at: position), byte != UInt8(ascii: "}") {
                guard let digit = StringEscapes.hexValue(byte) else {
                    throw failure("unexpected \(describeCurrent()) in \\u{…} escape, expected a hex digit")
                }
                value = value << 4 | UInt32(digit)
                count += 1
                guard value <= 0x10FFFF else { throw failure("\\u{…} escape above U+10FFFF", at: escapeStart) }
                position += 1
            }
            guard count > 0, byte(at: position) == UInt8(ascii: "}") else {
                throw failure("unterminated \\u{…} escape", at: escapeStart)
            }
            position += 1
            return try StringEscapes.scalar(value, at: escapeStart, .literal)
        }
        return try StringEscapes.readUTF16Escape(bytes, &position, escapeStart: escapeStart, .literal)
    }

    // MARK: Numbers

    /// A JS numeric literal with an optional sign: `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    /// or `[+-]? 0x hex`. JSON-shaped literals are converted in place by `JSONScanner.parseNumber`; the JS-only
    /// shapes (`+1`, `.5`, `5.`) are first rewritten to JSON in a small array.
    private mutating func parseNumber() throws(Failure) -> Double {
        // Fast path: a literal that starts as JSON does (a digit, or '-' and a digit) is read by the JSON scanner in
        // one pass. Where the literal is not JSON (`5.`, `0x1F`, `01`, `1e`, `1e999`) that scanner fails, or stops
        // before an identifier byte or a '.'; then the path below reads it from the start, with its own messages.
        if let first = byte(at: position), first != UInt8(ascii: "+"), first != UInt8(ascii: "."),
           Self.isDigit(first) || Self.isDigit(byte(at: position + 1))
        {
            var scanner = JSONScanner(bytes: bytes)
            scanner.position = position
            if let value = try? scanner.parseNumber(),
               !(byte(at: scanner.position).map { Self.isIdentifierByte($0) || $0 == UInt8(ascii: ".") } ?? false)
            {
                position = scanner.position
                return value
            }
        }
        let start = position
        var digitsStart = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            digitsStart += 1
        }
        let next = byte(at: digitsStart)
        if !Self.isDigit(next) && !(next == UInt8(ascii: ".") && Self.isDigit(byte(at: digitsStart + 1))) {
            if next == UInt8(ascii: "I") || next == UInt8(ascii: "N") {
                position = digitsStart
                let word = scanIdentifier()
                if word.elementsEqual("Infinity".utf8) || word.elementsEqual("NaN".utf8) {
                    throw failure("\(String(decoding: word, as: UTF8.self)) is not a finite number and cannot be "
                        + "drawn; use a number or null", at: start)
                }
            }
            if digitsStart == start {  // a '.' not followed by a digit
                let isSpread = byte(at: start + 1) == UInt8(ascii: ".") && byte(at: start + 2) == UInt8(ascii: ".")
                throw failure(isSpread ? "spread ('...') is not evaluated; a config must be a literal"
                                       : "unexpected character '.', expected a value", at: start)
            }
            throw failure("operator '\(Character(Unicode.Scalar(bytes[start])))' applies only to a number literal "
                + "here; expressions are not evaluated", at: start)
        }
        if next == UInt8(ascii: "0"), let x = byte(at: digitsStart + 1), x | 0x20 == UInt8(ascii: "x") {
            position = digitsStart + 2
            return try parseHexNumber(start: start, negative: negative)
        }
        // Measure the literal and note whether it is already JSON.
        var end = digitsStart
        var isJSON = bytes[start] != UInt8(ascii: "+") && bytes[digitsStart] != UInt8(ascii: ".")
        while Self.isDigit(byte(at: end)) { end += 1 }
        if byte(at: end) == UInt8(ascii: ".") {
            end += 1
            if !Self.isDigit(byte(at: end)) { isJSON = false }
            while Self.isDigit(byte(at: end)) { end += 1 }
        }
        if let e = byte(at: end), e | 0x20 == UInt8(ascii: "e") {
            end += 1
            if byte(at: end) == UInt8(ascii: "+") || byte(at: end) == UInt8(ascii: "-") { end += 1 }
            while Self.isDigit(byte(at: end)) { end += 1 }
        }
        if isJSON {
            var scanner = JSONScanner(bytes: bytes)
            scanner.position = start
            do throws(Failure) {
                let value = try scanner.parseNumber()
                position = scanner.position
                return value
            } catch {
                position = start
                throw error
            }
        }
        // Rewrite to JSON: drop '+', put "0" before a leading '.', drop a '.' with no digits after it.
        var json: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        json.reserveCapacity(end - start + 1)
        if bytes[digitsStart] == UInt8(ascii: ".") { json.append(UInt8(ascii: "0")) }
        for i in digitsStart..<end where !(bytes[i] == UInt8(ascii: ".") && !Self.isDigit(byte(at: i + 1))) {
            json.append(bytes[i])
        }
        let result: Result<Double, Failure> = json.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            do throws(Failure) {
                let value = try scanner.parseNumber()
                guard scanner.position == buffer.count else { throw scanner.failure("malformed number") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let value):
            position = end
            return value
        case .failure(let error):
            throw failure(error.message, at: start)
        }
    }

    /// `0x…` digits after the prefix, accumulated in a `Double`: exact up to 2^53 (13 hex digits); longer literals
    /// are rounded at each step, which can differ from correct rounding in the last bit — irrelevant for a chart.
    private mutating func parseHexNumber(start: Int, negative: Bool) throws(Failure) -> Double {
        var value: Double = 0
        let digitsStart = position
        while let byte = byte(at: position), let digit = StringEscapes.hexValue(byte) {
            value = value * 16 + Double(digit)
            position += 1
        }
        guard position > digitsStart else { throw failure("expected a hex digit after 0x") }
        guard value.isFinite else {
            throw failure("number is out of range (it overflows a 64-bit float)", at: start)
        }
        return negative ? -value : value
    }
}

private extension JSONValue {
    /// A string, or a container that may hold one.
    var mayHoldText: Bool {
        switch self {
        case .string, .array, .object: true
        case .null, .bool, .number: false
        }
    }
}
