public import ChartScene
public import ChartSpec

/// Builds the path of one unbroken run of points (x non-decreasing, screen coordinates) for a `Curve`.
///
/// Every curve emits a `move` to the first point and then the same number of elements for each of the
/// n − 1 intervals (`elementsPerInterval`), so interval i always occupies elements
/// `1 + i·k ..< 1 + (i+1)·k`. All control points of interval i stay within x_i…x_(i+1), so a curve
/// never runs backwards; monotone, quadratic and step curves also stay within y_i…y_(i+1).
public enum CurveBuilder {
    /// How many path elements one interval produces.
    public static func elementsPerInterval(_ curve: Curve) -> Int {
        switch curve {
        case .linear, .cubic, .monotone: 1
        case .quadratic: 2
        case .step: 3
        }
    }

    /// Appends the run to `path`: a move to the first point, then the interval elements. A single point
    /// appends only the move (the caller draws a dot for it). `yBounds` clamps the control points of
    /// the cubic (Catmull-Rom) curve, which can overshoot, to the plot.
    public static func append(_ points: [Point], curve: Curve, yBounds: ClosedRange<Double>? = nil,
                              to path: inout Path) {
        guard let first = points.first else { return }
        path.move(to: first)
        guard points.count > 1 else { return }
        switch curve {
        case .linear:
            for p in points.dropFirst() { path.line(to: p) }
        case .step:
            // Mid-step: the value changes halfway between two points.
            for i in 0..<(points.count - 1) {
                let p = points[i], q = points[i + 1], mx = (p.x + q.x) / 2
                path.line(to: Point(mx, p.y))
                path.line(to: Point(mx, q.y))
                path.line(to: q)
            }
        case .quadratic:
            appendQuadratic(points, to: &path)
        case .cubic:
            appendCatmullRom(points, yBounds: yBounds, to: &path)
        case .monotone:
            appendMonotone(points, to: &path)
        }
    }

    /// Quadratic Béziers through the midpoints: each interval p→q is two quads, p→m with its control
    /// level with p and m→q with its control level with q, where m is the midpoint. The curve is
    /// tangent-continuous, passes through every point and the midpoints, and flattens at each datum —
    /// the order-2 construction of the reference articles.
    static func appendQuadratic(_ points: [Point], to path: inout Path) {
        for i in 0..<(points.count - 1) {
            let p = points[i], q = points[i + 1]
            let m = Point((p.x + q.x) / 2, (p.y + q.y) / 2)
            path.quad(to: m, control: Point((p.x + m.x) / 2, p.y))
            path.quad(to: q, control: Point((m.x + q.x) / 2, q.y))
        }
    }

    /// Uniform Catmull-Rom spline converted to cubic Béziers: the tangent at p_i is (p_(i+1) − p_(i−1))/2,
    /// so the Bézier controls are p_i ± tangent/3. End points reuse themselves as missing neighbours.
    /// Control vectors are shortened (keeping direction) to stay within the interval's x range, then
    /// clamped to `yBounds`.
    static func appendCatmullRom(_ points: [Point], yBounds: ClosedRange<Double>?, to path: inout Path) {
        let n = points.count
        for i in 0..<(n - 1) {
            let p0 = points[max(i - 1, 0)], p1 = points[i], p2 = points[i + 1], p3 = points[min(i + 2, n - 1)]
            let h = p2.x - p1.x
            var v1 = (p2 - p0) * (1.0 / 6)
            var v2 = (p3 - p1) * (1.0 / 6)
            if v1.x > h { v1 = h > 0 ? v1 * (h / v1.x) : .zero }
            if v2.x > h { v2 = h > 0 ? v2 * (h / v2.x) : .zero }
            if v1.x < 0 { v1 = .zero }
            if v2.x < 0 { v2 = .zero }
            var c1 = p1 + v1, c2 = p2 - v2
            if let b = yBounds {
                c1.y = min(max(c1.y, b.lowerBound), b.upperBound)
                c2.y = min(max(c2.y, b.lowerBound), b.upperBound)
            }
            path.cubic(to: p2, control1: c1, control2: c2)
        }
    }

    /// Monotone cubic interpolation (Fritsch & Carlson 1980, "Monotone Piecewise Cubic Interpolation"):
    /// secant slopes d_k, tangents averaged where the data keeps direction and zero at extrema, then
    /// limited to the circle α² + β² ≤ 9 (α = m_k/d_k, β = m_(k+1)/d_k). With α, β ≤ 3 the Bézier controls
    /// y_k + m_k·h/3 never pass y_(k+1), so the curve stays within each interval's data range.
    static func appendMonotone(_ points: [Point], to path: inout Path) {
        let n = points.count
        var slopes = [Double](repeating: 0, count: n - 1)
        for k in 0..<(n - 1) {
            let h = points[k + 1].x - points[k].x
            slopes[k] = h > 0 ? (points[k + 1].y - points[k].y) / h : 0
        }
        var tangents = [Double](repeating: 0, count: n)
        tangents[0] = slopes[0]
        tangents[n - 1] = slopes[n - 2]
        for k in 1..<max(n - 1, 1) {
            let a = slopes[k - 1], b = slopes[k]
            tangents[k] = a * b <= 0 ? 0 : (a + b) / 2
        }
        for k in 0..<(n - 1) {
            let d = slopes[k]
            if d == 0 {
                tangents[k] = 0
                tangents[k + 1] = 0
                continue
            }
            let alpha = tangents[k] / d, beta = tangents[k + 1] / d
            let r = alpha * alpha + beta * beta
            if r > 9 {
                let tau = 3 / r.squareRoot()
                tangents[k] = tau * alpha * d
                tangents[k + 1] = tau * beta * d
            }
        }
        for k in 0..<(n - 1) {
            let p = points[k], q = points[k + 1]
            let h = q.x - p.x
            guard h > 0 else {
                path.cubic(to: q, control1: p, control2: q)  // stacked x: a straight segment
                continue
            }
            let third = h / 3
            path.cubic(to: q, control1: Point(p.x + third, p.y + tangents[k] * third),
                       control2: Point(q.x - third, q.y - tangents[k + 1] * third))
        }
    }
}
