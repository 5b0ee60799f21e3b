/// The whole history of one zone's local time, as a TZif file gives it: a table of transitions, and the POSIX rule of
/// the footer for instants after the table's last transition.
///
/// Lookups follow RFC 8536 §3.2: before the first transition (or always, in a file without transitions and without a
/// footer) local time is type 0; after the last one it is the footer's rule when there is one, else the last type.
public struct ZoneRules: Hashable, Sendable {
    public let types: [LocalTimeType]
    /// Transition instants, seconds since the epoch, strictly increasing.
    public let transitionTimes: [Int64]
    /// The type (index into `types`) from each transition on.
    public let transitionTypes: [UInt8]
    public let footer: PosixTZRule?

    /// Checked input: `types` is not empty and every index in `transitionTypes` is inside it, `transitionTimes` is
    /// increasing and as long as `transitionTypes` (the reader guarantees it; anything else gets type 0).
    public init(types: [LocalTimeType], transitionTimes: [Int64], transitionTypes: [UInt8], footer: PosixTZRule?) {
        let types = types.isEmpty ? [LocalTimeType(utcOffset: 0, isDaylight: false, abbreviation: "UTC")] : types
        let n = min(transitionTimes.count, transitionTypes.count)
        self.types = types
        self.transitionTimes = Array(transitionTimes.prefix(n))
        self.transitionTypes = transitionTypes.prefix(n).map { Int($0) < types.count ? $0 : 0 }
        self.footer = footer
    }

    /// A zone with one local time type forever.
    public init(fixed type: LocalTimeType) {
        self.init(types: [type], transitionTimes: [], transitionTypes: [], footer: nil)
    }

    /// The local time type in effect at `utcSeconds`.
    public func localTimeType(atUTC utcSeconds: Int64) -> LocalTimeType {
        let utcSeconds = Self.clamp(utcSeconds)
        guard let first = transitionTimes.first else { return footer?.localTimeType(atUTC: utcSeconds) ?? types[0] }
        if utcSeconds < first { return types[0] }
        let i = lastTransition(atOrBefore: utcSeconds)
        if i == transitionTimes.count - 1, utcSeconds > transitionTimes[i], let footer {
            return footer.localTimeType(atUTC: utcSeconds)
        }
        return types[Int(transitionTypes[i])]
    }

    /// Every change of local time (offset, daylight flag or abbreviation) in `from…to` (UTC seconds), in time
    /// order, at most `limit` of them.
    public func transitions(from: Int64, to: Int64, limit: Int = 100_000) -> [ZoneTransition] {
        let from = Self.clamp(from), to = Self.clamp(to)
        guard from <= to, limit > 0 else { return [] }
        var out: [ZoneTransition] = []
        var previous = types[0]
        if let first = transitionTimes.first, first < from {
            previous = localTimeType(atUTC: from - 1)
        }
        var start = transitionTimes.first.map { $0 < from ? lastTransition(atOrBefore: from - 1) + 1 : 0 } ?? 0
        start = min(start, transitionTimes.count)
        for i in start..<transitionTimes.count {
            let at = transitionTimes[i]
            if at > to || out.count >= limit { return out }
            let type = types[Int(transitionTypes[i])]
            if type != previous, at >= from { out.append(ZoneTransition(utcSeconds: at, before: previous, after: type)) }
            previous = type
        }
        guard let footer else { return out }
        // The rule takes over after the table (or from the start, without a table).
        let after = transitionTimes.last ?? Int64.min
        let lower = max(from, after == Int64.min ? from : after + 1)
        guard lower <= to else { return out }
        let firstYear = PosixTZRule.year(of: lower) - 1, lastYear = PosixTZRule.year(of: to) + 1
        // Years are walked in slices so a wide range stops at `limit` without listing every year first.
        var year = firstYear
        while year <= lastYear, out.count < limit {
            let sliceEnd = min(lastYear, year + 99)
            for t in footer.transitions(fromYear: year, toYear: sliceEnd) where t.utcSeconds >= lower && t.utcSeconds <= to {
                guard out.count < limit else { break }
                let before = localTimeType(atUTC: t.utcSeconds - 1)
                if before != t.after { out.append(ZoneTransition(utcSeconds: t.utcSeconds, before: before, after: t.after)) }
            }
            year = sliceEnd + 1
        }
        return out
    }

    /// Instants are read within ±2^50 seconds (±35 million years), far beyond any calendar use, so arithmetic on
    /// them never overflows; the reader refuses transitions outside ±2^59 (the TZif "big bang").
    public static let maxAbsSeconds: Int64 = 1 << 50

    static func clamp(_ t: Int64) -> Int64 { min(max(t, -maxAbsSeconds), maxAbsSeconds) }

    /// The index of the last transition at or before `t` (the caller ensures `transitionTimes[0] <= t`).
    private func lastTransition(atOrBefore t: Int64) -> Int {
        var lo = 0, hi = transitionTimes.count  // transitionTimes[lo] <= t < transitionTimes[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if transitionTimes[mid] <= t { lo = mid } else { hi = mid }
        }
        return lo
    }
}
