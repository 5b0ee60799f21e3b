/// A parsed JSON document (RFC 8259), as produced by `JSONParser`.
///
/// Objects keep their members in input order, because error messages and unknown-field reports follow the
/// order the author wrote. Numbers are always finite: the parser rejects literals that overflow a `Double`.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (always finite).
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, its members in input order.
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
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// The member `key: value`.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
