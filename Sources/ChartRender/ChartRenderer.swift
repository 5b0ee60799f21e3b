public import ChartScene
public import ChartSpec
public import ChartText
import ChartLayout
import ChartPNG
import ChartRaster
import ChartSVG

/// An encoded chart image.
public struct RenderedChart: Sendable {
    public var bytes: [UInt8]
    public var format: OutputFormat
    /// The MIME type to send with `bytes`.
    public var contentType: String {
        switch format {
        case .svg, .smil: "image/svg+xml"
        case .png: "image/png"
        case .json: "application/json"
        }
    }

    public init(bytes: [UInt8], format: OutputFormat) {
        self.bytes = bytes
        self.format = format
    }
}

/// The whole pipeline behind one call: JSON spec → validation → layout → scene → backend bytes.
/// Stateless apart from its immutable fonts (and their thread-safe outline cache), so one instance serves every thread.
public struct ChartRenderer: Sendable {
    /// The fonts (or, without any font file, approximate metrics) used to measure and draw text.
    public let text: TextEngine

    public init(text: TextEngine) {
        self.text = text
    }

    /// A renderer with the default fonts (`CHART_FONTS` or the Debian locations), loaded once per process.
    public static let shared = ChartRenderer(text: TextEngine.loadDefault())

    /// Parses, validates and renders `json`. `format` overrides the spec's own `format`;
    /// when neither says, `fallback` is used.
    public func render(json: [UInt8], format: OutputFormat? = nil, fallback: OutputFormat = .svg) throws(RenderError)
        -> RenderedChart
    {
        let spec: ChartSpec
        do {
            spec = try ChartSpec.parse(json, renderingAs: format)
        } catch {
            throw .invalidSpec(error)
        }
        return try render(spec, format: format ?? spec.format ?? fallback)
    }

    /// Renders a validated spec in `format`.
    public func render(_ spec: ChartSpec, format: OutputFormat) throws(RenderError) -> RenderedChart {
        let spec = try Self.resolvingTimes(spec)
        switch format {
        case .svg:
            return RenderedChart(bytes: SVGWriter().write(svgScene(for: spec)), format: .svg)
        case .smil:
            let writer = SVGWriter(animation: spec.animation.enabled ? SVGAnimation(spec.animation) : nil)
            return RenderedChart(bytes: writer.write(svgScene(for: spec)), format: .smil)
        case .png:
            return RenderedChart(bytes: try png(for: spec), format: .png)
        case .json:
            return RenderedChart(bytes: LayoutJSON.encode(scene: scene(for: spec), spec: spec,
                                                          metrics: text.measurer), format: .json)
        }
    }

    /// The spec with a time axis's timestamps resolved (the calendar lives in the layout layer), or its problems.
    private static func resolvingTimes(_ spec: ChartSpec) throws(RenderError) -> ChartSpec {
        do {
            return try ChartLayout.resolvingTimes(spec)
        } catch {
            throw .invalidSpec(error)
        }
    }

    /// The backend-neutral scene for `spec`; `interactive: false` leaves out tooltips and hit targets (for PNG).
    public func scene(for spec: ChartSpec, interactive: Bool = true) -> Scene {
        ChartLayout.scene(for: spec, metrics: text.measurer, interactive: interactive)
    }

    /// The scene as the SVG writer gets it: text as `<text>`, or as glyph outlines for `text: "paths"`.
    private func svgScene(for spec: ChartSpec) -> Scene {
        let scene = self.scene(for: spec)
        guard spec.text == .paths, let fonts = text.fontSet else { return scene }
        return lowerText(in: scene, fonts: fonts)
    }

    /// Lays out, rasterizes at the spec's scale (text from the font set's glyphs) and encodes PNG.
    private func png(for spec: ChartSpec) throws(RenderError) -> [UInt8] {
        do {
            try spec.checkRasterBudget()
        } catch {
            throw .invalidSpec(error)
        }
        let scene = self.scene(for: spec, interactive: false)
        do {
            let pixmap = try Rasterizer(glyphs: text.fontSet).render(scene, scale: spec.scale)
            return try PNGEncoder.encode(pixmap, compression: PNGCompression(spec.compression))
        } catch {
            throw .backendFailure("\(error)")
        }
    }
}

extension SVGAnimation {
    /// The spec's choreography options in the SVG writer's terms.
    init(_ options: AnimationOptions) {
        let easing: Easing = switch options.easing {
        case .linear: .linear
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInOut: .easeInOut
        case .spring: .spring
        }
        self.init(duration: options.duration, easing: easing, delay: options.delay, stagger: options.stagger,
                  repeatCount: options.repeatCount)
    }
}

extension PNGCompression {
    init(_ compression: Compression) {
        switch compression {
        case .fast: self = .fast
        case .balanced: self = .balanced
        case .small: self = .small
        }
    }
}
