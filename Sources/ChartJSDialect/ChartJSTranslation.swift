public import ChartSpec

/// The result of translating a Chart.js config: the validated native spec and what was left out.
public struct ChartJSTranslation: Sendable {
    /// Validated, ready for `ChartRenderer.render`.
    public var spec: ChartSpec
    /// The native spec it was decoded from (for tests and `chart render --chartjs`).
    public var native: JSONValue
    /// Chart.js paths accepted and ignored (no effect on a static image, or unknown keys), in document order.
    public var ignored: [String]

    public init(spec: ChartSpec, native: JSONValue, ignored: [String]) {
        self.spec = spec
        self.native = native
        self.ignored = ignored
    }
}
