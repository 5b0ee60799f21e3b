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
