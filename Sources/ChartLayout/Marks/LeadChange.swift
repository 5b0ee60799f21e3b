public import ChartScene

/// A change of leader between two neighbouring points of a difference series.
public struct LeadCrossing: Hashable, Sendable {
    /// Index of the last point on the old leader's side (or of the first tie point, see `LeadChange.crossings`).
    public var index: Int
    /// Where the difference reaches zero.
    public var x: Double
    /// +1 when the home side now leads (the difference went from negative to positive), −1 otherwise.
    public var newSign: Int

    public init(index: Int, x: Double, newSign: Int) {
        self.index = index
        self.x = x
        self.newSign = newSign
    }
}

/// A filled region between the difference line and zero, in data space (x, difference).
public struct LeadArea: Hashable, Sendable {
    /// +1 above zero (home leads), −1 below.
    public var sign: Int
    /// Closed polygon: starts and ends on the zero line, following the difference polyline in between.
    public var points: [Point]

    public init(sign: Int, points: [Point]) {
        self.sign = sign
        self.points = points
    }
}

/// Who leads a two-sided contest (home vs guest) over time: the difference series, its lead changes and the
/// areas above and below zero for two-colour fills. Linear interpolation between points throughout.
///
/// Conventions:
/// - The difference is home − guest; a point where either side is nil or not finite is a gap.
/// - A gap ends a run: no crossing is reported across it (where the lead changed is unknown) and areas stop there.
/// - Exact zeros are ties, not a side. Touching zero and returning to the same side is not a lead change.
///   When the sign flips through one or more tie points, one crossing is reported at the *first* tie (the moment
///   the old leader lost the lead).
public enum LeadChange {
    /// home[i] − guest[i] for every index of the longer series; nil where either is missing or not finite.
    public static func difference(home: [Double?], guest: [Double?]) -> [Double?] {
        (0..<max(home.count, guest.count)).map { i in
            guard i < home.count, i < guest.count, let h = home[i], let g = guest[i], h.isFinite, g.isFinite
            else { return nil }
            return h - g
        }
    }

    /// Every lead change of `diff` sampled at `xs` (pairs beyond the shorter array are ignored).
    public static func crossings(xs: [Double], diff: [Double?]) -> [LeadCrossing] {
        let n = min(xs.count, diff.count)
        var out: [LeadCrossing] = []
        var lastSign = 0, lastIndex = -1, firstTie: Int?
        for i in 0..<n {
            guard let d = diff[i], d.isFinite, xs[i].isFinite else {
                lastSign = 0; firstTie = nil
                continue
            }
            let s = d > 0 ? 1 : (d < 0 ? -1 : 0)
            if s == 0 {
                if lastSign != 0, firstTie == nil { firstTie = i }
                continue
            }
            if lastSign != 0, s != lastSign {
                if let tie = firstTie {
                    out.append(LeadCrossing(index: tie, x: xs[tie], newSign: s))
                } else if let prev = diff[lastIndex] {
                    out.append(LeadCrossing(index: lastIndex, x: zeroX(xs[lastIndex], prev, xs[i], d), newSign: s))
                }
            }
            lastSign = s
            lastIndex = i
            firstTie = nil
        }
        return out
    }

    /// The difference polyline split into closed polygons above (+1) and below (−1) zero, each dropping to the
    /// zero line at its ends, so the region above can be painted in one colour and the region below in another.
    /// Runs are separated by gaps; a run needs two points to enclose any area; all-zero runs give nothing.
    public static func areas(xs: [Double], diff: [Double?]) -> [LeadArea] {
        let n = min(xs.count, diff.count)
        var out: [LeadArea] = []
        var current: [Point] = []
        var sign = 0

        func finish() {
            if sign != 0, current.count >= 2, let first = current.first, let last = current.last {
                out.append(LeadArea(sign: sign, points: [Point(first.x, 0)] + current + [Point(last.x, 0)]))
            }
            current = []
            sign = 0
        }

        for i in 0..<n {
            guard let d = diff[i], d.isFinite, xs[i].isFinite else {
                finish()
                continue
            }
            let p = Point(xs[i], d)
            let s = d > 0 ? 1 : (d < 0 ? -1 : 0)
            if s != 0, sign != 0, s != sign, let prev = current.last {
                // Opposite sides: close at the zero crossing (the previous point itself when it is a tie).
                let cross = prev.y == 0 ? prev : Point(zeroX(prev.x, prev.y, p.x, p.y), 0)
                if prev.y != 0 { current.append(cross) }
                finish()
                current = [cross]
            }
            if s != 0 { sign = s }
            current.append(p)
        }
        finish()
        return out
    }

    /// The x where the line through (x0, y0) and (x1, y1) crosses zero (y0 and y1 have opposite signs).
    static func zeroX(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        x0 + (x1 - x0) * (y0 / (y0 - y1))
    }
}
