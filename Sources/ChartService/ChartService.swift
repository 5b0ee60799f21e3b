import ChartRender
import HTTPServer

/// The chart API: routes, caching, metrics, errors as problem+json.
public struct ChartService: Sendable {
    public init() {}
}
