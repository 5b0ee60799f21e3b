public import ChartRender
import ChartScene
import ChartSpec
public import HTTPServer
import Glibc
import Synchronization

/// The chart API as an `HTTPResponder`: routes, format negotiation, ETags and the image cache, metrics, CORS,
/// and errors as problem+json.
///
/// Routes: `POST /v1/chart` (spec in the body), `GET /v1/chart?spec=` / `?c=` (spec in the URL, cacheable
/// forever), `GET /`, `/openapi.yaml`, `/healthz`, `/readyz`, `/metrics`.
public final class ChartService: HTTPResponder {
    public let configuration: ChartServiceConfiguration
    public let cache: ChartCache
    public let metrics = ServiceMetrics()
    /// Keys, signed URLs and rate limits for render requests (`Access/`).
    public let access: AccessControl
    private let renderer: any ChartRendering
    private let cors: CORSPolicy
    private let assets: StaticAssets
    private let draining = Atomic<Bool>(false)
    /// Raw request → resolved chart key, so repeated requests skip parsing (at most 2 × 8192 small entries).
    private let resolutions = ResolutionMemo(capacity: 8192)

    public init(configuration: ChartServiceConfiguration = ChartServiceConfiguration(),
                renderer: some ChartRendering = ChartRenderer.shared, clock: any AccessClock = SystemAccessClock()) {
        self.configuration = configuration
        self.access = AccessControl(configuration: configuration.access, clock: clock, metrics: metrics)
        self.renderer = renderer
        self.cache = ChartCache(capacity: configuration.cacheBytes)
        self.cors = CORSPolicy(allowedOrigins: configuration.corsOrigins)
        self.assets = StaticAssets(directory: configuration.assetsDirectory)
    }

    /// The routes and the methods each allows.
    enum Route: String, CaseIterable {
        case chart = "/v1/chart"
        case index = "/"
        case openAPI = "/openapi.yaml"
        case health = "/healthz"
        case ready = "/readyz"
        case metrics = "/metrics"

        var allow: String { self == .chart ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS" }

        func allows(_ method: String) -> Bool {
            method == "GET" || method == "HEAD" || method == "OPTIONS" || (method == "POST" && self == .chart)
        }

        /// The metrics label for a path: a route, or `other` so arbitrary paths cannot grow the label set.
        static func label(for path: some StringProtocol) -> String {
            Route(rawValue: String(path))?.rawValue ?? "other"
        }
    }

    // MARK: HTTPResponder

    /// Refuses before the body is read: unknown routes, wrong methods, and a non-JSON `Content-Type`.
    public func check(_ head: HTTPRequestHead) -> HTTPResponse? {
        guard let route = Route(rawValue: String(head.path)) else {
            return head.hasBody ? finish(notFound(head), head: head) : nil
        }
        guard route.allows(head.method) else { return finish(methodNotAllowed(route, head), head: head) }
        if route == .chart && head.method == "POST" && !Self.isJSON(head.headers["Content-Type"]) {
            let problem = Problem(status: 415, detail: "Content-Type must be application/json")
            return finish(problem.response, head: head)
        }
        if route == .chart && head.method != "OPTIONS", let refusal = access.refuseEarly(head) {
            return finish(refusal, head: head)
        }
        return nil
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        metrics.inFlight.add(1, ordering: .relaxed)
        defer { metrics.inFlight.subtract(1, ordering: .relaxed) }
        return finish(route(request), head: request.head)
    }

    /// Answers on the I/O thread everything that needs no rendering, so it never waits behind renders: the
    /// control plane (`/healthz`, `/readyz`, `/metrics`), the static assets, preflights, unknown routes, and a
    /// chart request whose resolution is remembered and whose image is cached (or matches `If-None-Match`).
    /// Chart bodies over 16 KiB are left to the workers, so the I/O thread never hashes much.
    public func respondWithoutBlocking(to request: HTTPRequest) -> HTTPResponse? {
        guard Route(rawValue: String(request.path)) == .chart, request.method != "OPTIONS" else {
            return finish(route(request), head: request.head)
        }
        // Access control first: this path must not answer what the worker path would refuse.
        let principal: AccessPrincipal
        switch access.admit(request) {
        case .refused(let refusal): return finish(refusal, head: request.head)
        case .admitted(let admitted): principal = admitted
        }
        guard request.body.count <= 16 * 1024,
            case .json(let json, let cacheControl) = chartSource(request),
            case .success(let override) = formatOverride(request),
            let resolution = resolutions.get(requestKey(json: json, override: override, request: request)),
            let answer = answerWithoutRendering(resolution, request: request, cacheControl: cacheControl,
                                                parseSeconds: 0, countMiss: false)
        else { return nil }
        let charged = access.charge(principal, tokens: RequestCost.minimum) ?? answer
        return finish(access.attribute(charged, to: principal), head: request.head)
    }

    /// The client a request counts against for the per-client queue cap: its API key, or its address through
    /// trusted proxies (see `AccessControl.admissionKey`).
    public func admissionKey(for request: HTTPRequest) -> String {
        access.admissionKey(for: request)
    }

    public func errorResponse(status: Int, detail: String, head: HTTPRequestHead?) -> HTTPResponse {
        let response = Problem(status: status, detail: detail).response
        return head.map { finish(response, head: $0) } ?? response
    }

    public func didRespond(_ entry: HTTPLogEntry) {
        let format = entry.fields.first { $0.0 == "format" }?.1 ?? ""
        metrics.recordRequest(route: Route.label(for: entry.path), status: entry.status, format: format,
                              bytes: entry.bytes)
        if let key = entry.fields.first(where: { $0.0 == "key" })?.1 { metrics.recordRequest(key: key) }
    }

    public func drainDidBegin() {
        draining.store(true, ordering: .relaxed)
    }

    // MARK: Routing

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        let head = request.head
        guard let route = Route(rawValue: String(head.path)) else { return notFound(head) }
        guard route.allows(head.method) else { return methodNotAllowed(route, head) }
        if head.method == "OPTIONS" { return cors.options(head: head, allow: route.allow) }
        switch route {
        case .chart:
            switch access.admit(request) {
            case .refused(let refusal): return refusal
            case .admitted(let principal): return access.attribute(chart(request, principal: principal), to: principal)
            }
        case .index:
            return StaticAssets.withContentSecurityPolicy(asset("index.html", contentType: "text/html; charset=utf-8"))
        case .openAPI:
            return asset("openapi.yaml", contentType: "application/yaml")
        case .health:
            return .json(200, #"{"status":"ok"}"#)
        case .ready:
            return draining.load(ordering: .relaxed)
                ? Problem(status: 503, detail: "the server is shutting down").response
                : .json(200, #"{"status":"ready"}"#)
        case .metrics:
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                body: Array(metrics.prometheusText(cache: cache.statistics).utf8))
        }
    }

    /// Where a chart request's spec comes from, or why it cannot be had.
    private enum ChartSource {
        case json([UInt8], cacheControl: String)
        case refused(HTTPResponse)
    }

    /// The body of a POST; `?spec=<url-encoded JSON>` or `?c=<base64url JSON>` of a GET, where the URL is the
    /// content, so the image may be cached forever.
    private func chartSource(_ request: HTTPRequest) -> ChartSource {
        if request.method == "POST" { return .json(request.body, cacheControl: "no-cache") }
        let query: QueryString
        do {
            query = try QueryString(request.query)
        } catch {
            return .refused(
                Problem.badRequest("malformed percent-encoding in the query", path: error.parameter).response)
        }
        let json: [UInt8]
        switch (query["spec"], query["c"]) {
        case (let spec?, nil) where query.count(of: "spec") == 1:
            json = spec
        case (nil, let encoded?) where query.count(of: "c") == 1:
            guard let decoded = Base64URL.decode(encoded) else {
                return .refused(Problem.badRequest("c is not valid base64url", path: "c").response)
            }
            json = decoded
        case (nil, nil):
            return .refused(Problem.badRequest(
                "give the chart spec as ?spec=<url-encoded JSON> or ?c=<base64url JSON>", path: "spec").response)
        default:
            return .refused(Problem.badRequest("give exactly one of ?spec= and ?c=", path: "spec").response)
        }
        return .json(json, cacheControl: "public, max-age=31536000, immutable")
    }

    private func chart(_ request: HTTPRequest, principal: AccessPrincipal) -> HTTPResponse {
        switch chartSource(request) {
        case .refused(let response): response
        case .json(let json, let cacheControl):
            chart(json: json, request: request, cacheControl: cacheControl, principal: principal)
        }
    }

    /// `?format=`: nil when absent, or the problem response when it names no format.
    private func formatOverride(_ request: HTTPRequest) -> Result<OutputFormat?, ProblemResponse> {
        guard let raw = try? QueryString(request.query)["format"] else { return .success(nil) }
        guard let parsed = OutputFormat(rawValue: String(decoding: raw, as: UTF8.self)) else {
            let names = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(ProblemResponse(Problem.badRequest("format must be one of \(names)", path: "format")))
        }
        return .success(parsed)
    }

    /// The key of the raw request, for the resolution memo.
    private func requestKey(json: [UInt8], override: OutputFormat?, request: HTTPRequest) -> ChartCacheKey {
        ChartCacheKey.forRequest(json: json, override: override,
                                 accepted: FormatNegotiation.preferredFormat(accept: request.headers["Accept"]),
                                 rendererVersion: configuration.rendererVersion)
    }

    /// The answer when no rendering is needed: 304 for a matching `If-None-Match` (GET/HEAD), or the cached image.
    private func answerWithoutRendering(_ resolution: ChartResolution, request: HTTPRequest, cacheControl: String,
                                        parseSeconds: Double, countMiss: Bool) -> HTTPResponse? {
        let key = resolution.key
        var headers: HTTPHeaders = ["ETag": key.etag, "Cache-Control": cacheControl]
        if resolution.variesWithAccept { headers.add("Vary", "Accept") }
        let conditional = request.method == "GET" || request.method == "HEAD"
        if conditional, EntityTagMatching.noneMatchFails(request.headers.values(for: "If-None-Match"),
                                                          etag: key.etag) {
            return HTTPResponse(status: 304, headers: headers,
                                logFields: [("format", resolution.format.rawValue), ("cache", "etag")])
        }
        guard let cached = cache.get(key, countingMiss: countMiss) else { return nil }
        headers.add("Content-Type", cached.contentType)
        headers.add("Server-Timing", "parse;dur=\(Self.milliseconds(parseSeconds)), render;dur=0, cache;desc=\"hit\"")
        return HTTPResponse(status: 200, headers: headers, body: cached.bytes,
                            logFields: [("format", cached.format.rawValue), ("cache", "hit")])
    }

    /// Renders (or finds in the cache) the chart for `json`, honouring `?format=`, `Accept` and `If-None-Match`.
    /// Charges `principal` once the cost is known: `RequestCost.minimum` for an answer without rendering or a refused
    /// spec, the spec's `RequestCost.tokens` before a render.
    private func chart(json: [UInt8], request: HTTPRequest, cacheControl: String,
                       principal: AccessPrincipal) -> HTTPResponse {
        let override: OutputFormat?
        switch formatOverride(request) {
        case .success(let format): override = format
        case .failure(let problem): return problem.problem.response
        }
        let parseStart = monotonicSeconds()
        let memoKey = requestKey(json: json, override: override, request: request)
        var spec: ChartSpec?
        let resolution: ChartResolution
        if let known = resolutions.get(memoKey) {
            resolution = known
        } else {
            let parsed: ChartSpec
            do {
                parsed = try renderer.parse(json: json, renderingAs: override)
            } catch {
                return access.charge(principal, tokens: RequestCost.minimum) ?? Problem.invalidSpec(error).response
            }
            spec = parsed
            // ?format= beats the spec's own format, which beats Accept.
            let format = override ?? parsed.format
                ?? FormatNegotiation.preferredFormat(accept: request.headers["Accept"])
            resolution = ChartResolution(
                key: ChartCacheKey.forChart(spec: parsed, format: format,
                                            rendererVersion: configuration.rendererVersion),
                format: format, variesWithAccept: override == nil && parsed.format == nil)
            resolutions.put(memoKey, resolution)
        }
        let parseSeconds = monotonicSeconds() - parseStart
        if let answer = answerWithoutRendering(resolution, request: request, cacheControl: cacheControl,
                                               parseSeconds: parseSeconds, countMiss: true) {
            return access.charge(principal, tokens: RequestCost.minimum) ?? answer
        }
        let format = resolution.format
        var headers: HTTPHeaders = ["ETag": resolution.key.etag, "Cache-Control": cacheControl]
        if resolution.variesWithAccept { headers.add("Vary", "Accept") }
        let renderStart = monotonicSeconds()
        let rendered: RenderedChart
        do throws(RenderError) {
            // A remembered resolution skipped parsing; an image evicted since needs the spec again.
            let parsed: ChartSpec
            if let spec {
                parsed = spec
            } else {
                do throws(SpecError) {
                    parsed = try renderer.parse(json: json, renderingAs: override)
                } catch {
                    throw .invalidSpec(error)
                }
            }
            if let limited = access.charge(principal, tokens: RequestCost.tokens(for: parsed, format: format)) {
                return limited
            }
            let cancellation = request.cancellation
            let options = RenderOptions(budget: configuration.budget,
                                        cancellation: CancellationCheck { cancellation.isCancelled },
                                        idPrefix: "c" + resolution.key.description.prefix(10))
            rendered = try renderer.render(parsed, format: format, options: options)
        } catch {
            var response = Problem.renderFailure(error).response
            response.logFields = [("format", format.rawValue), ("cache", "miss")]
            switch error {
            case .tooComplex: metrics.recordStop(.tooComplex)
            case .cancelled:
                let gone = request.cancellation.reason == .clientGone
                metrics.recordStop(gone ? .clientGone : .deadline)
                response.headers.set("Retry-After", "1")
            case .invalidSpec, .backendFailure: break
            }
            return response
        }
        let renderSeconds = monotonicSeconds() - renderStart
        metrics.observeRender(seconds: renderSeconds)
        cache.put(resolution.key, rendered)
        headers.add("Content-Type", rendered.contentType)
        headers.add("Server-Timing",
                    "parse;dur=\(Self.milliseconds(parseSeconds)), render;dur=\(Self.milliseconds(renderSeconds))")
        return HTTPResponse(status: 200, headers: headers, body: rendered.bytes,
                            logFields: [("format", rendered.format.rawValue), ("cache", "miss")])
    }

    // MARK: Helpers

    private func asset(_ name: String, contentType: String) -> HTTPResponse {
        guard let bytes = assets.read(name) else {
            return Problem(status: 404, detail: "\(name) is not available on this server").response
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": contentType, "Cache-Control": "no-cache"],
                            body: bytes)
    }

    private func notFound(_ head: HTTPRequestHead) -> HTTPResponse {
        Problem(status: 404, detail: "no such resource: \(head.path)").response
    }

    private func methodNotAllowed(_ route: Route, _ head: HTTPRequestHead) -> HTTPResponse {
        var response = Problem(status: 405, detail: "\(head.method) is not allowed on \(route.rawValue)").response
        response.headers.set("Allow", route.allow)
        return response
    }

    /// Every response passes here: CORS headers for allowed origins, and a policy that keeps an SVG opened
    /// directly (not through `<img>`, where scripts never run) from running script or loading anything.
    private func finish(_ response: HTTPResponse, head: HTTPRequestHead) -> HTTPResponse {
        var response = response
        if head.method != "OPTIONS" { cors.decorate(&response, origin: head.headers["Origin"]) }
        if response.headers["Content-Type"] == "image/svg+xml" {
            response.headers.set("Content-Security-Policy", Self.svgContentSecurityPolicy)
        }
        return response
    }

    /// The policy sent with every SVG: no script, no fetches, no frames; inline styles only.
    static let svgContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'"

    /// `application/json` or any `+json` type, parameters (such as charset) ignored.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media = (contentType.split(separator: ";").first.map { $0.trimmingSpaces } ?? "").lowercased()
        return media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
    }

    private static func milliseconds(_ seconds: Double) -> String {
        let micros = Int((seconds * 1_000_000).rounded())
        let fraction = String(micros % 1000)
        return "\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    private func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

extension HTTPResponse {
    static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
    }
}
