/// The bytes of a scanned string literal as a `String`, as both parsers make it (`JSONScanner`,
/// `JSLiteralScanner`): at most `limit` bytes after unescaping (`JSONParser.maxStringBytes` unless a caller says
/// otherwise), and strictly UTF-8.
enum StringText {
    typealias Failure = JSONScanner.Failure

    /// The bytes between the quotes of a string without escapes; `start` is its opening quote, for errors.
    static func unescaped(_ raw: UnsafeBufferPointer<UInt8>, start: Int,
                          limit: Int = JSONParser.maxStringBytes) throws(Failure) -> String {
        guard raw.count <= limit else { throw tooLong(start, limit) }
        guard let text = validated(raw) else { throw notUTF8(start) }
        return text
    }

    /// The unescaped bytes of a string that had escapes, whose length `checkLength` kept within the limit.
    static func decoded(_ utf8: [UInt8], start: Int) throws(Failure) -> String {
        guard let text = utf8.withUnsafeBufferPointer(validated) else { throw notUTF8(start) }
        return text
    }

    /// Throws once the unescaped bytes of a string starting at `start` pass the limit.
    @inline(__always)
    static func checkLength(_ count: Int, start: Int, limit: Int = JSONParser.maxStringBytes) throws(Failure) {
        if count > limit { throw tooLong(start, limit) }
    }

    /// Strict UTF-8 decoding: nil for invalid sequences (never U+FFFD repair). Pure ASCII, the common case,
    /// skips the generic validator.
    static func validated(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var isASCII = true
        for byte in bytes where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func tooLong(_ start: Int, _ limit: Int) -> Failure {
        Failure(offset: start, message: "string longer than \(limit) bytes")
    }

    private static func notUTF8(_ start: Int) -> Failure {
        Failure(offset: start, message: "string is not valid UTF-8")
    }
}
