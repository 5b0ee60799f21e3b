public import ChartRender
import ChartScene
import ChartSpec
public import HTTPServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The chart API as an `HTTPResponder`: routes, format negotiation, ETags and the image cache, metrics, CORS,
/// and errors as problem+json.
///
/// Routes: `POST /v1/chart` (spec in the body), `GET /v1/chart?spec=` / `?c=` (spec in the URL, cacheable
/// forever), `GET /chart` and `POST /chart` (a Chart.js config with QuickChart's parameters, `QuickChart/`),
/// `GET /`, `/openapi.yaml`, `/healthz`, `/readyz` (503 until `warmUp` has run, `Startup/`), `/metrics`, `/v1/info`.
/// Every response carries a W3C `traceparent` (`TraceContext`) whose trace id is also in the request's log lines.
public final class ChartService: HTTPResponder {
    public let configuration: ChartServiceConfiguration
    public let cache: ChartCache
    public let metrics = ServiceMetrics()
    /// Keys, signed URLs and rate limits for render requests (`Access/`).
    public let access: AccessControl
    let renderer: any ChartRendering
    /// What `/readyz` says before draining: `starting` until `warmUp` has rendered through every backend.
    public let readiness = Readiness()
    private let cors: CORSPolicy
    private let assets: StaticAssets
    private let draining = Atomic<Bool>(false)
    /// Raw request → resolved chart key, so repeated requests skip parsing (at most 2 × 8192 small entries).
    private let resolutions = ResolutionMemo(capacity: 8192)
    /// What `/v1/info` answers, and its JSON; nil until set or first asked for.
    private let infoState = Mutex<(info: ServiceInfo, json: [UInt8])?>(nil)
    /// Where the service's own lines go (`ChartServiceConfiguration.logger`).
    public var logger: Logger { configuration.logger }

    public init(configuration: ChartServiceConfiguration = ChartServiceConfiguration(),
                renderer: some ChartRendering = ChartRenderer.shared, clock: any AccessClock = SystemAccessClock()) {
        self.configuration = configuration
        self.access = AccessControl(configuration: configuration.access, clock: clock, metrics: metrics)
        self.renderer = renderer
        self.cache = ChartCache(capacity: configuration.cacheBytes)
        self.cors = CORSPolicy(allowedOrigins: configuration.corsOrigins)
        self.assets = StaticAssets(directory: configuration.assetsDirectory)
        if let info = configuration.info { self.info = info }
    }

    /// What `GET /v1/info` answers. Set it once the server runs (chartd adds the poller); until set, it describes
    /// this configuration with default server limits and the shared renderer's fonts.
    public var info: ServiceInfo {
        get { infoState.withLock { $0?.info } ?? defaultInfo }
        set { infoState.withLock { $0 = (newValue, Array(newValue.json.utf8)) } }
    }

    private var defaultInfo: ServiceInfo {
        ServiceInfo(server: HTTPServerConfiguration(), service: configuration,
                    fonts: ChartRenderer.shared.text.fontReport)
    }

    private var infoJSON: [UInt8] {
        if let json = infoState.withLock({ $0?.json }) { return json }
        let info = defaultInfo
        let json = Array(info.json.utf8)
        infoState.withLock { $0 = $0 ?? (info, json) }
        return json
    }

    /// The routes and the methods each allows.
    enum Route: String, CaseIterable {
        case chart = "/v1/chart"
        /// QuickChart's route: a Chart.js config translated by `ChartJSDialect`.
        case quickChart = "/chart"
        case index = "/"
        case openAPI = "/openapi.yaml"
        case health = "/healthz"
        case ready = "/readyz"
        case metrics = "/metrics"
        /// Version, build, formats, kinds, fonts and the limits in force (`ServiceInfo`).
        case info = "/v1/info"

        /// The routes that answer with charts: rendering, caching, access control and rate limits apply.
        var rendersCharts: Bool { self == .chart || self == .quickChart }

        var allow: String { rendersCharts ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS" }

        func allows(_ method: String) -> Bool {
            method == "GET" || method == "HEAD" || method == "OPTIONS" || (method == "POST" && rendersCharts)
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
        if route.rendersCharts && head.method == "POST" && !Self.isJSON(head.headers["Content-Type"]) {
            let problem = Problem(status: 415, detail: "Content-Type must be application/json")
            return finish(problem.response, head: head)
        }
        if route.rendersCharts && head.method != "OPTIONS", let refusal = access.refuseEarly(head) {
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
        guard let route = Route(rawValue: String(request.path)), route.rendersCharts, request.method != "OPTIONS"
        else {
            return finish(route(request), head: request.head)
        }
        // Access control first: this path must not answer what the worker path would refuse.
        let principal: AccessPrincipal
        switch access.admit(request) {
        case .refused(let refusal): return finish(refusal, head: request.head)
        case .admitted(let admitted): principal = admitted
        }
        guard request.body.count <= 16 * 1024,
            case .success(let plan) = plan(route, request),
            let resolution = resolutions.get(plan.memoKey),
            let answer = answerWithoutRendering(resolution, request: request, cacheControl: plan.cacheControl,
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
        finish(Problem(status: status, detail: detail).response, head: head)
    }

    /// Metrics for every answer; a 5xx other than 503 (which is load shedding, counted and in the access log) is
    /// also logged as an error with its detail, whether or not the access log is on.
    public func didRespond(_ entry: HTTPLogEntry) {
        let route = Route.label(for: entry.path)
        metrics.recordRequest(route: route, status: entry.status, format: entry.field("format") ?? "",
                              bytes: entry.bytes, seconds: Double(entry.durationNanoseconds) / 1e9,
                              problemType: entry.field(Problem.typeLogField))
        if let key = entry.field("key") { metrics.recordRequest(key: key) }
        if entry.status >= 500 && entry.status != 503 {
            logger.log(.error, "request failed", [("method", entry.method), ("path", entry.path),
                                                  ("status", String(entry.status)),
                                                  ("error", entry.field("error") ?? "")],
                       requestID: entry.requestID.isEmpty ? nil : entry.requestID, traceID: entry.traceID)
        }
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
        case .chart, .quickChart:
            switch access.admit(request) {
            case .refused(let refusal): return refusal
            case .admitted(let principal):
                let response = switch plan(route, request) {
                case .success(let plan): answer(plan, request: request, principal: principal)
                case .failure(let refused): refused.problem.response
                }
                return access.attribute(response, to: principal)
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
                : readiness.response
        case .metrics:
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                body: Array(metrics.prometheusText(cache: cache.statistics).utf8))
        case .info:
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
                                body: infoJSON)
        }
    }

    /// Where a `/v1/chart` request's spec comes from, or why it cannot be had.
    private enum ChartSource {
        case json([UInt8], cacheControl: String)
        case refused(Problem)
    }

    /// The body of a POST; `?spec=<url-encoded JSON>` or `?c=<base64url JSON>` of a GET, where the URL is the
    /// content, so the image may be cached forever.
    private func chartSource(_ request: HTTPRequest) -> ChartSource {
        if request.method == "POST" { return .json(request.body, cacheControl: ChartRequestPlan.noCache) }
        let query: QueryString
        do {
            query = try QueryString(request.query)
        } catch {
            return .refused(Problem.badRequest("malformed percent-encoding in the query", path: error.parameter))
        }
        let json: [UInt8]
        switch (query["spec"], query["c"]) {
        case (let spec?, nil) where query.count(of: "spec") == 1:
            json = spec
        case (nil, let encoded?) where query.count(of: "c") == 1:
            guard let decoded = Base64URL.decode(encoded) else {
                return .refused(Problem.badRequest("c is not valid base64url", path: "c"))
            }
            json = decoded
        case (nil, nil):
            return .refused(Problem.badRequest(
                "give the chart spec as ?spec=<url-encoded JSON> or ?c=<base64url JSON>", path: "spec"))
        default:
            return .refused(Problem.badRequest("give exactly one of ?spec= and ?c=", path: "spec"))
        }
        return .json(json, cacheControl: ChartRequestPlan.immutable)
    }

    /// How a `/v1/chart` request asks to be answered in its query: `?format=` (nil when absent) and whether
    /// `?encoding=base64` asks for a data URI; or the problem when either is not understood.
    private func representation(_ request: HTTPRequest) -> Result<(OutputFormat?, dataURI: Bool), ProblemResponse> {
        guard let query = try? QueryString(request.query) else { return .success((nil, false)) }
        var format: OutputFormat?
        if let raw = query["format"] {
            guard let parsed = OutputFormat(name: String(decoding: raw, as: UTF8.self)) else {
                let problem = Problem.badRequest("format must be one of \(OutputFormat.names)", path: "format")
                return .failure(ProblemResponse(problem))
            }
            format = parsed
        }
        switch query["encoding"].map({ String(decoding: $0, as: UTF8.self) }) {
        case nil, "", "binary": return .success((format, false))
        case "base64": return .success((format, true))
        default:
            let problem = Problem.badRequest("encoding must be base64 (a data URI) or binary (the default)",
                                             path: "encoding")
            return .failure(ProblemResponse(problem))
        }
    }

    /// The plan of a request on a chart route, or the problem that refuses it before anything is parsed.
    private func plan(_ route: Route, _ request: HTTPRequest) -> Result<ChartRequestPlan, ProblemResponse> {
        route == .quickChart ? .success(quickChartPlan(request)) : nativePlan(request)
    }

    /// `/v1/chart`: a native spec; `?format=` beats the spec's own format, which beats `Accept`
    /// (`FormatNegotiation`); `?encoding=base64` answers with a data URI.
    private func nativePlan(_ request: HTTPRequest) -> Result<ChartRequestPlan, ProblemResponse> {
        let json: [UInt8], cacheControl: String
        switch chartSource(request) {
        case .refused(let problem): return .failure(ProblemResponse(problem))
        case .json(let bytes, let control): (json, cacheControl) = (bytes, control)
        }
        let override: OutputFormat?, dataURI: Bool
        switch representation(request) {
        case .success(let asked): (override, dataURI) = asked
        case .failure(let problem): return .failure(problem)
        }
        let accepted = FormatNegotiation.preferredFormat(accept: request.headers["Accept"])
        let renderer = self.renderer
        let memoKey = ChartCacheKey.forRequest(json: json, override: override, accepted: accepted, dataURI: dataURI,
                                               rendererVersion: configuration.rendererVersion)
        return .success(ChartRequestPlan(memoKey: memoKey, cacheControl: cacheControl) {
            () throws(ProblemResponse) -> ParsedChart in
            do throws(SpecError) {
                let spec = try renderer.parse(json: json, renderingAs: override)
                return ParsedChart(spec: spec,
                                   format: FormatNegotiation.format(requested: override, spec: spec.format,
                                                                    otherwise: accepted),
                                   variesWithAccept: override == nil && spec.format == nil, dataURI: dataURI)
            } catch {
                throw ProblemResponse(Problem.invalidSpec(error))
            }
        })
    }

    /// The headers every successful or conditional answer for `resolution` carries.
    private func validatorHeaders(_ resolution: ChartResolution, cacheControl: String) -> HTTPHeaders {
        var headers: HTTPHeaders = ["ETag": resolution.key.etag, "Cache-Control": cacheControl]
        if resolution.variesWithAccept { headers.add("Vary", "Accept") }
        if let ignored = resolution.ignored { headers.add(QuickChartHeaders.ignored, ignored) }
        return headers
    }

    /// The answer when no rendering is needed: 304 for a matching `If-None-Match`, or the cached image.
    ///
    /// POST counts as a conditional request too: rendering a chart is safe and has no effect on the server (POST
    /// only carries a spec too large or too private for a URL), so a client that kept the image and its `ETag` gets
    /// `304` instead of the same bytes again, as the contract (`openapi.yaml`) promises.
    private func answerWithoutRendering(_ resolution: ChartResolution, request: HTTPRequest, cacheControl: String,
                                        parseSeconds: Double, countMiss: Bool) -> HTTPResponse? {
        let key = resolution.key
        var headers = validatorHeaders(resolution, cacheControl: cacheControl)
        if EntityTagMatching.noneMatchFails(request.headers.values(for: "If-None-Match"), etag: key.etag) {
            return HTTPResponse(status: 304, headers: headers,
                                logFields: [("format", resolution.format.rawValue), ("cache", "etag")])
        }
        guard let cached = cache.get(key, countingMiss: countMiss) else { return nil }
        Self.addRepresentationHeaders(resolution, to: &headers)
        headers.add("Server-Timing", "parse;dur=\(Self.milliseconds(parseSeconds)), render;dur=0, cache;desc=\"hit\"")
        return HTTPResponse(status: 200, headers: headers, body: cached.bytes,
                            logFields: [("format", cached.format.rawValue), ("cache", "hit")])
    }

    /// Answers a chart request on a worker: the memo or a parse gives the resolution, then a 304, the cached image or
    /// a render. Charges `principal` once the cost is known: `RequestCost.minimum` for an answer without rendering or
    /// a refused request, the spec's `RequestCost.tokens` before a render.
    private func answer(_ plan: ChartRequestPlan, request: HTTPRequest, principal: AccessPrincipal) -> HTTPResponse {
        let parseStart = monotonicSeconds()
        var parsed: ParsedChart?
        let resolution: ChartResolution
        if let known = resolutions.get(plan.memoKey) {
            resolution = known
        } else {
            let fresh: ParsedChart
            do throws(ProblemResponse) {
                fresh = try plan.parse()
            } catch {
                return access.charge(principal, tokens: RequestCost.minimum) ?? error.problem.response
            }
            parsed = fresh
            resolution = ChartResolution(
                key: ChartCacheKey.forChart(spec: fresh.spec, format: fresh.format, dataURI: fresh.dataURI,
                                            rendererVersion: configuration.rendererVersion),
                format: fresh.format, variesWithAccept: fresh.variesWithAccept, dataURI: fresh.dataURI,
                ignored: fresh.ignored)
            resolutions.put(plan.memoKey, resolution)
        }
        let parseSeconds = monotonicSeconds() - parseStart
        if let answer = answerWithoutRendering(resolution, request: request, cacheControl: plan.cacheControl,
                                               parseSeconds: parseSeconds, countMiss: true) {
            return access.charge(principal, tokens: RequestCost.minimum) ?? answer
        }
        let format = resolution.format
        var headers = validatorHeaders(resolution, cacheControl: plan.cacheControl)
        let renderStart = monotonicSeconds()
        var rendered: RenderedChart
        do throws(RenderError) {
            // A remembered resolution skipped parsing; an image evicted since needs the spec again.
            let spec: ChartSpec
            if let parsed {
                spec = parsed.spec
            } else {
                do throws(ProblemResponse) {
                    spec = try plan.parse().spec
                } catch {
                    return error.problem.response
                }
            }
            if let limited = access.charge(principal, tokens: RequestCost.tokens(for: spec, format: format)) {
                return limited
            }
            let cancellation = request.cancellation
            let options = RenderOptions(budget: configuration.budget,
                                        cancellation: CancellationCheck { cancellation.isCancelled },
                                        idPrefix: "c" + resolution.key.description.prefix(10))
            rendered = try renderer.render(spec, format: format, options: options)
            if resolution.dataURI {
                rendered = RenderedChart(bytes: try DataURI.encode(rendered, budget: options.budget), format: format)
            }
        } catch {
            var response = Problem.renderFailure(error).response
            response.logFields += [("format", format.rawValue), ("cache", "miss")]
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
        metrics.observeRender(seconds: renderSeconds, format: format.rawValue)
        cache.put(resolution.key, rendered)
        Self.addRepresentationHeaders(resolution, to: &headers)
        headers.add("Server-Timing",
                    "parse;dur=\(Self.milliseconds(parseSeconds)), render;dur=\(Self.milliseconds(renderSeconds))")
        return HTTPResponse(status: 200, headers: headers, body: rendered.bytes,
                            logFields: [("format", rendered.format.rawValue), ("cache", "miss")])
    }

    // MARK: Helpers

    /// `Content-Type` of an answer with the chart, and for the chart's own bytes a `Content-Disposition` that
    /// shows it in place (`inline`) and names it `chart.<extension>` when saved, instead of whatever a browser makes
    /// of `/v1/chart?c=…`. A data URI is text to embed, not a file, so it gets neither name nor disposition.
    static func addRepresentationHeaders(_ resolution: ChartResolution, to headers: inout HTTPHeaders) {
        guard !resolution.dataURI else {
            headers.add("Content-Type", DataURI.contentType)
            return
        }
        headers.add("Content-Type", resolution.format.mediaType)
        headers.add("Content-Disposition", "inline; filename=\"chart.\(resolution.format.fileExtension)\"")
    }

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

    /// Every response passes here: its `traceparent` (the caller's trace, or a new one) with the trace id in its log
    /// line; CORS headers for allowed origins, and a policy that keeps an SVG opened directly (not through `<img>`,
    /// where scripts never run) from running script or loading anything. `head` is nil for a request whose request
    /// line could not be read.
    private func finish(_ response: HTTPResponse, head: HTTPRequestHead?) -> HTTPResponse {
        var response = response
        let trace = TraceContext(headers: head?.headers)
        response.headers.set("traceparent", trace.traceparent)
        response.logFields.removeAll { $0.0 == HTTPLogEntry.traceIDField }
        response.logFields.append((HTTPLogEntry.traceIDField, trace.traceID))
        guard let head else { return response }
        if head.method != "OPTIONS" { cors.decorate(&response, origin: head.headers["Origin"]) }
        if response.headers["Content-Type"] == "image/svg+xml" {
            response.headers.set("Content-Security-Policy", Self.svgContentSecurityPolicy)
        }
        if response.status >= 400, head.path == Route.quickChart.rawValue {
            QuickChartHeaders.addError(to: &response)
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
