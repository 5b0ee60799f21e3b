public import ChartRender
public import ChartSpec

/// The rendering step the service calls, injected so tests can use a fake (or a deliberately slow) renderer.
/// Called on worker threads; it may block.
public protocol ChartRendering: Sendable {
    /// Parses, validates and renders `json`; `format` overrides the spec's own, `fallback` applies when neither says.
    func render(json: [UInt8], format: OutputFormat?, fallback: OutputFormat) throws(SpecError) -> RenderedChart
}

extension ChartRenderer: ChartRendering {}
