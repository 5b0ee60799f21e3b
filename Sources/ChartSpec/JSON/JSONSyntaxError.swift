/// Malformed JSON: what was wrong, where in the bytes, and (when known) under which JSON path.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Zero-based byte offset of the problem.
    public var offset: Int
    /// One-based line number of `offset`.
    public var line: Int
    /// One-based column of `offset`, counted in bytes from the start of the line.
    public var column: Int
    public var message: String
    /// The JSON path of the value being parsed when the error happened, e.g. `series[0].values`; empty at the top.
    public var path: String

    public init(offset: Int, line: Int, column: Int, message: String, path: String = "") {
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
        self.path = path
    }

    /// The message with its position, without the path: `invalid JSON at line 2, column 5 (byte 9): …`.
    public var positionedMessage: String {
        "invalid JSON at line \(line), column \(column) (byte \(offset)): \(message)"
    }

    public var description: String {
        path.isEmpty ? positionedMessage : "\(path): \(positionedMessage)"
    }
}
