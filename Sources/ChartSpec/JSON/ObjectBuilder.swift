/// The members of one JSON object or object literal as a parser reads them, in input order, refusing a key seen
/// before in the same object: RFC 8259 §4 leaves duplicates to the implementation, and a spec with two `"type"`
/// members is ambiguous. Shared by `JSONScanner` and `JSLiteralScanner`.
struct ObjectBuilder {
    private(set) var members: [JSONMember] = []
    /// Built once the object passes `linearScanLimit` members.
    private var keySet: Set<String>?

    /// Objects up to this size are checked for duplicate keys by a linear scan; larger ones use a set.
    private static let linearScanLimit = 16

    /// Checks that `key`, which starts at `offset`, is new in this object; its value is added by `append` once read.
    mutating func claim(_ key: String, at offset: Int) throws(JSONScanner.Failure) {
        let isDuplicate: Bool
        if members.count < Self.linearScanLimit {
            isDuplicate = members.contains { $0.key == key }
        } else {
            if keySet == nil { keySet = Set(members.map(\.key)) }
            isDuplicate = keySet?.insert(key).inserted == false
        }
        if isDuplicate {
            throw JSONScanner.Failure(offset: offset, message: "duplicate key \(JSONPath.quoted(key))")
        }
    }

    mutating func append(_ key: String, _ value: JSONValue) {
        members.append(JSONMember(key: key, value: value))
    }
}
