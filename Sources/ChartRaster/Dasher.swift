import ChartScene

/// Splits polylines into dashes (SVG `stroke-dasharray` / `stroke-dashoffset` semantics): the pattern restarts at
/// every subpath, an odd-length pattern is repeated to make it even, and a zero-length "on" entry yields a
/// single-point dash that round or square caps turn into a dot.
struct Dasher {
    /// Alternating on/off lengths in device pixels; even count, all finite and ≥ 0, positive sum.
    let pattern: [Double]
    /// Where in the pattern each subpath starts, normalized into 0..<sum.
    let offset: Double

    /// Upper bound on dashes per path. Past it the caller strokes the path solid: a pattern that fine is
    /// indistinguishable from a solid line and would otherwise cost unbounded time and memory.
    static let maxDashes = 100_000

    /// A dasher for `dash` scaled by `scale`, or nil when the pattern means a solid line (empty) or is invalid
    /// (negative, non-finite or all zero — SVG renders those solid too).
    init?(dash: [Double], offset: Double, scale: Double) {
        guard !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 }), offset.isFinite else { return nil }
        let even = dash.count % 2 == 0 ? dash : dash + dash
        let total = even.reduce(0, +) * scale
        guard total > 0, total.isFinite else { return nil }
        pattern = even.map { $0 * scale }
        var o = (offset * scale).truncatingRemainder(dividingBy: total)
        if o < 0 { o += total }
        self.offset = o
    }

    /// The dashes of `contours`, or nil when there would be more than `maxDashes`.
    func dash(_ contours: [Contour]) -> [Contour]? {
        var out: [Contour] = []
        for contour in contours {
            guard let first = contour.points.first else { continue }
            // Position in the pattern after skipping the offset.
            var index = 0
            var remaining = pattern[0]
            var skip = offset
            while skip > remaining {
                skip -= remaining
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
            remaining -= skip
            var on = index % 2 == 0
            var current: [Point] = on ? [first] : []
            var tangent: Point?

            var pts = contour.points
            if contour.closed { pts.append(first) }
            for i in 1..<max(pts.count, 1) {
                let a = pts[i - 1], b = pts[i]
                let length = a.distance(to: b)
                if length == 0 { continue }
                let d = (b - a) * (1 / length)
                tangent = d
                var position = 0.0
                while length - position >= remaining {
                    position += remaining
                    let p = a + d * position
                    if on {
                        current.append(p)
                        out.append(Contour(points: current, closed: false, tangent: d))
                        if out.count > Self.maxDashes { return nil }
                        current = []
                    } else {
                        current = [p]
                    }
                    on.toggle()
                    index = (index + 1) % pattern.count
                    remaining = pattern[index]
                }
                remaining -= length - position
                if on { current.append(b) }
            }
            if on, !current.isEmpty {
                out.append(Contour(points: current, closed: false, tangent: tangent))
            }
        }
        return out
    }
}
