import ChartScene

/// A table-driven reader for one JSON object kind: each known field is one entry saying how to decode it into
/// `Target`. Unknown fields are reported with a did-you-mean suggestion; required fields that are missing are
/// reported too. Adding a field to the spec is adding one entry.
struct FieldTable<Target>: Sendable {
    /// One known field. `decode` gets the target, the value, the field's JSON path and the diagnostics.
    struct Field: Sendable {
        let name: String
        let decode: @Sendable (inout Target, JSONValue, String, inout Diagnostics) -> Void
    }

    let fields: [Field]
    let required: [String]
    private let index: [String: Int]

    init(_ fields: [Field], required: [String] = []) {
        self.fields = fields
        self.required = required
        var index: [String: Int] = [:]
        for (i, field) in fields.enumerated() {
            index[field.name] = i
        }
        self.index = index
    }

    var names: [String] { fields.map(\.name) }

    /// Decodes `members` into `target`, in input order. Returns the names of the known fields present.
    @discardableResult
    func decode(_ members: [JSONMember], at path: String, into target: inout Target,
                _ diagnostics: inout Diagnostics) -> Set<String>
    {
        var present: Set<String> = []
        for member in members {
            let memberPath = JSONPath.member(path, member.key)
            guard let i = index[member.key] else {
                if diagnostics.isFull {
                    diagnostics.report(memberPath, "unknown field")
                } else if let suggestion = FieldSuggestion.closest(to: member.key, among: names) {
                    diagnostics.report(memberPath, "unknown field (did you mean \"\(suggestion)\"?)")
                } else {
                    diagnostics.report(memberPath, "unknown field; known fields are \(names.joined(separator: ", "))")
                }
                continue
            }
            present.insert(member.key)
            fields[i].decode(&target, member.value, memberPath, &diagnostics)
        }
        for name in required where !present.contains(name) {
            diagnostics.report(JSONPath.member(path, name), "required field is missing")
        }
        return present
    }
}

/// Field constructors for the common shapes, so a table entry is one line:
/// `.number("lineWidth", \.lineWidth, 0.25...32)`.
extension FieldTable.Field {
    /// Where a decoded value goes. Key path literals of value types are `Sendable` (SE-0418).
    typealias Key<Value> = any WritableKeyPath<Target, Value> & Sendable

    static func custom(
        _ name: String, _ decode: @escaping @Sendable (inout Target, JSONValue, String, inout Diagnostics) -> Void
    ) -> Self {
        Self(name: name, decode: decode)
    }

    static func number(_ name: String, _ key: Key<Double>,
                       _ range: ClosedRange<Double>) -> Self
    {
        Self(name: name) { target, value, path, diagnostics in
            if let number = diagnostics.number(value, path, in: range) { target[keyPath: key] = number }
        }
    }

    static func number(_ name: String, _ key: Key<Double?>) -> Self {
        Self(name: name) { target, value, path, diagnostics in
            if let number = diagnostics.number(value, path) { target[keyPath: key] = number }
        }
    }

    /// A whole number stored as `Double` (canvas sizes).
    static func wholeNumber(_ name: String, _ key: Key<Double>,
                            _ range: ClosedRange<Int>) -> Self
    {
        Self(name: name) { target, value, path, diagnostics in
            if let number = diagnostics.integer(value, path, in: range) { target[keyPath: key] = Double(number) }
        }
    }

    static func integer(_ name: String, _ key: Key<Int>,
                        _ range: ClosedRange<Int>) -> Self
    {
        Self(name: name) { target, value, path, diagnostics in
            if let number = diagnostics.integer(value, path, in: range) { target[keyPath: key] = number }
        }
    }

    static func integer(_ name: String, _ key: Key<Int?>,
                        _ range: ClosedRange<Int>) -> Self
    {
        Self(name: name) { target, value, path, diagnostics in
            if let number = diagnostics.integer(value, path, in: range) { target[keyPath: key] = number }
        }
    }

    static func bool(_ name: String, _ key: Key<Bool>) -> Self {
        Self(name: name) { target, value, path, diagnostics in
            if let flag = diagnostics.bool(value, path) { target[keyPath: key] = flag }
        }
    }

    static func bool(_ name: String, _ key: Key<Bool?>) -> Self {
        Self(name: name) { target, value, path, diagnostics in
            if let flag = diagnostics.bool(value, path) { target[keyPath: key] = flag }
        }
    }

    static func text(_ name: String, _ key: Key<String?>) -> Self {
        Self(name: name) { target, value, path, diagnostics in
            if let text = diagnostics.text(value, path) { target[keyPath: key] = text }
        }
    }

    static func choice<E: RawRepresentable & CaseIterable & Sendable>(_ name: String, _ key: Key<E>)
        -> Self where E.RawValue == String
    {
        Self(name: name) { target, value, path, diagnostics in
            if let choice = diagnostics.choice(E.self, value, path) { target[keyPath: key] = choice }
        }
    }

    static func choice<E: RawRepresentable & CaseIterable & Sendable>(_ name: String, _ key: Key<E?>)
        -> Self where E.RawValue == String
    {
        Self(name: name) { target, value, path, diagnostics in
            if let choice = diagnostics.choice(E.self, value, path) { target[keyPath: key] = choice }
        }
    }

    static func color(_ name: String, _ key: Key<Color?>) -> Self {
        Self(name: name) { target, value, path, diagnostics in
            if let color = diagnostics.color(value, path) { target[keyPath: key] = color }
        }
    }

    static func colors(_ name: String, _ key: Key<[Color]>,
                       _ count: ClosedRange<Int>) -> Self
    {
        Self(name: name) { target, value, path, diagnostics in
            if let colors = diagnostics.colors(value, path, count: count) { target[keyPath: key] = colors }
        }
    }

    static func colors(_ name: String, _ key: Key<[Color]?>,
                       _ count: ClosedRange<Int>) -> Self
    {
        Self(name: name) { target, value, path, diagnostics in
            if let colors = diagnostics.colors(value, path, count: count) { target[keyPath: key] = colors }
        }
    }

    static func dash(_ name: String, _ key: Key<[Double]>) -> Self {
        Self(name: name) { target, value, path, diagnostics in
            if let dash = diagnostics.dash(value, path) { target[keyPath: key] = dash }
        }
    }

    /// A field that only selects the table (an annotation's `type`); its value was checked by the caller.
    static func discriminator(_ name: String) -> Self {
        Self(name: name) { _, _, _, _ in }
    }
}

/// "Did you mean" for unknown field names.
enum FieldSuggestion {
    /// Keys longer than this are not compared (bounds the work an adversarial key can cause).
    static let maxComparedLength = 40

    /// The known name closest to `key` (case-insensitive optimal string alignment distance), if close enough:
    /// distance ≤ 2 and less than half the name's length, so `colour` → `color` but `x` does not suggest `y`.
    static func closest(to key: String, among names: [String]) -> String? {
        guard key.utf8.count <= maxComparedLength else { return nil }
        let typed = Array(key.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = editDistance(typed, Array(name.lowercased().unicodeScalars))
            if distance <= 2, distance * 2 < name.count, distance < (best?.distance ?? .max) {
                best = (name, distance)
            }
        }
        return best?.name
    }

    /// Optimal string alignment distance: Levenshtein plus adjacent transpositions (`widht` → `width` is 1).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
