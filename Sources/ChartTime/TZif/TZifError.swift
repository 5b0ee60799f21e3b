/// Why bytes are not a usable TZif file (RFC 8536). Hostile or damaged files only ever produce one of these.
public struct TZifError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem, stable for tests and logs.
    public enum Code: String, Hashable, Sendable {
        /// The file does not start with `TZif`.
        case notTZif
        /// A version byte other than 0, `2`, `3` or `4`.
        case unsupportedVersion
        /// A count or record reaches past the end of the data.
        case truncated
        /// A count above the reader's limits (`TZifReader.Limits`).
        case tooLarge
        /// A count the format forbids (no local time types, indicator counts that are neither 0 nor the type count).
        case badCount
        /// A transition's type index or a designation index out of range, or an unterminated designation.
        case badIndex
        /// A UT offset outside −24:59:59…+25:59:59 (RFC 8536 allows no more).
        case badOffset
        /// Transition times that do not increase.
        case unsorted
        /// The POSIX TZ footer is missing its newlines or does not parse.
        case badFooter
    }

    public var code: Code
    /// A short English explanation (no file content is copied into it beyond numbers).
    public var detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { "\(code.rawValue): \(detail)" }
}
