public import ChartScene

// PLACEHOLDER until part A1 of issue 15 merges: A1's Choreography.swift, AnimationTimeline.swift and
// SceneAnimator.swift replace this whole file. It has the contract's API (docs: /work/notes/i15/contract.md) so the
// animated raster pipeline can be built against it; every frame it gives is the static scene.

/// The choreography of an animated chart (the contract's name for today's `SVGAnimation`).
public struct Choreography: Hashable, Sendable {
    /// The timing curve of the drawing motions.
    public enum Easing: Hashable, Sendable, CaseIterable {
        case linear, easeIn, easeOut, easeInOut, spring
    }

    public var duration: Double
    public var easing: Easing
    public var delay: Double
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

    /// Highest series index whose start is delayed by `stagger`.
    public static let maxStaggeredIndex = 100
}

/// The animation's clock (placeholder: only the length of one play).
public struct AnimationTimeline: Sendable {
    /// Seconds of one play (with the 1 s hold when repeating).
    public var cycle: Double
    /// nil = once, `.infinity` = forever.
    public var repeatCount: Double?

    /// A stand-in for the SMIL timeline's cycle: the last series' line end plus its point pop (duration / 3).
    public init(_ choreography: Choreography, scene: Scene) {
        var maxSeries = 0
        Self.forEachRole(scene.nodes) { role in
            switch role {
            case .series(let k), .seriesLine(let k), .seriesArea(let k): maxSeries = max(maxSeries, k)
            default: break
            }
        }
        let duration = min(max(choreography.duration, 0.05), 30)
        let delay = min(max(choreography.delay, 0), 30)
        let stagger = min(max(choreography.stagger, 0), 5)
        let repeats = choreography.repeatCount.isNaN || choreography.repeatCount <= 1
            ? nil : (choreography.repeatCount.isInfinite ? .infinity : min(choreography.repeatCount.rounded(), 1000))
        repeatCount = repeats
        cycle = delay + stagger * Double(min(maxSeries, Choreography.maxStaggeredIndex)) + duration * 4 / 3
            + (repeats == nil ? 0 : 1)
    }

    private static func forEachRole(_ nodes: [Node], _ body: (Role) -> Void) {
        for node in nodes {
            guard case .group(let g) = node else { continue }
            if let role = g.role { body(role) }
            forEachRole(g.children, body)
        }
    }
}

/// The static scene as it looks at any moment of its animation (placeholder: always the static scene).
public struct SceneAnimator: Sendable {
    public let scene: Scene
    public var timeline: AnimationTimeline

    public init(scene: Scene, choreography: Choreography) {
        self.scene = scene
        timeline = AnimationTimeline(choreography, scene: scene)
    }

    /// The scene at `t` seconds into the first play.
    public func scene(at t: Double) -> Scene { scene }
}
