public import ChartRender
public import HTTPServer

/// The chart API's own settings (the HTTP ones live in `HTTPServerConfiguration`).
public struct ChartServiceConfiguration: Sendable {
    /// Rendered-image cache size in bytes (0 disables it).
    public var cacheBytes: Int = 64 * 1024 * 1024
    /// Origins allowed to read responses cross-origin; `["*"]` allows any. Default none.
    public var corsOrigins: [String] = []
    /// Directory holding `index.html` and `openapi.yaml`.
    public var assetsDirectory: String = "."
    /// Part of every ETag and cache key: change it whenever the same spec would render differently.
    public var rendererVersion: String = "chartd-2"
    /// The most one render may cost; over it a request gets 422 `/problems/too-complex`.
    public var budget = RenderBudget.standard
    /// Authentication and rate limits (`Access/`); off by default.
    public var access = AccessConfiguration()
    /// Where the service's own lines go (a failed request's error); chartd passes the run's logger.
    public var logger = Logger(format: .text)
    /// What `GET /v1/info` says; nil: the defaults of this configuration and the shared renderer's fonts.
    public var info: ServiceInfo?

    public init() {}
}
