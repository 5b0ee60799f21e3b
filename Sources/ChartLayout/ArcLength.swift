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
            return start.distance(to: p)
        case .quad(let c, let p):
            return flattened(chordsPerCurve) { t in
                let u = 1 - t
                return start * (u * u) + c * (2 * u * t) + p * (t * t)
            }
        case .cubic(let c1, let c2, let p):
            return flattened(chordsPerCurve) { t in
                let u = 1 - t
                return start * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
            }
        }
    }

    /// The end point of an element (where the pen is afterwards), nil for `close`.
    public static func endPoint(of element: PathElement) -> Point? {
        switch element {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): p
        case .close: nil
        }
    }

    private static func flattened(_ chords: Int, _ point: (Double) -> Point) -> Double {
        var total = 0.0
        var previous = point(0)
        for i in 1...chords {
            let next = point(Double(i) / Double(chords))
            total += previous.distance(to: next)
            previous = next
        }
        return total
    }
}
