/// Whole percentages of shares that add up to exactly 100, for pie labels.
///
/// Rounding each share on its own can give 101 % or 99 % in total (three thirds round to 33 + 33 + 33). The largest
/// remainder method (Hamilton's method of apportionment, as used to allocate parliament seats) first gives every
/// share the whole part of its percentage, then hands the points still missing to 100 to the shares with the largest
/// fractional parts, one each. Ties go to the larger share, then to the earlier one, so the result is deterministic.
public enum WholePercents {
    /// The whole percentages of `fractions` (shares of a total, summing to 1), in the same order; they sum to 100
    /// when `fractions` has a positive share and sums to 1. Shares that are not finite or not positive get 0 and
    /// take no point.
    public static func of(_ fractions: [Double]) -> [Int] {
        let scaled = fractions.map { $0.isFinite && $0 > 0 ? min($0, 1) * 100 : 0 }
        var whole = scaled.map { Int($0.rounded(.down)) }
        guard scaled.contains(where: { $0 > 0 }) else { return whole }
        let missing = max(0, 100 - whole.reduce(0, +))
        let byRemainder = scaled.indices.filter { scaled[$0] > 0 }.sorted { a, b in
            let ra = scaled[a] - Double(whole[a]), rb = scaled[b] - Double(whole[b])
            if ra != rb { return ra > rb }
            if scaled[a] != scaled[b] { return scaled[a] > scaled[b] }
            return a < b
        }
        // Each remainder is below 1, so fewer points are missing than there are shares (when they sum to 1).
        for i in byRemainder.prefix(missing) { whole[i] += 1 }
        return whole
    }
}
