import ChartScene

/// One subpath as a polyline in device pixels.
struct Contour {
    var points: [Point]
    /// Closed by a `close` element (strokes join the last point back to the first; fills always close).
    var closed: Bool
    /// Direction for the caps of a contour that is a single point (a zero-length dash or subpath); x when nil.
    var tangent: Point? = nil
}

/// Replaces Bézier curves by chords no farther than `tolerance` device pixels from the curve.
///
/// The number of chords comes from Wang's formula (Wang 1984, also used by Skia): a degree-d curve split
/// into n equal parameter steps stays within `tol` of its chords when n ≥ √(d(d−1)/8 · M / tol), where M is the
/// largest second difference of the control points. A nearly straight curve therefore gets one chord.
struct Flattener {
    /// Maximum distance in device pixels between a curve and its chords.
    var tolerance: Double
    /// Upper bound on chords per curve, so a curve with absurd control points cannot explode the edge list.
    static let maxChordsPerCurve = 512

    /// The path (already in device pixels) as polylines, one per subpath. Subpaths with a single point are
    /// kept (a stroke draws them as dots with round or square caps).
    func flatten(_ path: Path) -> [Contour] {
        var contours: [Contour] = []
        var current: [Point] = []
        var start = Point.zero
        var last = Point.zero
        var haveCurrent = false

        func finish(closed: Bool) {
            if haveCurrent { contours.append(Contour(points: current, closed: closed)) }
            current = []
            haveCurrent = false
        }
        func ensureStarted() {
            if !haveCurrent {
                current = [last]
                start = last
                haveCurrent = true
            }
        }

        for element in path.elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                current = [p]
                start = p
                last = p
                haveCurrent = true
            case .line(let p):
                ensureStarted()
                current.append(p)
                last = p
            case .quad(let c, let p):
                ensureStarted()
                let m = (last - c * 2 + p).length
                let n = chordCount(m * 0.25)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(last * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                last = p
            case .cubic(let c1, let c2, let p):
                ensureStarted()
                let m = max((last - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
                let n = chordCount(m * 0.75)
                let p0 = last
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
                last = p
            case .close:
                if haveCurrent {
                    finish(closed: true)
                    last = start
                }
            }
        }
        finish(closed: false)
        return contours
    }

    /// ⌈√(k·M / tol)⌉ clamped to 1…maxChordsPerCurve, where `scaledSecondDifference` is k·M.
    private func chordCount(_ scaledSecondDifference: Double) -> Int {
        let n = (scaledSecondDifference / tolerance).squareRoot().rounded(.up)
        guard n.isFinite else { return Self.maxChordsPerCurve }
        return min(max(Int(n), 1), Self.maxChordsPerCurve)
    }
}
