/// Why a font file or one of its glyphs could not be used.
///
/// A public struct around an open set of codes (the NIO error pattern), so new failure kinds can be added without
/// breaking callers that switch on them. `description` names the file part that was wrong.
public struct FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; compare against the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The file could not be opened or read.
        public static let unreadable = Code("unreadable")
        /// The file is larger than `FontFace.maximumFileSize`.
        public static let tooLarge = Code("tooLarge")
        /// A read ran past the end of the data or of a table.
        public static let truncated = Code("truncated")
        /// A required table (`head`, `hhea`, `maxp`, `hmtx`, `cmap`, `loca`, `glyf`) is absent.
        public static let missingTable = Code("missingTable")
        /// The file uses a format this reader does not implement (CFF outlines, an unknown cmap format…).
        public static let unsupported = Code("unsupported")
        /// A value is out of its allowed range (bad magic number, contour ends out of order, loca not ascending…).
        public static let invalid = Code("invalid")
        /// A collection face index beyond the collection's face count.
        public static let faceIndexOutOfRange = Code("faceIndexOutOfRange")
        /// A composite glyph nests deeper than the limit, refers to itself or expands past the point budget.
        public static let compositeTooComplex = Code("compositeTooComplex")
        /// No font of a font set could be loaded.
        public static let noFontAvailable = Code("noFontAvailable")

        public var description: String { name }
    }

    public let code: Code
    /// A human-readable explanation naming the table or file part.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "font error (\(code)): \(message)" }

    static func truncated(_ what: String, offset: Int, length: Int, size: Int) -> FontError {
        FontError(.truncated, "\(what): \(length) byte(s) at offset \(offset) exceed the \(size) available")
    }
}
