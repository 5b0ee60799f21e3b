/// Close names for a misspelt zone: the fewest single-character edits (insertions, deletions, substitutions and
/// swaps of neighbours — the optimal-string-alignment distance), ignoring case, so `America/Chicgo` suggests
/// `America/Chicago` and `europe/paris` suggests `Europe/Paris`.
enum ZoneSuggestions {
    /// The names nearest to `name` (up to `limit`, all at the same, smallest distance), if that distance is within
    /// `maxDistance(for:)`. The work is bounded: names are at most `ZoneName.maxLength` long and those whose length
    /// differs by more than the allowed distance are skipped before any table is filled.
    static func closest(to name: String, among names: [String], limit: Int = 3) -> [String] {
        let target = Array(name.utf8.prefix(ZoneName.maxLength)).map(lower)
        var allowed = maxDistance(for: target.count)
        var found: [String] = []
        for candidate in names {
            let c = Array(candidate.utf8.prefix(ZoneName.maxLength)).map(lower)
            guard abs(c.count - target.count) <= allowed else { continue }
            let d = distance(target, c)
            if d < allowed {
                allowed = d
                found = []
            }
            if d == allowed, !found.contains(candidate) { found.append(candidate) }
        }
        return Array(found.sorted().prefix(limit))
    }

    /// A fifth of the name's length, between 1 and 3 edits.
    static func maxDistance(for length: Int) -> Int { min(3, max(1, length / 5)) }

    /// The optimal-string-alignment distance (Levenshtein with swaps of neighbours), with three rows.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    private static func lower(_ c: UInt8) -> UInt8 {
        c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c | 0x20 : c
    }
}
