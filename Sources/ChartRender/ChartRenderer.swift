public import ChartScene
public import ChartSpec
public import ChartText
import ChartAnimation
import ChartLayout
import ChartPNG
import ChartRaster
import ChartSVG

/// An encoded chart image.
public struct RenderedChart: Sendable {
    /// The encoded image (or layout JSON), ready to write to a file or a response.
    public var bytes: [UInt8]
    /// The format `bytes` are in.
    public var format: OutputFormat
    /// The MIME type to send with `bytes`.
    public var contentType: String { format.mediaType }

    /// Wraps bytes already encoded in `format`.
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

    /// A renderer that measures and draws text with `text` (`TextEngine.loadDefault()` for the default fonts).
    public init(text: TextEngine) {
        self.text = text
    }

    /// A renderer with the default fonts (`CHART_FONTS` or the Debian locations), loaded once per process.
    public static let shared = ChartRenderer(text: TextEngine.loadDefault())

    /// Parses, validates and renders `json`. `format` overrides the spec's own `format`;
    /// when neither says, `fallback` is used.
    public func render(json: [UInt8], format: OutputFormat? = nil, fallback: OutputFormat = .svg,
                       options: RenderOptions = RenderOptions()) throws(RenderError) -> RenderedChart {
        let spec: ChartSpec
        do {
            spec = try ChartSpec.parse(json, renderingAs: format)
        } catch {
            throw .invalidSpec(error)
        }
        return try render(spec, format: format ?? spec.format ?? fallback, options: options)
    }

    /// Renders `spec` in `format` (which overrides the spec's own `format` field): validates it for that format
    /// (`ChartSpec.validated(renderingAs:)`: a comparison for a spec from `parse`, or validated before and unchanged
    /// since; a spec built in Swift gets every check JSON gets), lays it out, checks the scene against
    /// `options.budget` (a `.tooComplex` naming what to reduce when over), then runs the backend, which polls
    /// `options.cancellation`.
    ///
    /// - Throws: `RenderError.invalidSpec` with every problem and its JSON path; `.tooComplex` over the budget;
    ///   `.cancelled` when `options.cancellation` fired; `.backendFailure` for a bug of ours (never a crash).
    public func render(_ spec: ChartSpec, format: OutputFormat, options: RenderOptions = RenderOptions())
        throws(RenderError) -> RenderedChart
    {
        let valid: ChartSpec
        do {
            valid = try spec.validated(renderingAs: format)
        } catch {
            throw .invalidSpec(error)
        }
        return try drawing(valid.font?.family).renderValidated(valid, format: format, options: options)
    }

    /// `self`, or for a `font.family` that is not the default, a renderer whose fonts lead with that family (the
    /// usual fallbacks after it). An unknown family is a spec error at `font.family` listing the loaded families.
    func drawing(_ family: String?) throws(RenderError) -> ChartRenderer {
        guard let family else { return self }
        guard let fonts = text.fontSet else {
            throw .invalidSpec(SpecError(path: "font.family", message: "no fonts are loaded, so no family can be "
                                            + "chosen; leave font.family out"))
        }
        guard let chosen = fonts.selecting(family: family) else {
            throw .invalidSpec(SpecError(path: "font.family", message: "unknown font family "
                + "\"\(family.prefix(100))\"; the loaded families are \(fonts.catalogue.nameList())"))
        }
        return ChartRenderer(text: .fonts(chosen))
    }

    /// `render` once the spec is validated and the fonts chosen.
    private func renderValidated(_ valid: ChartSpec, format: OutputFormat, options: RenderOptions)
        throws(RenderError) -> RenderedChart
    {
        let spec = try Self.resolvingTimes(valid)
        let bytes: [UInt8]
        switch format {
        case .svg, .smil:
            let animation = format == .smil && spec.animation.enabled ? Choreography(spec.animation) : nil
            let writer = SVGWriter(animation: animation, idPrefix: options.idPrefix, cancellation: options.cancellation,
                                   maxBytes: options.budget.maxOutputBytes, fontFamily: text.fontSet?.cssFontFamily)
            bytes = writer.write(try svgScene(for: spec, format: format, options: options))
        case .png:
            bytes = try png(for: spec, options: options)
        case .json:
            let scene = try checked(layout(spec, animated: false), spec: spec, format: .json, options: options)
            bytes = LayoutJSON.encode(scene: scene, spec: spec, metrics: text.measurer)
        case .pdf:
            bytes = try pdf(for: spec, options: options)
        case .webp:
            bytes = try webP(for: spec, options: options)
        case .jpeg:
            bytes = try jpeg(for: spec, options: options)
        case .apng, .gif:
            bytes = try animated(for: spec, format: format, options: options)
        }
        if options.cancellation.isCancelled { throw .cancelled }
        if let problem = options.budget.outputProblem(bytes: bytes.count, format: format) {
            throw .tooComplex([problem])
        }
        return RenderedChart(bytes: bytes, format: format)
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
    /// Sub-pixel dash patterns are already drawn as the solid lines they look like (`FineDashes`).
    package func scene(for spec: ChartSpec, interactive: Bool = true) -> Scene {
        layout(spec, interactive: interactive, animated: true).resolvingFineDashes()
    }

    /// The layout of `spec`; `animated: false` for a render that draws it still (its points' progress, which only an
    /// animation reads, is then not measured along their lines: `ChartLayout.scene`).
    func layout(_ spec: ChartSpec, interactive: Bool = true, animated: Bool) -> Scene {
        ChartLayout.scene(for: spec, metrics: text.measurer, interactive: interactive, animated: animated)
    }

    /// Whether a render of `spec` in `format` plays its animation: SMIL, APNG and GIF, or a still frame of it at
    /// `options.time` (`frame(_:of:at:)`), when the spec's animation is on.
    static func plays(_ spec: ChartSpec, in format: OutputFormat, options: RenderOptions) -> Bool {
        spec.animation.enabled && (format.isAnimated || (format.isRaster && options.time != nil))
    }

    /// `scene` with its sub-pixel dashes resolved if it fits the budget for `format`, else the problems; also stops
    /// when cancelled during layout. (The cost counts fine dashes as the solid lines they become, and says whether
    /// there are any, so an ordinary scene is walked once.)
    ///
    /// An SVG or layout JSON without dashes or text outlines is not walked at all: what it can cost is its size,
    /// which the writer bounds as it goes (`SVGWriter.maxBytes`) and `render` checks — the walk would add 5 % to
    /// the standard chart's SVG.
    func checked(_ scene: Scene, spec: ChartSpec, format: OutputFormat, options: RenderOptions)
        throws(RenderError) -> Scene
    {
        if options.cancellation.isCancelled { throw .cancelled }
        if !format.isRaster && spec.text != .paths && !Self.hasDashes(spec) { return scene }
        let cost = SceneCost(of: scene, geometry: format.isRaster)
        let problems = options.budget.problems(cost, format: format, scale: spec.scale,
                                               textAsPaths: spec.text == .paths && text.fontSet != nil)
        guard problems.isEmpty else { throw .tooComplex(problems) }
        return cost.fineDashedShapes > 0 ? scene.resolvingFineDashes() : scene
    }

    /// Whether any stroke of the chart can be dashed: series lines (and their legend swatches) and annotations.
    private static func hasDashes(_ spec: ChartSpec) -> Bool {
        spec.series.contains { !$0.dash.isEmpty } || spec.annotations.contains { annotation in
            switch annotation {
            case .horizontalLine(_, _, _, let dash, _), .verticalLine(_, _, _, let dash): !dash.isEmpty
            default: false
            }
        }
    }

    /// The scene as the SVG writer gets it: text as `<text>`, or as glyph outlines for `text: "paths"` (lowered
    /// only once the budget has been checked with the outlines' estimated size).
    private func svgScene(for spec: ChartSpec, format: OutputFormat, options: RenderOptions)
        throws(RenderError) -> Scene
    {
        let scene = try checked(layout(spec, animated: Self.plays(spec, in: format, options: options)), spec: spec,
                                format: format, options: options)
        guard spec.text == .paths, let fonts = text.fontSet else { return scene }
        return lowerText(in: scene, fonts: fonts)
    }

    /// Lays out, checks the budget, rasterizes at the spec's scale (text from the font set's glyphs) the static chart
    /// or its frame at `options.time`, encodes PNG.
    private func png(for spec: ChartSpec, options: RenderOptions) throws(RenderError) -> [UInt8] {
        let pixmap = try pixmap(for: spec, options: options)
        do {
            return try PNGEncoder.encode(pixmap, compression: PNGCompression(spec.compression))
        } catch {
            throw .backendFailure("\(error)")
        }
    }

    /// The scene a raster format draws: the raster budget checked, laid out without interactivity, its cost checked
    /// for `format`. The still formats rasterize it once (`pixmap`), the animated ones once per frame.
    func rasterScene(for spec: ChartSpec, format: OutputFormat, options: RenderOptions) throws(RenderError) -> Scene {
        do {
            try spec.checkRasterBudget()
        } catch {
            throw .invalidSpec(error)
        }
        return try checked(layout(spec, interactive: false, animated: Self.plays(spec, in: format, options: options)),
                           spec: spec, format: format, options: options)
    }

    /// The front half every raster format shares: checks the raster budget, lays out without interactivity, checks
    /// the scene's cost, rasterizes at the spec's scale (text from the font set's glyphs). Not `private`: each
    /// raster format's encoder lives in an extension file of its own (`ChartRenderer+WebP.swift`, …).
    func pixmap(for spec: ChartSpec, options: RenderOptions) throws(RenderError) -> Pixmap {
        let scene = frame(try rasterScene(for: spec, format: .png, options: options), of: spec, at: options.time)
        let pixmap: Pixmap
        do {
            pixmap = try Rasterizer(glyphs: text.fontSet, cancellation: options.cancellation)
                .render(scene, scale: spec.scale)
        } catch {
            throw .backendFailure("\(error)")
        }
        if options.cancellation.isCancelled { throw .cancelled }
        return pixmap
    }
}

/// How one render is bounded and identified: its budget, how it learns it is no longer wanted, and its SVG ids.
public struct RenderOptions: Sendable {
    /// The most the render may cost (`RenderBudget.standard` by default); over it, `RenderError.tooComplex`.
    public var budget: RenderBudget
    /// Polled during the render; when it fires the render stops with `RenderError.cancelled` (a deadline, say).
    public var cancellation: CancellationCheck
    /// Prefix of the SVG's element ids. The service passes one derived from the chart's ETag, so several charts
    /// inlined in one page never share a gradient or clip id.
    public var idPrefix: String
    /// The moment of the chart's animation to draw, in seconds from its start (`chart render --at`): a PNG of that
    /// frame. nil, the default, draws the static chart; so does a spec whose animation is off.
    public var time: Double?

    /// Options with the standard budget, no cancellation, ids starting with `c`, the static chart.
    public init(budget: RenderBudget = .standard, cancellation: CancellationCheck = .never, idPrefix: String = "c",
                time: Double? = nil) {
        self.budget = budget
        self.cancellation = cancellation
        self.idPrefix = idPrefix
        self.time = time
    }
}

extension Choreography {
    /// The spec's choreography options in the animated backends' terms.
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

extension ChartRenderer {
    /// A renderer with the given TrueType or OpenType font files (`path#N` picks face N of a collection): `regular`
    /// for text, `bold` for titles (synthesised from `regular` when nil), `fallbacks` searched in order for the
    /// characters the first lacks (CJK, say). Loads the files once; create one renderer and share it.
    ///
    /// - Throws: `FontError` naming the file that could not be read or parsed.
    public init(fontFiles regular: String, bold: String? = nil, fallbacks: [String] = []) throws(FontError) {
        self.init(text: .fonts(try FontSet(regularPath: regular, boldPath: bold, fallbackPaths: fallbacks)))
    }

    /// Whether text can be drawn as glyphs (PNG, PDF, WebP, JPEG, animated raster, SVG with `text: .paths`): false
    /// when no font file could be loaded; those formats then leave text out (SVG `<text>` still names its fonts).
    public var canDrawText: Bool { text.canDrawGlyphs }
}
