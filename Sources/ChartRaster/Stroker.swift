import ChartScene
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns polylines into closed outlines whose non-zero fill is the stroke (the approach of Skia's and
/// tiny-skia's stroker): each open polyline becomes one outline — the left offset forward, the end cap, the
/// right offset backward, the start cap — and each closed polyline two loops of opposite direction.
///
/// Joins are drawn on the outer side of a turn only. On the inner side the outline goes through the vertex itself
/// (the "pivot"), which is robust for very short segments and 180° turns: the overlap it creates is inside the
/// stroke, where non-zero winding covers it once.
struct Stroker {
    /// Half the stroke width in device pixels.
    var halfWidth: Double
    var join: LineJoin
    var cap: LineCap
    /// Ratio of miter length to stroke width above which a miter join falls back to bevel (SVG semantics).
    var miterLimit: Double
    /// Flattening tolerance for round joins and caps, in device pixels.
    var tolerance: Double
    /// The largest angle one chord of a round join or cap may span: a chord of angle φ deviates r·(1 − cos(φ/2))
    /// from the circle, kept within `tolerance`.
    private let maxArcStep: Double
    private let cosMaxArcStep: Double
    /// Turns with cos θ above this have their miter tip within `tolerance` of a round join.
    private let cosMiterTipWithinTolerance: Double

    init(halfWidth: Double, join: LineJoin, cap: LineCap, miterLimit: Double, tolerance: Double) {
        self.halfWidth = halfWidth
        self.join = join
        self.cap = cap
        self.miterLimit = miterLimit
        self.tolerance = tolerance
        maxArcStep = max(2 * acos(max(-1, 1 - tolerance / halfWidth)), 1e-3)
        cosMaxArcStep = cos(maxArcStep)
        // r / cos(θ/2) − r ≤ tol ⇔ cos(θ/2) ≥ r / (r + tol) ⇔ cos θ ≥ 2 (r / (r + tol))² − 1.
        let ratio = halfWidth / (halfWidth + tolerance)
        cosMiterTipWithinTolerance = ratio.isFinite ? 2 * ratio * ratio - 1 : 1
    }

    /// Upper bound on chords per arc (a full circle), bounding work for absurd widths.
    static let maxChordsPerArc = 256
    /// Points closer than this (device pixels) are merged; it removes coincident points so every segment
    /// has a direction.
    static let epsilon = 1e-9

    func stroke(_ contours: [Contour]) -> [[Point]] {
        var outlines: [[Point]] = []
        guard halfWidth > 0, halfWidth.isFinite else { return outlines }
        for contour in contours {
            var pts: [Point] = []
            pts.reserveCapacity(contour.points.count)
            for p in contour.points where pts.last.map({ p.distance(to: $0) > Self.epsilon }) ?? true {
                pts.append(p)
            }
            if contour.closed, pts.count > 1, let first = pts.first, let last = pts.last,
               first.distance(to: last) <= Self.epsilon {
                pts.removeLast()
            }
            if pts.count == 1 {
                // A zero-length subpath: SVG draws round and square caps as a dot, butt caps as nothing.
                if let dot = dot(at: pts[0], tangent: contour.tangent ?? Point(1, 0)) { outlines.append(dot) }
            } else if contour.closed && pts.count > 2 {
                outlines.append(closedSide(pts, returning: false))
                outlines.append(closedSide(pts.reversed(), returning: true))
            } else if pts.count == 2 && contour.closed {
                // There and back: no caps, a 180° join at each end — a half disc for round joins, flat otherwise.
                var there = self
                there.cap = join == .round ? .round : .butt
                var outline: [Point] = []
                there.openSide(pts, returning: false, into: &outline)
                there.openSide(pts.reversed(), returning: true, into: &outline)
                outlines.append(outline)
            } else if pts.count >= 2 {
                var outline: [Point] = []
                // Both sides' offset points and the caps' few: most outlines fill it without growing.
                outline.reserveCapacity(pts.count &* 2 &+ 8)
                openSide(pts, returning: false, into: &outline)
                openSide(pts.reversed(), returning: true, into: &outline)
                outlines.append(outline)
            }
        }
        return outlines
    }

    // MARK: - Sides

    /// Unit direction from `a` to `b` (they are at least `epsilon` apart) and their distance.
    private func direction(_ a: Point, _ b: Point) -> (Point, Double) {
        let d = b - a
        let length = d.length
        return (d * (1 / length), length)
    }

    /// The left normal scaled to half the width: the unit direction turned +90° (in x-right, y-down pixels).
    private func normal(_ d: Point) -> Point { Point(-d.y * halfWidth, d.x * halfWidth) }

    /// Appends the offset of `pts` on its +normal side from the first point to the last, then the end cap.
    /// `returning` is true for the second side of an outline (see `joinPoints`).
    private func openSide<C: Collection>(_ pts: C, returning: Bool, into out: inout [Point]) where C.Element == Point {
        let p = Array(pts)
        var (d, length) = direction(p[0], p[1])
        out.append(p[0] + normal(d))
        for i in 1..<(p.count - 1) {
            let (next, nextLength) = direction(p[i], p[i + 1])
            let room = min(length, nextLength)
            if let q = singleJoinPoint(at: p[i], from: d, to: next, room: room, returning: returning) {
                out.append(q)
            } else {
                joinPoints(at: p[i], from: d, to: next, returning: returning, into: &out)
            }
            d = next
            length = nextLength
        }
        let end = p[p.count - 1]
        let n = normal(d)
        out.append(end + n)
        switch cap {
        case .butt:
            break
        case .square:
            let e = d * halfWidth
            out.append(end + n + e)
            out.append(end - n + e)
        case .round:
            arc(center: end, from: n, sweep: -Double.pi, into: &out)
        }
    }

    /// The offset loop of a closed polyline on its +normal side, joined at every vertex.
    private func closedSide<C: Collection>(_ pts: C, returning: Bool) -> [Point] where C.Element == Point {
        let p = Array(pts)
        let count = p.count
        var out: [Point] = []
        out.reserveCapacity(count * 3)
        var (d, length) = direction(p[count - 1], p[0])
        for i in 0..<count {
            let (next, nextLength) = direction(p[i], p[(i + 1) % count])
            let room = min(length, nextLength)
            if let q = singleJoinPoint(at: p[i], from: d, to: next, room: room, returning: returning) {
                out.append(q)
            } else {
                joinPoints(at: p[i], from: d, to: next, returning: returning, into: &out)
            }
            d = next
            length = nextLength
        }
        return out
    }

    /// The join at `v` when it is one outline point, nil when it needs more (`joinPoints` then appends them).
    ///
    /// Gentle turns, which is what flattened curves are made of, cost one outline point per side instead of two or
    /// three: the offset lines' intersection v + (a + b) / (1 + cos θ). On the inner side it lies r·tan(θ/2) back
    /// along each segment (tan(θ/2) = |cross| / (1 + dot)), so it is used while that stays within half the shorter
    /// segment (two neighbouring joins then never overlap); on the outer side it is the miter tip, exact for a miter
    /// join and used for a round one while it stays within `tolerance` of the arc (r / cos(θ/2) − r ≤ tolerance, the
    /// same error bound as the arc's chords). Straight on, the two offsets meet at v + a. Inlined into the sides'
    /// loops: most vertices of a flattened curve are such turns, and this saves them a call and its argument traffic.
    @inline(__always)
    private func singleJoinPoint(at v: Point, from din: Point, to dout: Point, room: Double, returning: Bool)
        -> Point? {
        let a = normal(din), b = normal(dout)
        let cross = din.x * dout.y - din.y * dout.x
        let dot = din.x * dout.x + din.y * dout.y
        let reversal = abs(cross) <= 1e-12 && dot < 0
        let meetsNearby = dot > 0 && halfWidth * abs(cross) <= 0.5 * room * (1 + dot)
        if cross > 1e-12 || (reversal && returning) {
            return meetsNearby ? v + (a + b) * (1 / (1 + dot)) : nil
        }
        if cross > -1e-12 && dot > 0 { return v + a }
        if meetsNearby && ((join == .round && dot > cosMiterTipWithinTolerance)
                           || (join == .miter && 1 / ((1 + dot) / 2).squareRoot() <= miterLimit)) {
            return v + (a + b) * (1 / (1 + dot))
        }
        return nil
    }

    /// The outline points at vertex `v` between incoming direction `din` and outgoing `dout`, on the +normal side,
    /// where `singleJoinPoint` gives none (the sides' loops ask it first).
    ///
    /// A 180° turn has no inner side: both sides of the outline see an outer turn at the same place. The first
    /// side draws the join; the `returning` side goes through the pivot, so the join is not drawn twice (two
    /// coincident boundaries would double the coverage of its antialiased edge pixels).
    ///
    /// What is left here: an inner side whose offsets do not meet within half of each segment (a sharp turn or short
    /// segments) goes through the pivot, which is robust whatever the lengths; an outer side gets its join.
    private func joinPoints(at v: Point, from din: Point, to dout: Point, returning: Bool, into out: inout [Point]) {
        let a = normal(din), b = normal(dout)
        let cross = din.x * dout.y - din.y * dout.x
        let dot = din.x * dout.x + din.y * dout.y
        let reversal = abs(cross) <= 1e-12 && dot < 0
        if cross > 1e-12 || (reversal && returning) {
            out.append(v + a)
            out.append(v)
            out.append(v + b)
            return
        }
        out.append(v + a)
        switch join {
        case .bevel:
            break
        case .miter:
            // The miter tip is v + (a + b) / (1 + cos θ); its length over the width is 1 / cos(θ/2).
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 0, 1 / cosHalf <= miterLimit {
                out.append(v + (a + b) * (1 / (1 + dot)))
            }
        case .round:
            // A turn within one chord's angle is a single chord (cos θ > cos maxArcStep): no atan2 needed.
            if cross < -1e-12 && dot > cosMaxArcStep { break }
            // The turn is clockwise (negative) on the outer side; a 180° turn sweeps −π through the forward side.
            let sweep = (cross > -1e-12) ? -Double.pi : -abs(atan2(cross, dot))
            arc(center: v, from: a, sweep: sweep, into: &out)
            return
        }
        out.append(v + b)
    }

    /// Appends the points of the arc of radius |r| around `center` starting at `center + r` (not appended)
    /// and turning by `sweep` radians; the end point is appended.
    ///
    /// Inner vertices sit slightly outside the circle, at radius k·r, so the polygon has the arc's area: with chord
    /// angle φ, n chords of which two touch the fixed end points, ½ r² sin φ · (2k + (n − 2)k²) = ½ r² · nφ.
    private func arc(center: Point, from r: Point, sweep: Double, into out: inout [Point]) {
        let n = arcChords(for: abs(sweep))
        let step = sweep / Double(n)
        let c = cos(step), s = sin(step)
        let phi = abs(step)
        var k = 1.0
        if n >= 2 && phi > 1e-6 {
            let ratio = phi / abs(s)
            k = n == 2 ? ratio : ((1 + Double((n - 2) * n) * ratio).squareRoot() - 1) / Double(n - 2)
        }
        var v = r
        for i in 0..<n {
            v = Point(v.x * c - v.y * s, v.x * s + v.y * c)
            out.append(i == n - 1 ? center + v : center + v * k)
        }
    }

    /// Chords for an arc of `angle` radians at radius `halfWidth`.
    private func arcChords(for angle: Double) -> Int {
        let n = (angle / maxArcStep).rounded(.up)
        return min(max(Int(n), 1), Self.maxChordsPerArc)
    }

    /// The outline of a stroked single point: a circle for round caps, a square turned along `tangent` for square caps.
    private func dot(at p: Point, tangent: Point) -> [Point]? {
        switch cap {
        case .butt:
            return nil
        case .round:
            var out: [Point] = []
            out.append(p + Point(halfWidth, 0))
            arc(center: p, from: Point(halfWidth, 0), sweep: 2 * Double.pi, into: &out)
            return out
        case .square:
            let len = tangent.length
            let d = len > 0 ? tangent * (halfWidth / len) : Point(halfWidth, 0)
            let n = Point(-d.y, d.x)
            return [p - d - n, p + d - n, p + d + n, p - d + n]
        }
    }
}
