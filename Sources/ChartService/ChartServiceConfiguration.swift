/// The chart API's own settings (the HTTP ones live in `HTTPServerConfiguration`).
public struct ChartServiceConfiguration: Sendable {
    /// Rendered-image cache size in bytes (0 disables it).
    public var cacheBytes: Int = 64 * 1024 * 1024
    /// Origins allowed to read responses cross-origin; `["*"]` allows any. Default none.
    public var corsOrigins: [String] = []
    /// Directory holding `index.html` and `openapi.yaml`.
    public var assetsDirectory: String = "."
    /// Part of every ETag and cache key: change it whenever the same spec would render differently.
    public var rendererVersion: String = "chartd-1"
    /// Authentication and rate limits (`Access/`); off by default.
    public var access = AccessConfiguration()

    public init() {}
}
