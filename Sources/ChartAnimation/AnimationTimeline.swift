public import ChartScene

/// The choreography's clock: when each role starts and ends, in seconds from the start of the animation.
///
/// The one clock of every animated backend: the SMIL writer turns it into `keyTimes` and the frame sampler
/// (`SceneAnimator`) reads it at a time. Nothing shows its final state before its entrance. Played once, a motion
/// ends with itself (its final state then holds); repeated, every motion spans the same `cycle`, so all loop in step.
public struct AnimationTimeline: Sendable {
    public let duration: Double
    public let easing: Choreography.Easing
    public let delay: Double
    public let stagger: Double
    /// nil for one play; `.infinity` for indefinite.
    public let repeatCount: Double?
    /// When the last staggered series line has finished drawing.
    public let lineEnd: Double
    /// When the last motion has ended: from then on the chart is its static final frame.
    public private(set) var end: Double = 0
    /// Length of one cycle when repeating: the last end plus a 1 s hold on the final frame.
    public private(set) var cycle: Double = 0
    /// The easing curve sampled at Bézier parameters i/128: progress (y) and time (x) fractions.
    private var easedProgress: [Double] = []
    private var easedTimes: [Double] = []

    public init(_ options: Choreography, scene: Scene) {
        func clamp(_ v: Double, _ lo: Double, _ hi: Double, _ fallback: Double) -> Double {
            v.isNaN ? fallback : Swift.min(Swift.max(v, lo), hi)
        }
        duration = clamp(options.duration, 0.05, 30, 1.2)
        easing = options.easing
        delay = clamp(options.delay, 0, 30, 0)
        stagger = clamp(options.stagger, 0, 5, 0.15)
        if options.repeatCount.isNaN || options.repeatCount <= 1 {
            repeatCount = nil
        } else {
            repeatCount = options.repeatCount.isInfinite ? .infinity : Swift.min(options.repeatCount.rounded(), 1000)
        }
        let (x1, y1, x2, y2) = easing.controlPoints
        for i in 0...Self.samples {
            let s = Double(i) / Double(Self.samples)
            easedProgress.append(Self.bezier(y1, y2, s))
            easedTimes.append(Self.bezier(x1, x2, s))
        }

        // One walk over the roles: the highest series index (for when all lines are done) and the
        // latest end of everything that does not depend on it. A series' group is not entered: all
        // its parts end by its bound, so the walk stays short however many points there are.
        var maxSeries = 0
        var last = 0.0
        var hasAnnotation = false
        let (d, st, du) = (delay, stagger, duration)
        Self.forEachRole(scene.nodes) { role in
            var descend = true
            switch role {
            case .series(let k), .seriesLine(let k), .seriesArea(let k), .legendItem(series: let k),
                 .point(series: let k, index: _, progress: _), .valueLabel(series: let k, progress: _),
                 .bar(series: let k, index: _, base: _, stackBase: _):
                maxSeries = Swift.max(maxSeries, k)
                descend = false
            case .annotation: hasAnnotation = true
            default: break
            }
            last = Swift.max(last, Self.latestEnd(of: role, delay: d, stagger: st, duration: du))
            return descend
        }
        lineEnd = delay + stagger * Double(Swift.min(maxSeries, Choreography.maxStaggeredIndex)) + duration
        if hasAnnotation { last = Swift.max(last, lineEnd + Self.lateFade(duration)) }
        end = Swift.max(last, 0.05)
        cycle = end + (repeatCount == nil ? 0 : 1)
    }

    /// Calls `body` for groups with a role, depth first, entering a group's children unless
    /// `body` returns false for it.
    static func forEachRole(_ nodes: [Node], _ body: (Role) -> Bool) {
        for node in nodes {
            if case .hitTarget(let h) = node { _ = body(h.role) }
            guard case .group(let g) = node else { continue }
            if let role = g.role, !body(role) { continue }
            forEachRole(g.children, body)
        }
    }

    func staggered(_ index: Int) -> Double {
        delay + stagger * Double(Swift.min(Swift.max(index, 0), Choreography.maxStaggeredIndex))
    }

    /// When a pie's clockwise sweep starts: after the delay, like the first series.
    var sweepStart: Double { delay }
    /// When a pie's sweep has covered the whole turn, and its labels start fading in.
    var sweepEnd: Double { delay + duration }

    /// When series `k`'s line starts drawing.
    func lineStart(_ k: Int) -> Double { staggered(k) }

    /// When series `k`'s growing line reaches arc-length fraction `progress`: the eased timing
    /// curve is inverted, so marks appear exactly under the line's tip.
    public func arrival(series k: Int, progress: Double) -> Double {
        lineStart(k) + duration * easedTime(for: progress.isNaN ? 0 : Swift.min(Swift.max(progress, 0), 1))
    }

    static let samples = 128

    /// One coordinate of the timing Bézier from (0,0) to (1,1) with control coordinates a, b.
    static func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
        let t = 1 - s
        return 3 * t * t * s * a + 3 * t * s * s * b + s * s * s
    }

    /// The time fraction u at which the easing curve reaches `progress`: a binary search in the
    /// sampled curve, then linear interpolation (the progress coordinate is monotone for our curves;
    /// the error is far below the 1 ms the output can express).
    func easedTime(for progress: Double) -> Double {
        var lo = 0, hi = Self.samples
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if easedProgress[mid] < progress { lo = mid } else { hi = mid }
        }
        let y0 = easedProgress[lo], y1 = easedProgress[hi]
        let f = y1 > y0 ? Swift.min(Swift.max((progress - y0) / (y1 - y0), 0), 1) : 0
        return easedTimes[lo] + f * (easedTimes[hi] - easedTimes[lo])
    }

    // The secondary motions, proportional to the line duration (values at the default 1.2 s).
    static func areaOffset(_ duration: Double) -> Double { 0.25 * duration }  // 0.3 s
    static func areaFade(_ duration: Double) -> Double { 2 * duration / 3 }  // 0.8 s
    static func popDuration(_ duration: Double) -> Double { duration / 3 }  // 0.4 s
    static func labelFade(_ duration: Double) -> Double { duration / 8 }  // 0.15 s
    static func lateFade(_ duration: Double) -> Double { duration / 3 }  // 0.4 s

    var areaOffset: Double { Self.areaOffset(duration) }
    var areaFade: Double { Self.areaFade(duration) }
    var popDuration: Double { Self.popDuration(duration) }
    var labelFade: Double { Self.labelFade(duration) }
    var lateFade: Double { Self.lateFade(duration) }

    /// An upper bound of the end of `role`'s animation (0 when it has none); annotations, which
    /// wait for every line, are accounted for separately.
    static func latestEnd(of role: Role, delay: Double, stagger: Double, duration: Double) -> Double {
        func start(_ k: Int) -> Double {
            delay + stagger * Double(Swift.min(Swift.max(k, 0), Choreography.maxStaggeredIndex))
        }
        switch role {
        case .series(let k), .seriesLine(let k), .seriesArea(let k), .point(series: let k, index: _, progress: _),
             .valueLabel(series: let k, progress: _), .bar(series: let k, index: _, base: _, stackBase: _):
            // Everything of series k ends by the pop of its last point (area and labels end sooner).
            return start(k) + duration + Swift.max(popDuration(duration), labelFade(duration),
                                                   areaOffset(duration) + areaFade(duration) - duration)
        case .ringArc(index: let i, fraction: _): return start(i) + duration
        case .pie: return delay + duration
        case .sliceLabel: return delay + duration + lateFade(duration)
        default: return 0
        }
    }
}
