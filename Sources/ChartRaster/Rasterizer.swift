public import ChartScene

/// A rendered scene and what the rasterizer could not draw.
public struct RasterResult: Sendable {
    public var pixmap: Pixmap
    /// Text runs that were not drawn because the rasterizer has no `GlyphPlacing` (counted for tests and metrics).
    public var skippedTextRuns: Int
}

/// Renders a scene into premultiplied RGBA8 pixels with exact-area antialiasing.
///
/// Pipeline (after tiny-skia): path → device pixels (× `scale`, optional pixel snapping) → `Flattener` (curves to
/// chords) → `Dasher` / `Stroker` (strokes to outlines) → `EdgeList` (exact clipping) → `CoverageBand` (signed-area
/// coverage in 32-row bands) → `Blitter` (paint and source-over into the pixel buffer). Text runs are drawn from the
/// glyphs a `GlyphPlacing` gives, through a process-wide cache of glyph coverage masks.
public struct Rasterizer: Sendable {
    /// Largest image the renderer allocates, in device pixels (4096 × 4096, 64 MiB of RGBA). Larger requests fail
    /// before any allocation; each nested translucent group adds a layer no larger than its clip ∩ content (at most
    /// `maxLayerDepth` deep).
    public static let maxPixels = 16_777_216
    /// Largest width or height in device pixels.
    public static let maxSide = 16_384
    /// Largest device pixel ratio.
    public static let maxScale = 4.0
    /// Nested groups with opacity < 1 deeper than this fold their opacity into the paints of their shapes instead of
    /// allocating another layer (exact for non-overlapping children), bounding memory.
    public static let maxLayerDepth = 4
    /// Curve flattening tolerance in device pixels: the farthest a chord may stray from its curve.
    public static let tolerance = 0.1

    /// Places text runs' glyphs (the text layer's `FontSet`); nil leaves text undrawn.
    public let glyphs: (any GlyphPlacing)?
    /// Where rendered glyph masks are kept.
    public let glyphCaching: GlyphCaching

    /// Where glyph coverage masks live between uses.
    public enum GlyphCaching: Sendable {
        /// In the process-wide cache (4 MiB at most), so later renders reuse them: the service's setting.
        case shared
        /// Only for the one render (repeated glyphs still share a mask): the cost of a render in a fresh process,
        /// for benchmarks and tests.
        case perRender
    }

    /// Polled per node and per 32-row band; once cancelled the render stops early and its pixels are to be
    /// discarded.
    public let cancellation: CancellationCheck

    public init(glyphs: (any GlyphPlacing)? = nil, glyphCaching: GlyphCaching = .shared,
                cancellation: CancellationCheck = .never) {
        self.glyphs = glyphs
        self.glyphCaching = glyphCaching
        self.cancellation = cancellation
    }

    /// The scene's pixels at `scale` device pixels per scene unit; the image is ⌈width·scale⌉ × ⌈height·scale⌉.
    public func render(_ scene: Scene, scale: Double) throws(RasterError) -> Pixmap {
        guard scale.isFinite, scale > 0, scale <= Self.maxScale else {
            throw RasterError("scale \(scale) is outside 0 < scale ≤ \(Self.maxScale)")
        }
        guard scene.width.isFinite, scene.height.isFinite, scene.width >= 0, scene.height >= 0 else {
            throw RasterError("scene size \(scene.width) × \(scene.height) is not a finite, non-negative size")
        }
        let w = (scene.width * scale).rounded(.up), h = (scene.height * scale).rounded(.up)
        guard w <= Double(Self.maxSide), h <= Double(Self.maxSide), w * h <= Double(Self.maxPixels) else {
            throw RasterError("image \(Int(w)) × \(Int(h)) device pixels exceeds the raster budget "
                + "(\(Self.maxSide) per side, \(Self.maxPixels) pixels)")
        }
        let width = Int(w), height = Int(h)
        let background = scene.background.map { PixelMath.premultiplied($0) } ?? 0
        var pixmap = Pixmap(width: width, height: height, fill: background)
        if width > 0 && height > 0 {
            let cache = glyphCaching == .shared
                ? GlyphMaskCache.shared : GlyphMaskCache(byteBudget: GlyphMaskCache.defaultBudget)
            var renderer = SceneRenderer(width: width, height: height, scale: scale, glyphs: glyphs,
                                         glyphCache: cache, cancellation: cancellation)
            pixmap.data.withUnsafeMutableBytes { raw in
                raw.withMemoryRebound(to: UInt32.self) { pixels in
                    guard let base = pixels.baseAddress else { return }
                    renderer.draw(scene.nodes, on: Canvas(pixels: base, width: width, height: height),
                                  clip: renderer.bounds, opacity: 1, layerDepth: 0)
                }
            }
        }
        return pixmap
    }

    /// `render` plus the count of text runs that were skipped (a walk of the whole scene, which `render` saves).
    public func renderWithReport(_ scene: Scene, scale: Double) throws(RasterError) -> RasterResult {
        RasterResult(pixmap: try render(scene, scale: scale),
                     skippedTextRuns: glyphs == nil ? Self.countTextRuns(scene.nodes) : 0)
    }

    private static func countTextRuns(_ nodes: [Node]) -> Int {
        var count = 0
        for node in nodes {
            switch node {
            case .text: count += 1
            case .group(let g): count += countTextRuns(g.children)
            case .shape, .hitTarget: break
            }
        }
        return count
    }
}
