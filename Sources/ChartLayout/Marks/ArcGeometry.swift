#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import ChartScene

/// Circular arcs as cubic Béziers, for rings, gauges, pies and doughnuts.
///
/// Angles are in degrees, measured clockwise from twelve o'clock on screen (y grows downward), so 90° is three
/// o'clock. An arc is split into pieces of at most 90°; each piece of sweep φ gets control points on the end tangents
/// at distance 4/3·tan(φ/4)·r, the standard choice that puts the curve's midpoint exactly on the circle
/// (see e.g. A. Riškus, "Approximation of a cubic Bézier curve by circular arcs and vice versa", 2006); for 90° the
/// radial error is at most about 0.027 % of r.
public enum ArcGeometry {
    /// The point at `angle` degrees (clockwise from twelve o'clock) on the circle.
    public static func point(center: Point, radius: Double, angle: Double) -> Point {
        let a = angle * .pi / 180
        return Point(center.x + radius * sin(a), center.y - radius * cos(a))
    }

    /// Cubic segments from `start` to `end` degrees, continuing from the point at `start` (no move is emitted).
    /// Clockwise when `end` > `start`, counter-clockwise otherwise; sweeps beyond 360° are cut to one full turn.
    public static func arcElements(center: Point, radius: Double, from start: Double, to end: Double)
        -> [PathElement] {
        guard start.isFinite, end.isFinite, radius.isFinite else { return [] }
        let sweep = min(max(end - start, -360), 360)
        guard sweep != 0 else { return [] }
        let pieces = Int((abs(sweep) / 90).rounded(.up))
        let phi = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(phi * .pi / 180 / 4) * radius  // signed: negative sweeps reverse the tangents
        var out: [PathElement] = []
        out.reserveCapacity(pieces)
        for i in 0..<pieces {
            let a0 = start + phi * Double(i)
            // The last piece ends exactly at start + sweep, not at an accumulated sum.
            let a1 = i == pieces - 1 ? start + sweep : start + phi * Double(i + 1)
            let p0 = point(center: center, radius: radius, angle: a0)
            let p1 = point(center: center, radius: radius, angle: a1)
            // Unit tangents in the clockwise direction at angle a: (cos a, sin a).
            let r0 = a0 * .pi / 180, r1 = a1 * .pi / 180
            let c1 = Point(p0.x + k * cos(r0), p0.y + k * sin(r0))
            let c2 = Point(p1.x - k * cos(r1), p1.y - k * sin(r1))
            out.append(.cubic(c1, c2, p1))
        }
        return out
    }

    /// The angle (degrees) at which a ring showing `fraction` of a full turn ends: 360 × fraction, clamped to
    /// [0, 360] so values above 1 draw a full circle and never wrap; NaN counts as 0.
    public static func ringEndAngle(fraction: Double) -> Double {
        guard fraction.isFinite else { return fraction == .infinity ? 360 : 0 }
        return min(max(fraction, 0), 1) * 360
    }

    /// The arc path of a progress ring: from twelve o'clock clockwise to `ringEndAngle(fraction:)` (a full turn
    /// closed, see `ringArc(center:radius:from:to:)`). Empty for a zero fraction (a zero-length stroke would paint a
    /// dot with round caps).
    public static func ringArc(center: Point, radius: Double, fraction: Double) -> Path {
        ringArc(center: center, radius: radius, from: 0, to: ringEndAngle(fraction: fraction))
    }

    /// An arc path from `start` to `end` degrees clockwise (`end` is clamped to [start, start + 360]): open, or
    /// closed when it is a full turn unless `openFullTurn` (an overdue ring's last lap shows its end). A full turn
    /// drawn open meets itself at `start` with two caps, whose antialiased edges overlap there and paint a visible
    /// seam; closed, its stroke is two clean loops.
    public static func ringArc(center: Point, radius: Double, from start: Double, to end: Double,
                               openFullTurn: Bool = false) -> Path {
        let end = min(max(end, start), start + 360)
        guard end > start else { return Path() }
        var path = Path([.move(point(center: center, radius: radius, angle: start))])
        path.append(contentsOf: Path(arcElements(center: center, radius: radius, from: start, to: end)))
        if end - start >= 360 && !openFullTurn { path.close() }
        return path
    }

    /// The closed outline of a pie slice (inner radius 0) or doughnut segment from `start` to `end` degrees
    /// clockwise: outer arc, then the inner arc backwards (or the center). A sweep of 360° or more gives a full disc
    /// or annulus (outer circle clockwise, inner circle counter-clockwise, so either fill rule leaves the hole).
    /// Empty when the sweep is not positive or the outer radius is not above the inner one.
    public static func slice(center: Point, outerRadius: Double, innerRadius: Double = 0, from start: Double,
                             to end: Double) -> Path {
        let inner = max(0, innerRadius)
        guard start.isFinite, end.isFinite, end > start, outerRadius > inner else { return Path() }
        let sweep = min(end - start, 360)
        var path = Path([.move(point(center: center, radius: outerRadius, angle: start))])
        path.append(contentsOf: Path(arcElements(center: center, radius: outerRadius, from: start,
                                                 to: start + sweep)))
        if sweep >= 360 {
            path.close()
            if inner > 0 {
                path.move(to: point(center: center, radius: inner, angle: start))
                path.append(contentsOf: Path(arcElements(center: center, radius: inner, from: start,
                                                         to: start - 360)))
                path.close()
            }
            return path
        }
        if inner > 0 {
            path.line(to: point(center: center, radius: inner, angle: start + sweep))
            path.append(contentsOf: Path(arcElements(center: center, radius: inner, from: start + sweep,
                                                     to: start)))
        } else {
            path.line(to: center)
        }
        path.close()
        return path
    }
}
