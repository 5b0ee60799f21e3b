import ChartAnimation
import ChartAPNG
import ChartGIF
import ChartLayout
import ChartRaster
import ChartScene
import ChartSpec

/// Animated rasters: the chart's choreography sampled as frames (`SceneAnimator`, the clock the SMIL writer reads
/// too), rasterized exactly like the PNG and encoded as APNG or GIF as they come, so at most two frames are in
/// memory (the one being encoded and the one before, which the encoder keeps to find what changed).
extension ChartRenderer {
    /// GIF players show a delay under 2 cs as 10 cs (Chromium, Firefox, Safari), so a GIF samples at most 50 fps.
    static let maxGIFFPS = 50

    /// The frames: t = i / fps for i in 0..<⌈cycle · fps⌉ (`timeline.cycle`: one play, with its hold when it
    /// repeats), each shown 1 / fps, then the static scene — the PNG's pixels exactly — as the final frame, also
    /// 1 / fps (when the animation plays once, players keep it). `animation: false` gives that final frame alone.
    func animated(for spec: ChartSpec, format: OutputFormat, options: RenderOptions) throws(RenderError) -> [UInt8] {
        let scene = try rasterScene(for: spec, format: format, options: options)
        let fps = format == .gif ? min(spec.animation.framesPerSecond, Self.maxGIFFPS)
            : spec.animation.framesPerSecond
        let animator = spec.animation.enabled ? SceneAnimator(scene: scene, choreography: Choreography(spec.animation))
            : nil
        let cycle = animator?.timeline.cycle ?? 0
        // Samples at `rate` fps, plus the final frame (none sampled when the animation is off).
        func frames(_ rate: Int) -> Int {
            animator == nil ? 1 : Int(min((cycle * Double(rate)).rounded(.up), 1e9)) + 1
        }
        if animator != nil {
            let problems = options.budget.animationProblems(SceneCost(of: scene, geometry: true), scale: spec.scale,
                                                            pixels: spec.rasterPixels, fps: fps, frames: frames)
            guard problems.isEmpty else { throw .tooComplex(problems) }
        }
        let rasterizer = Rasterizer(glyphs: text.fontSet, cancellation: options.cancellation)
        func frame(_ scene: Scene) throws(RenderError) -> Pixmap {
            if options.cancellation.isCancelled { throw .cancelled }
            do {
                return try rasterizer.render(scene, scale: spec.scale)
            } catch {
                throw .backendFailure("\(error)")
            }
        }
        let delay = 1 / Double(fps)
        let plays = spec.animation.repeatCount.isFinite ? Int(spec.animation.repeatCount) : 0
        let count = frames(fps)
        // Frame i of `count`, fed to an encoder made for the first one's size.
        func encode<Encoder: FrameEncoder>(_ make: (Pixmap) -> Encoder) throws -> [UInt8] {
            var encoder: Encoder?
            for i in 0..<count {
                let pixmap = try frame(i == count - 1 ? scene : animator?.scene(at: Double(i) * delay) ?? scene)
                if encoder == nil { encoder = make(pixmap) }
                try encoder?.append(pixmap, delay: delay)
            }
            guard var encoder else { throw RenderError.backendFailure("no frames") }
            return try encoder.finish()
        }
        do {
            switch format {
            case .gif:
                // The color table comes from the finished chart, which holds every paint of the scene (drawn once
                // more at the end rather than kept: at most two frames are in memory).
                let theme = ThemeColors.of(spec.theme).background
                let palette = GIFPalette(frame: try frame(scene), matte: Self.matte(scene.background ?? theme,
                                                                                      theme: theme))
                return try encode { GIFEncoder(width: $0.width, height: $0.height, plays: plays, palette: palette) }
            default:
                return try encode { APNGEncoder(width: $0.width, height: $0.height, plays: plays) }
            }
        } catch let error as RenderError {
            throw error
        } catch {
            throw .backendFailure("\(error)")
        }
    }

    /// The 0xRRGGBB a GIF's translucent pixels are flattened onto: the chart's background when opaque, else the
    /// theme's.
    private static func matte(_ background: Color, theme: Color) -> UInt32 {
        let color = background.alpha == 255 ? background : theme
        return UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }
}

/// What the pipeline needs of an animated encoder (`APNGEncoder`, `GIFEncoder`).
protocol FrameEncoder {
    mutating func append(_ frame: Pixmap, delay: Double) throws
    mutating func finish() throws -> [UInt8]
}

extension APNGEncoder: FrameEncoder {}
extension GIFEncoder: FrameEncoder {}
