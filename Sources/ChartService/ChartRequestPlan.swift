import ChartSpec

/// One chart request as the shared answering (memo, ETag/304, image cache, render) needs it, whichever route it came
/// by: `/v1/chart` with a native spec or `/chart` with a Chart.js config. Building a plan is cheap (it hashes the raw
/// request and parses nothing), so the I/O thread can build one to look for a remembered resolution.
struct ChartRequestPlan {
    /// Identifies the raw request — route, every parameter, the body — for the resolution memo; never an ETag.
    var memoKey: ChartCacheKey
    /// `Cache-Control` of a successful answer: immutable when the URL is the content, `no-cache` for a POST.
    var cacheControl: String
    /// Parses and validates the request into a spec; a refusal is the problem to answer with. Deterministic, so it
    /// may run again when a remembered resolution's image was evicted.
    var parse: () throws(ProblemResponse) -> ParsedChart

    /// `Cache-Control` when the URL is the content (GET): the image may be cached forever.
    static let immutable = "public, max-age=31536000, immutable"
    /// `Cache-Control` for a POST: the client must ask again.
    static let noCache = "no-cache"
}

/// What a request parsed to: the validated spec and how it is to be rendered.
struct ParsedChart {
    var spec: ChartSpec
    /// The resolved output format (query parameter, spec, `Accept` or the route's default).
    var format: OutputFormat
    /// True when `Accept` chose the format, so responses carry `Vary: Accept`.
    var variesWithAccept: Bool
    /// True when the answer is the image as a data URI (`DataURI`) rather than its bytes.
    var dataURI = false
    /// The `X-Chart-Ignored` value: input the route accepted and ignored; nil when there is none.
    var ignored: String? = nil
}
