/// An ordered list of header fields with case-insensitive name lookup (RFC 9110 §5.1).
///
/// Order and repetition are kept as received, because the framing rules care about repeated fields.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    public private(set) var fields: [Element]

    public init(_ fields: [Element] = []) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { (name: $0.0, value: $0.1) }
    }

    public func makeIterator() -> IndexingIterator<[Element]> { fields.makeIterator() }

    public var count: Int { fields.count }

    /// The first value of `name`, or nil.
    public subscript(name: String) -> String? {
        fields.first { Self.equalNames($0.name, name) }?.value
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.equalNames($0.name, name) }.map(\.value)
    }

    /// Whether `name` is present at all.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.equalNames($0.name, name) }
    }

    /// Appends a field, keeping any existing ones of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.equalNames($0.name, name) }
    }

    /// Whether a comma-separated header (such as `Connection`) lists `token`, ignoring case and spaces.
    public func listContains(_ name: String, token: String) -> Bool {
        values(for: name).contains { value in
            value.split(separator: ",").contains { Self.equalNames(trimmed($0), token) }
        }
    }

    /// ASCII case-insensitive comparison; header names are tokens, so ASCII folding is exact.
    static func equalNames(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        let a = a.utf8, b = b.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { asciiLower($0) == asciiLower($1) }
    }
}

@inline(__always) func asciiLower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
}

/// `text` without leading and trailing spaces and tabs (HTTP's OWS).
func trimmed(_ text: some StringProtocol) -> Substring {
    let s = Substring(text)
    guard let start = s.firstIndex(where: { $0 != " " && $0 != "\t" }),
        let end = s.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return s[start...end]
}
