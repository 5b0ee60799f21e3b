public import ChartScene
public import ChartSpec
public import ChartText
import ChartLayout
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
/// Stateless apart from its immutable fonts, so one instance serves every thread.
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
    public func render(json: [UInt8], format: OutputFormat? = nil, fallback: OutputFormat = .svg) throws(SpecError)
        -> RenderedChart
    {
        let spec = try ChartSpec.parse(json)
        return try render(spec, format: format ?? spec.format ?? fallback)
    }

    /// Renders a validated spec in `format`.
    public func render(_ spec: ChartSpec, format: OutputFormat) throws(SpecError) -> RenderedChart {
        let scene = self.scene(for: spec)
        switch format {
        case .svg:
            return RenderedChart(bytes: SVGWriter().write(scene), format: .svg)
        case .png, .smil, .json:
            throw SpecError(path: "format", message: "format \"\(format.rawValue)\" is not supported yet")
        }
    }

    /// The backend-neutral scene for `spec`.
    public func scene(for spec: ChartSpec) -> Scene {
        ChartLayout.scene(for: spec, metrics: text.measurer)
    }
}
