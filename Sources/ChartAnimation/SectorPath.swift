#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartScene

extension Path {
    /// The closed outline of `sector` as a pie slice or doughnut segment is drawn: the outer arc clockwise from the
    /// start angle to the end angle, then the inner arc back (or the center when the inner radius is 0). Empty when
    /// the sweep is not positive.
    ///
    /// Arcs are cubic Béziers of at most 90° each, with control points on the end tangents at 4/3·tan(φ/4)·r, the
    /// standard construction that ChartLayout's `ArcGeometry` also uses (its midpoint lies on the circle).
    static func sector(_ sector: Sector) -> Path {
        let start = sector.startAngle, end = Swift.min(sector.endAngle, sector.startAngle + 360)
        guard start.isFinite, end.isFinite, end > start else { return Path() }
        let c = sector.center, outer = sector.outerRadius, inner = sector.innerRadius
        var elements: [PathElement] = [.move(point(c, outer, start))]
        appendArc(c, outer, from: start, to: end, into: &elements)
        if inner > 0 {
            elements.append(.line(point(c, inner, end)))
            appendArc(c, inner, from: end, to: start, into: &elements)
        } else {
            elements.append(.line(c))
        }
        elements.append(.close)
        return Path(elements)
    }

    /// The point at `angle` degrees clockwise from twelve o'clock on the circle of radius `r` about `c`.
    private static func point(_ c: Point, _ r: Double, _ angle: Double) -> Point {
        let a = angle * .pi / 180
        return Point(c.x + r * sin(a), c.y - r * cos(a))
    }

    /// Cubic pieces from `start` to `end` degrees (counter-clockwise when `end` < `start`), continuing the path.
    private static func appendArc(_ c: Point, _ r: Double, from start: Double, to end: Double,
                                  into elements: inout [PathElement]) {
        let sweep = end - start
        let pieces = Swift.max(Int((abs(sweep) / 90).rounded(.up)), 1)
        let phi = sweep / Double(pieces)
        let k = 4 / 3 * tan(phi * .pi / 180 / 4) * r  // signed: a backward arc reverses the tangents
        for i in 0..<pieces {
            let a0 = start + phi * Double(i), a1 = i == pieces - 1 ? end : start + phi * Double(i + 1)
            let p0 = point(c, r, a0), p1 = point(c, r, a1)
            let r0 = a0 * .pi / 180, r1 = a1 * .pi / 180
            // The clockwise unit tangent at angle a is (cos a, sin a).
            elements.append(.cubic(Point(p0.x + k * cos(r0), p0.y + k * sin(r0)),
                                   Point(p1.x - k * cos(r1), p1.y - k * sin(r1)), p1))
        }
    }
}
