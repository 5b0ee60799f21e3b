public import ChartSpec
import ChartRender

/// What a request costs in rate-limit tokens: an estimate of its rendering work, known once the spec is parsed.
public enum RequestCost {
    /// An answer that needs no rendering: a cached image, a 304, or a spec the validator refused (parsing it cost
    /// something, and an invalid spec must not be a free way to make the server work).
    public static let minimum = 1

    /// The tokens a render costs. Raster formats: device pixels (each side of `width × scale` by `height × scale`
    /// rounded up, as the rasterizer allocates) times `frames` (an animation rasterizes every frame; 1 for a still
    /// image) per million, rounded up, at least 1. SVG, SMIL, JSON and PDF: 1 plus one per 100,000 series points,
    /// whose count drives their time.
    public static func tokens(width: Double, height: Double, scale: Double, format: OutputFormat,
                              points: Int, frames: Int = 1) -> Int {
        switch format {
        case .png, .webp, .jpeg, .apng, .gif:
            let pixels = (width * scale).rounded(.up) * (height * scale).rounded(.up) * Double(max(1, frames))
            guard pixels.isFinite, pixels < 1e15 else { return Int.max / 2 }
            return max(1, Int((pixels / 1_000_000).rounded(.up)))
        case .svg, .smil, .json, .pdf:
            return 1 + max(0, points) / 100_000
        }
    }

    /// `tokens` for a parsed spec rendered as `format`.
    static func tokens(for spec: ChartSpec, format: OutputFormat) -> Int {
        tokens(width: spec.width, height: spec.height, scale: spec.scale, format: format,
               points: spec.series.reduce(0) { $0 + $1.points.count },
               frames: format == .apng || format == .gif ? estimatedFrames(spec.animation, series: spec.series.count) : 1)
    }

    /// An upper estimate of an animated raster's frames, from the spec alone (the exact count needs the laid-out
    /// scene's timeline): one play lasts at most the delay, the stagger of every series (up to the 100 that are
    /// staggered), the line's duration and the secondary motions that outlast it (a third of it: the point pop, the
    /// late fades), plus the 1 s hold when it repeats; sampled at `animation.fps`, plus the final frame. The render
    /// itself refuses more than `RenderBudget.maxAnimatedFrames`, so the estimate is capped there.
    static func estimatedFrames(_ animation: AnimationOptions, series: Int) -> Int {
        guard animation.enabled else { return 1 }
        let staggered = Double(min(max(series - 1, 0), 100))
        let seconds = animation.delay + animation.stagger * staggered + animation.duration * 4 / 3
            + (animation.repeatCount > 1 ? 1 : 0)
        let frames = (seconds * Double(animation.framesPerSecond)).rounded(.up) + 1
        guard frames.isFinite else { return RenderBudget.standard.maxAnimatedFrames }
        return Int(min(max(frames, 1), Double(RenderBudget.standard.maxAnimatedFrames)))
    }
}
