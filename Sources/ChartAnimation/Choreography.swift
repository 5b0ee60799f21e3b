/// How a chart animates, in any backend: the SMIL writer (`<animate>`, `<animateTransform>`) and the frame sampler
/// (`SceneAnimator`) both play it through one `AnimationTimeline`.
///
/// ChartRender maps the spec's `AnimationOptions` onto this; the backends know only the scene.
/// Values are sanitized when used: `duration` 0.05…30 s, `delay` 0…30 s, `stagger` 0…5 s,
/// `repeatCount` ≥ 1 and at most 1000 unless infinite (written as `indefinite`).
public struct Choreography: Hashable, Sendable {
    /// The timing curve of the drawing motions (line growth, bar growth, ring sweep).
    public enum Easing: Hashable, Sendable, CaseIterable {
        case linear
        case easeIn
        case easeOut
        case easeInOut
        /// A strong ease-out; SMIL key splines cannot overshoot, so the bounce is left to the point pop.
        case spring

        /// The cubic Bézier `x1 y1 x2 y2` used as SMIL `keySplines` (CSS timing-function values).
        public var controlPoints: (Double, Double, Double, Double) {
            switch self {
            case .linear: (0, 0, 1, 1)
            case .easeIn: (0.42, 0, 1, 1)
            case .easeOut: (0, 0, 0.58, 1)
            case .easeInOut: (0.42, 0, 0.58, 1)
            case .spring: (0.2, 1, 0.4, 1)
            }
        }
    }

    /// How long one line takes to draw from its first to its last point, in seconds. The other
    /// motions scale with it (at 1.2 s: area fade 0.8 s starting 0.3 s in, point pop 0.4 s).
    public var duration: Double
    public var easing: Easing
    /// Seconds before anything moves.
    public var delay: Double
    /// Seconds between the starts of consecutive series.
    public var stagger: Double
    /// How often the whole choreography plays; `.infinity` loops forever.
    public var repeatCount: Double

    public init(duration: Double = 1.2, easing: Easing = .easeInOut, delay: Double = 0, stagger: Double = 0.15,
                repeatCount: Double = 1)
    {
        self.duration = duration
        self.easing = easing
        self.delay = delay
        self.stagger = stagger
        self.repeatCount = repeatCount
    }

    /// Highest series or item index whose start is delayed by `stagger`; later ones start with it.
    public static let maxStaggeredIndex = 100
}

extension Choreography.Easing {
    /// The progress (0…1) at time fraction `u` (0…1) along this curve, as SMIL's `keySplines` and CSS's
    /// `cubic-bezier()` define it: the Bézier from (0, 0) over (x1, y1), (x2, y2) to (1, 1) maps time on x to
    /// progress on y, so the curve's parameter s with x(s) = u is found (x is monotone in s because 0 ≤ x1, x2 ≤ 1;
    /// bisection to 2⁻⁴⁰, far below anything a frame can show) and y(s) returned.
    public func progress(atTime u: Double) -> Double {
        guard u > 0 else { return 0 }
        guard u < 1 else { return 1 }
        if self == .linear { return u }
        let (x1, y1, x2, y2) = controlPoints
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if AnimationTimeline.bezier(x1, x2, mid) < u { lo = mid } else { hi = mid }
        }
        return AnimationTimeline.bezier(y1, y2, (lo + hi) / 2)
    }
}
