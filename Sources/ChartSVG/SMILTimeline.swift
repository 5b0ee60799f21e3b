import ChartScene

/// The choreography's clock: when each role starts and ends, in seconds from document start.
///
/// Every animation element of a document shares one cycle of length `cycle` and begins at 0;
/// each element holds its start value until its own start time and its end value after its end
/// (encoded with `keyTimes`). So nothing shows its final state before its entrance, and with
/// `repeatCount` every element loops in step with the others.
struct SMILTimeline {
    let duration: Double
    let easing: SVGAnimation.Easing
    let delay: Double
    let stagger: Double
    /// nil for one play; `.infinity` for indefinite.
    let repeatCount: Double?
    /// `duration / 1.2`: the secondary motions keep their proportions when the duration changes.
    let scale: Double
    /// When the last staggered series line has finished drawing.
    let lineEnd: Double
    /// Length of one cycle when repeating: the last end plus a 1 s hold on the final frame.
    private(set) var cycle: Double = 0
    /// The easing curve sampled at Bézier parameters i/128: progress (y) and time (x) fractions.
    private var easedProgress: [Double] = []
    private var easedTimes: [Double] = []

    init(_ options: SVGAnimation, scene: Scene) {
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
        scale = duration / 1.2
        let (x1, y1, x2, y2) = easing.controlPoints
        for i in 0...Self.samples {
            let s = Double(i) / Double(Self.samples)
            easedProgress.append(Self.bezier(y1, y2, s))
            easedTimes.append(Self.bezier(x1, x2, s))
        }

        var maxSeries = 0
        Self.forEachRole(scene.nodes) { role, _ in
            switch role {
            case .series(let k), .seriesLine(let k), .seriesArea(let k), .legendItem(series: let k),
                 .point(series: let k, index: _, progress: _), .valueLabel(series: let k, progress: _),
                 .bar(series: let k, index: _):
                maxSeries = Swift.max(maxSeries, k)
            default: break
            }
        }
        lineEnd = delay + stagger * Double(Swift.min(maxSeries, SVGAnimation.maxStaggeredIndex)) + duration
        var last = 0.0
        Self.forEachRole(scene.nodes) { [self] role, _ in
            last = Swift.max(last, latestEnd(of: role))
        }
        cycle = Swift.max(last, 0.05) + (repeatCount == nil ? 0 : 1)
    }

    /// Calls `body` for every group with a role, depth first.
    static func forEachRole(_ nodes: [Node], _ body: (Role, Group) -> Void) {
        for node in nodes {
            guard case .group(let g) = node else { continue }
            if let role = g.role { body(role, g) }
            forEachRole(g.children, body)
        }
    }

    func staggered(_ index: Int) -> Double {
        delay + stagger * Double(Swift.min(Swift.max(index, 0), SVGAnimation.maxStaggeredIndex))
    }

    /// When series `k`'s line starts drawing.
    func lineStart(_ k: Int) -> Double { staggered(k) }

    /// When series `k`'s growing line reaches arc-length fraction `progress`: the eased timing
    /// curve is inverted, so marks appear exactly under the line's tip.
    func arrival(series k: Int, progress: Double) -> Double {
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

    var areaOffset: Double { 0.25 * duration }
    var areaFade: Double { 2 * duration / 3 }
    var popDuration: Double { duration / 3 }
    var labelFade: Double { 0.15 * scale }
    var lateFade: Double { 0.4 * scale }

    /// An upper bound of the end of `role`'s animation (0 when it has none).
    func latestEnd(of role: Role) -> Double {
        switch role {
        case .seriesLine(let k), .bar(series: let k, index: _): lineStart(k) + duration
        case .seriesArea(let k): lineStart(k) + areaOffset + areaFade
        case .point(series: let k, index: _, progress: _): lineStart(k) + duration + popDuration
        case .valueLabel(series: let k, progress: _): lineStart(k) + duration + labelFade
        case .annotation: lineEnd + lateFade
        case .ringArc(index: let i, fraction: _): staggered(i) + duration
        case .slice(let i): staggered(i) + duration / 2
        default: 0
        }
    }
}
