public import ChartSpec

/// A Chart.js config in any form QuickChart accepts, read into a `JSONValue` and never evaluated: a JSON object (a
/// POST body's `chart` member), or text — JSON, a JavaScript object literal (unquoted keys, single quotes, trailing
/// commas, comments; `JSLiteralParser`), or either of those JSON-encoded once more as a string (what QuickChart's
/// Python client sends). For text it keeps the text, so a problem found later can name a line and column.
public struct ChartJSConfig: Sendable {
    public var value: JSONValue
    /// The text `value` was read from (after unwrapping a string-encoded config); nil for a JSON object.
    public var text: [UInt8]?

    public init(value: JSONValue) {
        self.value = value
        self.text = nil
    }

    /// Reads config text. A literal that holds code — a function, an arrow function, a call, an identifier such as
    /// `while` or `Math`, a `new` expression — or a number a chart cannot draw (`Infinity`, `NaN`) is valid syntax
    /// refused for what it says: a 422-style `SpecError` naming its path. Anything else the reader refuses is
    /// malformed (`isMalformedJSON`, a 400). Both give the line and column.
    public init(text: [UInt8]) throws(SpecError) {
        var text = text
        var value = try Self.read(text)
        if case .string(let inner) = value {  // JSON-encoded twice: the string is the config text
            text = Array(inner.utf8)
            value = try Self.read(text)
        }
        self.value = value
        self.text = text
    }

    private static func read(_ text: [UInt8]) throws(SpecError) -> JSONValue {
        do {
            return try JSLiteralParser.parse(text)
        } catch {
            let position = "line \(error.line), column \(error.column)"
            if isRefusedForItsMeaning(error.message) {
                throw SpecError(path: error.path, message: "\(error.message) (\(position))")
            }
            throw SpecError(path: error.path, message: "the config is not a valid literal at \(position): "
                + error.message, isMalformedJSON: true)
        }
    }

    /// Whether a `JSLiteralParser` message refuses well-formed input for its meaning rather than its syntax: every
    /// such message says the input "is not evaluated" or "cannot be drawn" (see JSLiteralParser.swift; the
    /// refusal tests in ChartServiceTests pin each kind).
    static func isRefusedForItsMeaning(_ message: String) -> Bool {
        message.contains("not evaluated") || message.contains("cannot be drawn")
    }

    /// `error` with the line and column of each issue's value appended to its message (for the issues whose path
    /// leads to a value in the text; not the root). Unchanged for a JSON object config.
    public func locating(_ error: SpecError) -> SpecError {
        guard let text else { return error }
        let positions = LiteralSourceLocator(text).positions(of: error.issues.map(\.path))
        var located = error
        for (index, position) in positions.enumerated() where !located.issues[index].path.isEmpty {
            if let (line, column) = position { located.issues[index].message += " (line \(line), column \(column))" }
        }
        return located
    }
}
