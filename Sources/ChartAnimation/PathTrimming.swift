public import ChartScene

/// Arc length and trimming by arc length: how a stroke is drawn up to a share of its length (a growing line, a
/// sweeping ring), as SVG draws a dash of `e` on a path with `pathLength="1"`.
///
/// Curves are measured by flattening each into n chords, n from Wang's formula (as given in R. Goldman, "Pyramid
/// Algorithms", 2003, §5.6.3): chords stay within `tolerance` of a Bézier of degree d whose control points' second
/// differences are at most M when n = ⌈√(d(d−1)·M / (8·tolerance))⌉. A quadratic is measured as the cubic it
/// equals (degree elevation). The cut keeps the curve: the parameter at the wanted length is read off the chords
/// and the curve split there (de Casteljau), so a trimmed line is the same curve as the whole one, not a polyline.
/// Nothing is allocated but the output path.
extension Path {
    /// The most a chord may stray from its curve when measuring, in px.
    static let tolerance = 0.02
    /// Chords per curve at most (a huge curve is then measured to a relative, not an absolute, error).
    static let maxChords = 1024

    /// The path's length: lines, curves and the closing lines of closed subpaths; moves add nothing.
    public var length: Double {
        var total = 0.0
        forEachSegment { from, element, to in
            total += Self.segmentLength(from, element, to)
            return true
        }
        return total
    }

    /// The path drawn up to `fraction` (0…1) of its `length`: the elements before the cut, then the cut element up
    /// to the cut point. The path itself from 1 on (or for NaN); an empty path at 0 or below and for a path without
    /// length (a zero-length stroke would paint its caps). A closing line that is cut becomes a line.
    public func trimmed(toFraction fraction: Double) -> Path {
        guard fraction < 1 else { return self }
        guard fraction > 0 else { return Path() }
        let total = length
        guard total > 0, total.isFinite else { return fraction.isNaN ? self : Path() }
        var remaining = fraction * total
        var out: [PathElement] = []
        out.reserveCapacity(elements.count)
        forEachSegment { from, element, to in
            let length = Self.segmentLength(from, element, to)
            guard length >= remaining, length > 0 else {
                remaining -= length
                out.append(element)
                return true
            }
            switch element {
            case .quad(let c, let p):
                let (c1, c2) = Self.cubicControls(from, c, p)
                out.append(Self.cubicPrefix(from, c1, c2, p, length: remaining))
            case .cubic(let c1, let c2, let p):
                out.append(Self.cubicPrefix(from, c1, c2, p, length: remaining))
            case .move, .line, .close:
                let u = remaining / length
                out.append(.line(Point(from.x + u * (to.x - from.x), from.y + u * (to.y - from.y))))
            }
            return false
        }
        return Path(out)
    }

    /// Calls `body` with each element (moves too, so a trimmed path keeps them), the point it starts from and the
    /// point it ends at (a close ends at its subpath's start), until `body` returns false.
    private func forEachSegment(_ body: (Point, PathElement, Point) -> Bool) {
        var current = Point(0, 0), start = current
        for e in elements {
            let end: Point
            switch e {
            case .move(let p):
                start = p
                end = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p): end = p
            case .close: end = start
            }
            guard body(current, e, end) else { return }
            current = end
        }
    }

    /// The drawn length of `element` from `from` to `to` (0 for a move).
    private static func segmentLength(_ from: Point, _ element: PathElement, _ to: Point) -> Double {
        switch element {
        case .move: return 0
        case .line, .close: return distance(from, to)
        case .quad(let c, let p):
            let (c1, c2) = cubicControls(from, c, p)
            return cubicLength(from, c1, c2, p)
        case .cubic(let c1, let c2, let p): return cubicLength(from, c1, c2, p)
        }
    }

    /// The control points of the cubic equal to the quadratic p0, c, p (degree elevation: p0 + ⅔(c − p0) and
    /// p + ⅔(c − p)).
    private static func cubicControls(_ p0: Point, _ c: Point, _ p: Point) -> (Point, Point) {
        (Point(p0.x + 2 / 3 * (c.x - p0.x), p0.y + 2 / 3 * (c.y - p0.y)),
         Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y)))
    }

    /// Chords for the cubic by Wang's formula (degree 3: n = ⌈√(0.75·M / tolerance)⌉), 1…`maxChords`.
    private static func chords(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point) -> Int {
        let ax = p0.x - 2 * c1.x + c2.x, ay = p0.y - 2 * c1.y + c2.y
        let bx = c1.x - 2 * c2.x + p3.x, by = c1.y - 2 * c2.y + p3.y
        let m = Swift.max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        let n = (0.75 * m / tolerance).squareRoot().rounded(.up)
        return n.isFinite ? Int(Swift.min(Swift.max(n, 1), Double(maxChords))) : maxChords
    }

    /// The point at parameter `t` of the cubic.
    private static func point(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t: Double) -> Point {
        let s = 1 - t
        let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
        return Point(a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }

    /// The cubic's length as the sum of its chords.
    private static func cubicLength(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point) -> Double {
        let n = chords(p0, c1, c2, p3)
        var total = 0.0, previous = p0
        for i in 1...n {
            let q = point(p0, c1, c2, p3, Double(i) / Double(n))
            total += distance(previous, q)
            previous = q
        }
        return total
    }

    /// The part of the cubic from its start to where `length` of it (measured on the same chords) is drawn: the
    /// parameter is interpolated within the chord that reaches it, and the curve split there by de Casteljau.
    private static func cubicPrefix(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, length: Double)
        -> PathElement
    {
        let n = chords(p0, c1, c2, p3)
        var walked = 0.0, previous = p0, u = 1.0
        for i in 1...n {
            let q = point(p0, c1, c2, p3, Double(i) / Double(n))
            let d = distance(previous, q)
            if walked + d >= length {
                u = (Double(i - 1) + (d > 0 ? (length - walked) / d : 1)) / Double(n)
                break
            }
            walked += d
            previous = q
        }
        func lerp(_ a: Point, _ b: Point) -> Point { Point(a.x + u * (b.x - a.x), a.y + u * (b.y - a.y)) }
        let p01 = lerp(p0, c1), p12 = lerp(c1, c2), p23 = lerp(c2, p3)
        let p012 = lerp(p01, p12), p123 = lerp(p12, p23)
        return .cubic(p01, p012, lerp(p012, p123))
    }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
