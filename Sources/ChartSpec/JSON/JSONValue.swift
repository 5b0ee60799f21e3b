/// A parsed JSON document (RFC 8259), as produced by `JSONParser`.
///
/// Objects keep their members in input order, because error messages and unknown-field reports follow the
/// order the author wrote. Numbers are always finite: the parser rejects literals that overflow a `Double`.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The JSON type with an article, for messages such as "expected a number, got a string".
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object. Keys are unique within an object (the parser rejects duplicates).
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
