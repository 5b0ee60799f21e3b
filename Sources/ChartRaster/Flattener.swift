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
    /// Points reserved per subpath up front (a flattened circle needs 17), saving reallocation as it grows.
    static let initialCapacity = 32

    /// The path's subpaths as polylines in device pixels (every point multiplied by `scale`). Subpaths with a
    /// single point are kept (a stroke draws them as dots with round or square caps).
    func flatten(_ path: Path, scale s: Double = 1) -> [Contour] {
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
            case .move(let scenePoint):
                let p = scenePoint * s
                finish(closed: false)
                current = []
                current.reserveCapacity(Self.initialCapacity)
                current.append(p)
                start = p
                last = p
                haveCurrent = true
            case .line(let scenePoint):
                let p = scenePoint * s
                ensureStarted()
                current.append(p)
                last = p
            case .quad(let sc, let sp):
                let c = sc * s, p = sp * s
                ensureStarted()
                let p0 = last
                let n = chordCount((p0 - c * 2 + p).length * 0.25)
                appendChords(n, to: &current) { t in
                    let u = 1 - t
                    return p0 * (u * u) + c * (2 * u * t) + p * (t * t)
                }
                last = p
            case .cubic(let sc1, let sc2, let sp):
                let c1 = sc1 * s, c2 = sc2 * s, p = sp * s
                ensureStarted()
                let p0 = last
                let n = chordCount(max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length) * 0.75)
                appendChords(n, to: &current) { t in
                    let u = 1 - t
                    return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
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

    /// Appends the end points of `n` chords of `curve` (t = 1/n … 1), with the inner ones moved to keep the area.
    ///
    /// A chord cuts off a sliver of about ⅔ · chord · sagitta between itself and the curve (a parabolic segment),
    /// so flattened circles and curves lose area. Each inner vertex is therefore moved by ⅓ of the sum of the bulge
    /// vectors (curve midpoint minus chord midpoint) of its two chords: for a circle this restores the exact area
    /// to second order, and the distance from the curve drops from the sagitta s to at most ⅔ s.
    @inline(__always)
    private func appendChords(_ n: Int, to out: inout [Point], _ curve: (Double) -> Point) {
        let base = out.count
        let inverse = 1 / Double(n)
        var previous = curve(0)
        var previousBulge = Point.zero
        for i in 1...n {
            let p = curve(Double(i) * inverse)
            let bulge = curve((Double(i) - 0.5) * inverse) - (previous + p) * 0.5
            if i > 1 { out[base + i - 2] = out[base + i - 2] + (previousBulge + bulge) * (1.0 / 3) }
            out.append(p)
            previous = p
            previousBulge = bulge
        }
    }

    /// ⌈√(k·M / tol)⌉ clamped to 1…maxChordsPerCurve, where `scaledSecondDifference` is k·M.
    private func chordCount(_ scaledSecondDifference: Double) -> Int {
        let n = (scaledSecondDifference / tolerance).squareRoot().rounded(.up)
        guard n.isFinite else { return Self.maxChordsPerCurve }
        return min(max(Int(n), 1), Self.maxChordsPerCurve)
    }
}
