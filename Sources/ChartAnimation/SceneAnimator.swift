public import ChartScene

// PLACEHOLDER until part A1 of issue 15 merges: A1's SceneAnimator.swift replaces this file. It has the contract's
// API so the animated raster pipeline can be built against it; every frame it gives is the static scene.

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
