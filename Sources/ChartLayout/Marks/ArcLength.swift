public import ChartScene

/// Arc length of built paths, by flattening each Bézier into short chords.
///
/// Used to place data points along their series line as fractions 0…1, so an animation that grows the
/// line can reveal each point as the stroke reaches it.
public enum ArcLength {
    /// Chords per Bézier segment; 16 keeps the error well under a pixel for chart-sized curves.
    public static let chordsPerCurve = 16

    /// The length of `element` when drawn from `start`.
    public static func length(of element: PathElement, from start: Point) -> Double {
        switch element {
        case .move, .close:
            return 0
        case .line(let p):
            return hypot2(p.x - start.x, p.y - start.y)
        case .quad(let c, let p):
            // Power-basis coefficients, evaluated with plain doubles (Point's operators are not inlinable
            // across modules, and this runs for every interval of every series).
            return flattened(ax: start.x - 2 * c.x + p.x, bx: 2 * (c.x - start.x), cx: start.x, dx: 0,
                             ay: start.y - 2 * c.y + p.y, by: 2 * (c.y - start.y), cy: start.y, dy: 0, cubic: false)
        case .cubic(let c1, let c2, let p):
            return flattened(ax: p.x - 3 * c2.x + 3 * c1.x - start.x, bx: 3 * (c2.x - 2 * c1.x + start.x),
                             cx: 3 * (c1.x - start.x), dx: start.x,
                             ay: p.y - 3 * c2.y + 3 * c1.y - start.y, by: 3 * (c2.y - 2 * c1.y + start.y),
                             cy: 3 * (c1.y - start.y), dy: start.y, cubic: true)
        }
    }

    /// How far along a path of length `total` the arc length `length` is, as a share 0…1; nil for an empty path.
    public static func progress(_ length: Double, of total: Double) -> Double? {
        total > 0 ? min(max(length / total, 0), 1) : nil
    }

    /// The end point of an element (where the pen is afterwards), nil for `close`.
    public static func endPoint(of element: PathElement) -> Point? {
        switch element {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): p
        case .close: nil
        }
    }

    /// Sum of chord lengths of x(t) = ax·t³ + bx·t² + cx·t + dx (quadratic: ax·t² + bx·t + cx).
    private static func flattened(ax: Double, bx: Double, cx: Double, dx: Double, ay: Double, by: Double, cy: Double,
                                  dy: Double, cubic: Bool) -> Double {
        func at(_ t: Double) -> (Double, Double) {
            cubic ? (((ax * t + bx) * t + cx) * t + dx, ((ay * t + by) * t + cy) * t + dy)
                : ((ax * t + bx) * t + cx, (ay * t + by) * t + cy)
        }
        var total = 0.0
        var (px, py) = at(0)
        for i in 1...chordsPerCurve {
            let (x, y) = at(Double(i) / Double(chordsPerCurve))
            total += hypot2(x - px, y - py)
            px = x
            py = y
        }
        return total
    }

    private static func hypot2(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }
}
