public import ChartRender
public import ChartSpec

/// A renderer that ignores the spec and returns the same SVG of a fixed size: for measuring the server alone
/// (`chartd --constant-render-bytes N`), never for real use.
public struct ConstantRenderer: ChartRendering {
    private let bytes: [UInt8]

    /// An SVG document of `size` bytes (at least its minimal skeleton).
    public init(size: Int) {
        let open = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><!--"#.utf8)
        let close = Array("--></svg>\n".utf8)
        let padding = max(0, size - open.count - close.count)
        bytes = open + [UInt8](repeating: UInt8(ascii: "x"), count: padding) + close
    }

    public func parse(json: [UInt8], renderingAs format: OutputFormat?) throws(SpecError) -> ChartSpec {
        ChartSpec()
    }

    public func render(_ spec: ChartSpec, format: OutputFormat, options: RenderOptions) throws(RenderError)
        -> RenderedChart
    {
        RenderedChart(bytes: bytes, format: .svg)
    }
}
