public import ChartRender
public import ChartSpec

/// The pipeline as the service uses it, injected so tests can use a fake (or deliberately slow) renderer.
/// Two steps, because the service needs the validated spec (its format, its canonical form for the cache key)
/// before deciding whether to render at all. Called on worker threads; both may block.
public protocol ChartRendering: Sendable {
    /// JSON → validated spec; every problem with its JSON path. `format` is a `?format=` override when there is one
    /// (it decides, instead of the spec's `format`, whether a PNG's raster budget is checked with the other problems).
    func parse(json: [UInt8], renderingAs format: OutputFormat?) throws(SpecError) -> ChartSpec
    /// Renders a validated spec in `format` within `options` (budget, cancellation, SVG ids); a `backendFailure`
    /// is a bug and becomes a 500.
    func render(_ spec: ChartSpec, format: OutputFormat, options: RenderOptions) throws(RenderError) -> RenderedChart
}

extension ChartRenderer: ChartRendering {
    public func parse(json: [UInt8], renderingAs format: OutputFormat?) throws(SpecError) -> ChartSpec {
        try ChartSpec.parse(json, renderingAs: format)
    }
}
