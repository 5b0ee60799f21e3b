public import ChartScene
public import ChartSpec

/// Builds the path of one unbroken run of points (x non-decreasing, screen coordinates) for a `Curve`.
///
/// Every curve emits a `move` to the first point and then the same number of elements for each of the
/// n − 1 intervals (`elementsPerInterval`), so interval i always occupies elements
/// `1 + i·k ..< 1 + (i+1)·k`. All control points of interval i stay within x_i…x_(i+1), so a curve
/// never runs backwards; monotone, quadratic and step curves also stay within y_i…y_(i+1), and the cubic within
/// the values of the four points that shape the interval. Every rule is invariant under affine maps of y
/// (and x): rescaling the axis rescales the path, so a curve's shape never depends on the axis extent.
public enum CurveBuilder {
    /// How many path elements one interval produces.
    public static func elementsPerInterval(_ curve: Curve) -> Int {
        switch curve {
        case .linear, .quadratic, .cubic, .monotone: 1
        case .stepBefore, .stepAfter: 2
        case .step: 3
        }
    }

    /// Appends the run to `path`: a move to the first point, then the interval elements. A single point
    /// appends only the move (the caller draws a dot for it).
    public static func append(_ points: [Point], curve: Curve, to path: inout Path) {
        guard let first = points.first else { return }
        path.move(to: first)
        guard points.count > 1 else { return }
        switch curve {
        case .linear:
            for p in points.dropFirst() { path.line(to: p) }
        case .step, .stepBefore, .stepAfter:
            appendSteps(points, curve: curve, to: &path)
        case .quadratic:
            appendQuadratic(points, to: &path)
        case .cubic:
            appendCatmullRom(points, to: &path)
        case .monotone:
            appendMonotone(points, to: &path)
        }
    }

    /// Steps between p and q, with Chart.js's meanings (`_steppedLineTo` in its helpers.canvas): `step` changes
    /// value halfway (`'middle'`), `stepBefore` holds p's value to q's x and jumps there (`true` / `'before'`),
    /// `stepAfter` jumps at p's x and holds q's value to q (`'after'`).
    static func appendSteps(_ points: [Point], curve: Curve, to path: inout Path) {
        for i in 0..<(points.count - 1) {
            let p = points[i], q = points[i + 1]
            switch curve {
            case .stepBefore:
                path.line(to: Point(q.x, p.y))
            case .stepAfter:
                path.line(to: Point(p.x, q.y))
            default:
                let mx = (p.x + q.x) / 2
                path.line(to: Point(mx, p.y))
                path.line(to: Point(mx, q.y))
            }
            path.line(to: q)
        }
    }

    /// One quadratic Bézier per interval, its control point above the interval's middle x, offset from the chord's
    /// midpoint in proportion to the interval's rise — the order-2 curve of the seed articles (controlY = chord
    /// midpoint − k·Δvalue). Here the offset is chosen per interval, not fixed: with the control at mid-x the slopes
    /// at the two ends are d + e and d − e (d the secant slope), so e = (m_i − m_(i+1))/2 fits the Fritsch–Carlson
    /// tangents m of both ends best in least squares. An end that is an extremum (m = 0) is met exactly, so peaks
    /// stay flat; otherwise |e| ≤ |d|/2, so inside a monotone run every slope is at least half the secant (no
    /// flat shelves) and the control stays within y_i…y_(i+1) (no overshoot). A single control point cannot match
    /// both neighbours, so a joint may bend slightly; `cubic` and `monotone` are tangent-continuous.
    static func appendQuadratic(_ points: [Point], to path: inout Path) {
        let tangents = monotoneTangents(points)
        for i in 0..<(points.count - 1) {
            let p = points[i], q = points[i + 1]
            let h = q.x - p.x, rise = q.y - p.y
            // t = e/d; the control's y is p.y + (1 + t)·rise/2 (t = 1: level with q, t = −1: level with p).
            var t = 0.0
            if h > 0 && rise != 0 {
                let d = rise / h, a = tangents[i] / d, b = tangents[i + 1] / d
                switch (a == 0, b == 0) {
                case (true, true): t = 0
                case (false, true): t = 1
                case (true, false): t = -1
                case (false, false): t = min(max((a - b) / 2, -0.5), 0.5)
                }
            }
            path.quad(to: q, control: Point((p.x + q.x) / 2, p.y + (1 + t) * rise / 2))
        }
    }

    /// Catmull-Rom for a function of x, as cubic Béziers (the cubic Hermite form: Bézier controls at x ± h/3 along
    /// the tangent; see "Cubic Hermite spline", Catmull–Rom case m_i = (y_(i+1) − y_(i−1)) / (x_(i+1) − x_(i−1)),
    /// end points the one-sided secant). Each tangent is then limited once for both of its intervals, so the curve
    /// stays tangent-continuous (C1): every control point keeps within the lowest…highest value of the four points
    /// of its interval (i − 1 … i + 2), so the curve, inside the convex hull of its controls, may swing past a point
    /// toward its neighbours but never beyond them, and flattens at points that are the extreme of those values.
    /// The limits are data values, not the plot, so scaling y scales the curve.
    static func appendCatmullRom(_ points: [Point], to path: inout Path) {
        let n = points.count
        // Lowest and highest value of the points shaping interval k (k − 1 … k + 2).
        func window(_ k: Int) -> (lo: Double, hi: Double) {
            var lo = Double.infinity, hi = -Double.infinity
            for j in max(k - 1, 0)...min(k + 2, n - 1) {
                lo = min(lo, points[j].y)
                hi = max(hi, points[j].y)
            }
            return (lo, hi)
        }
        var tangents = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let a = points[max(i - 1, 0)], b = points[min(i + 1, n - 1)], y = points[i].y
            let span = b.x - a.x
            guard span > 0 else { continue }
            let m = (b.y - a.y) / span
            var lower = -Double.infinity, upper = Double.infinity
            // Right interval: y + m·h/3 within its window; left interval: y − m·h/3 within its window.
            if i < n - 1 && points[i + 1].x > points[i].x {
                let h = points[i + 1].x - points[i].x, w = window(i)
                lower = max(lower, 3 * (w.lo - y) / h)
                upper = min(upper, 3 * (w.hi - y) / h)
            }
            if i > 0 && points[i].x > points[i - 1].x {
                let h = points[i].x - points[i - 1].x, w = window(i - 1)
                lower = max(lower, 3 * (y - w.hi) / h)
                upper = min(upper, 3 * (y - w.lo) / h)
            }
            tangents[i] = min(max(m, lower), upper)
        }
        appendHermite(points, tangents: tangents, to: &path)
    }

    /// Monotone cubic interpolation (Fritsch & Carlson 1980, "Monotone Piecewise Cubic Interpolation"),
    /// drawn as cubic Béziers through `monotoneTangents`.
    static func appendMonotone(_ points: [Point], to path: inout Path) {
        appendHermite(points, tangents: monotoneTangents(points), to: &path)
    }

    /// Fritsch–Carlson tangents (dy/dx): secant slopes d_k, tangents averaged where the data keeps direction and
    /// zero at extrema, then limited to the circle α² + β² ≤ 9 (α = m_k/d_k, β = m_(k+1)/d_k). With α, β ≤ 3 the
    /// Bézier controls y_k + m_k·h/3 never pass y_(k+1), so the curve stays within each interval's data range.
    static func monotoneTangents(_ points: [Point]) -> [Double] {
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
        return tangents
    }

    /// Cubic Hermite segments with slopes `tangents` (dy/dx) as Béziers: controls a third of the interval in from
    /// each end along its tangent. An interval without width (stacked x) is a straight segment.
    static func appendHermite(_ points: [Point], tangents: [Double], to path: inout Path) {
        for k in 0..<(points.count - 1) {
            let p = points[k], q = points[k + 1]
            let h = q.x - p.x
            guard h > 0 else {
                path.cubic(to: q, control1: p, control2: q)
                continue
            }
            let third = h / 3
            path.cubic(to: q, control1: Point(p.x + third, p.y + tangents[k] * third),
                       control2: Point(q.x - third, q.y - tangents[k + 1] * third))
        }
    }
}
