import ChartRender
import ChartSpec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer
import Testing
@testable import ChartService

struct ChartServiceTests {
    let renderer = FakeRenderer()
    let service: ChartService

    init() {
        service = ChartService(renderer: renderer)
    }

    static let spec = #"{"series":[{"values":[1,2,3]}]}"#

    @Test func postRendersTheSpecWithValidatorHeaders() throws {
        let response = service.respond(to: request("POST", "/v1/chart", body: Self.spec))
        #expect(response.status == 200)
        #expect(response.text == "svg:" + Self.spec)
        #expect(response.headers["Content-Type"] == "image/svg+xml")
        let timing = try #require(response.headers["Server-Timing"])
        #expect(timing.hasPrefix("parse;dur=") && timing.contains(", render;dur="))
        let etag = try #require(response.headers["ETag"])
        #expect(etag.count == 34 && etag.first == "\"" && etag.last == "\"")
        #expect(response.headers["Vary"] == "Accept")
        #expect(response.logFields.contains { $0 == ("format", "svg") })
    }

    /// (spec, query, Accept) → the format that must win: ?format= over the spec over Accept.
    static let formatCases: [(String, String, String?, OutputFormat)] = [
        (spec, "", nil, .svg),
        (spec, "", "image/png", .png),
        (spec, "", "image/png;q=0.5, image/svg+xml", .svg),
        (spec, "", "image/*;q=0.5, image/png", .png),
        (spec, "", "image/*, image/png", .svg),
        (spec, "", "text/html,image/avif,image/webp,*/*;q=0.8", .svg),
        (spec, "?format=png", "image/svg+xml", .png),
        (#"{"format":"png"}"#, "", "image/svg+xml", .png),
        (#"{"format":"png"}"#, "?format=svg", nil, .svg),
    ]

    @Test(arguments: formatCases)
    func choosesTheFormat(spec: String, query: String, accept: String?, expected: OutputFormat) {
        let headers = accept.map { [("Accept", $0)] } ?? []
        let response = service.respond(to: request("POST", "/v1/chart" + query, headers: headers, body: spec))
        #expect(response.text.hasPrefix(expected.rawValue + ":"))
        #expect(response.headers["Content-Type"] == RenderedChart(bytes: [], format: expected).contentType)
        // Accept only matters (and only needs Vary) when neither ?format= nor the spec decides.
        #expect((response.headers["Vary"] == "Accept") == (query.isEmpty && !spec.contains("format")))
    }

    @Test func getWithEitherEncodingRendersTheSameImmutableResource() {
        let viaSpec = service.respond(to: request("GET", "/v1/chart?spec=" + percentEncoded(Self.spec)))
        let viaC = service.respond(to: request("GET", "/v1/chart?c=" + Base64URL.encode(Array(Self.spec.utf8))))
        let viaPost = service.respond(to: request("POST", "/v1/chart", body: Self.spec))
        for response in [viaSpec, viaC] {
            #expect(response.status == 200)
            #expect(response.text == "svg:" + Self.spec)
            #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(response.headers["ETag"] == viaPost.headers["ETag"])
        }
        #expect(viaPost.headers["Cache-Control"] == "no-cache")
    }

    @Test func plusInTheQueryIsASpace() {
        let response = service.respond(to: request("GET", "/v1/chart?spec=%7B%22a%22:+1%7D"))
        #expect(response.text == #"svg:{"a": 1}"#)
    }

    /// Query strings the API must refuse, and the JSON path its problem names.
    static let badQueries: [(String, String)] = [
        ("/v1/chart", "spec"),
        ("/v1/chart?spec=%7B%7D&c=e30", "spec"),
        ("/v1/chart?spec=1&spec=2", "spec"),
        ("/v1/chart?c=e3*w", "c"),
        ("/v1/chart?c=e", "c"),
        ("/v1/chart?spec=%7G", "spec"),
        ("/v1/chart?spec=%7B%7D&format=bmp", "format"),
    ]

    @Test(arguments: badQueries)
    func refusesBadQueriesWithAProblem(target: String, path: String) {
        let response = service.respond(to: request("GET", target))
        #expect(response.status == 400)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.text.contains(#""errors":[{"path":"\#(path)""#))
        #expect(renderer.callCount == 0)
    }

    @Test func invalidSpecIsAProblemListingEveryIssue() {
        let response = service.respond(to: request("POST", "/v1/chart", body: #"{"bad":1}"#))
        #expect(response.status == 422)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.text == #"{"type":"/problems/invalid-spec","title":"Invalid chart spec","status":422,"#
            + #""detail":"The chart spec has 2 problems.","errors":[{"path":"series[0].values[2]","#
            + #""message":"expected a number"},{"path":"width","message":"must be at most 4096"}]}"#)
    }

    @Test func renderErrorsMapToProblems() {
        let unsupported = service.respond(to: request("POST", "/v1/chart?format=json", body: Self.spec))
        #expect(unsupported.status == 422)
        #expect(unsupported.text.contains(#""errors":[{"path":"format""#))
        let bug = service.respond(to: request("POST", "/v1/chart", body: #"{"crash":1}"#))
        #expect(bug.status == 500)
        #expect(bug.headers["Content-Type"] == "application/problem+json")
        #expect(bug.text.contains("internal rendering failure"))
    }

    @Test func ifNoneMatchAnswers304WithoutRendering() throws {
        let target = "/v1/chart?spec=" + percentEncoded(Self.spec)
        let first = service.respond(to: request("GET", target))
        let etag = try #require(first.headers["ETag"])
        for header in [etag, "W/" + etag, "\"other\", " + etag, "*"] {
            let again = service.respond(to: request("GET", target, headers: [("If-None-Match", header)]))
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.headers["ETag"] == etag)
            #expect(again.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        }
        let miss = service.respond(to: request("GET", target, headers: [("If-None-Match", "\"stale\"")]))
        #expect(miss.status == 200)
        #expect(renderer.callCount == 1)
    }

    /// POST is conditional as GET is (the contract promises it): a matching `If-None-Match` is a 304 with the tag
    /// and no body, rendered never again; a stale one renders. Both chart routes, with and without a warm memo.
    @Test(arguments: [("/v1/chart", Self.spec, "no-cache"),
                      ("/chart", #"{"chart": {"type": "bar", "data": {"datasets": [{"data": [1, 2]}]}}}"#, "no-cache")])
    func postIfNoneMatchAnswers304WithoutRendering(route: String, body: String, cacheControl: String) throws {
        let first = service.respond(to: request("POST", route, body: body))
        #expect(first.status == 200)
        let etag = try #require(first.headers["ETag"])
        let cold = ChartService(renderer: renderer)  // no memo, no cached image: parses, then answers 304
        for responder in [service, cold] {
            for header in [etag, "W/" + etag, "\"other\", " + etag, "*"] {
                let again = responder.respond(to: request("POST", route, headers: [("If-None-Match", header)],
                                                          body: body))
                #expect(again.status == 304, "\(route) If-None-Match: \(header)")
                #expect(again.body.isEmpty)
                #expect(again.headers["ETag"] == etag)
                #expect(again.headers["Cache-Control"] == cacheControl)
            }
        }
        let quick = service.respondWithoutBlocking(to: request("POST", route, headers: [("If-None-Match", etag)],
                                                               body: body))
        #expect(quick?.status == 304)
        let stale = service.respond(to: request("POST", route, headers: [("If-None-Match", "\"stale\"")], body: body))
        #expect(stale.status == 200 && stale.body == first.body)
        #expect(renderer.callCount == 1)
    }

    @Test func etagDependsOnSpecFormatAndRendererVersion() {
        func etag(_ service: ChartService, _ target: String, _ body: String) -> String? {
            service.respond(to: request("POST", target, body: body)).headers["ETag"]
        }
        var other = ChartServiceConfiguration()
        other.rendererVersion = "next"
        let otherService = ChartService(configuration: other, renderer: renderer)
        let base = etag(service, "/v1/chart", Self.spec)
        #expect(base == etag(ChartService(renderer: FakeRenderer()), "/v1/chart", Self.spec))
        #expect(base != etag(service, "/v1/chart?format=png", Self.spec))
        #expect(base != etag(service, "/v1/chart", Self.spec + " "))  // the fake keeps the raw text as the title
        #expect(base != etag(otherService, "/v1/chart", Self.spec))
    }

    @Test func repeatedChartsComeFromTheCache() {
        for _ in 0..<3 {
            #expect(service.respond(to: request("POST", "/v1/chart", body: Self.spec)).status == 200)
        }
        #expect(renderer.callCount == 1)
        let statistics = service.cache.statistics
        #expect(statistics.hits == 2 && statistics.misses == 1 && statistics.entries == 1)
        let hit = service.respond(to: request("POST", "/v1/chart", body: Self.spec))
        #expect(hit.headers["Server-Timing"]?.hasSuffix("render;dur=0, cache;desc=\"hit\"") == true)
        #expect(hit.logFields.contains { $0 == ("cache", "hit") })
    }

    @Test func repeatedRequestsSkipParsing() {
        for _ in 0..<3 { _ = service.respond(to: request("POST", "/v1/chart", body: Self.spec)) }
        #expect(renderer.parseCount == 1)
        // Another Accept may resolve differently, so it is a separate memo entry.
        let png = service.respond(to: request("POST", "/v1/chart", headers: [("Accept", "image/png")], body: Self.spec))
        #expect(png.text.hasPrefix("png:"))
        #expect(renderer.parseCount == 2)
    }

    @Test func cacheHitsAreAnsweredWithoutBlocking() throws {
        let post = request("POST", "/v1/chart", body: Self.spec)
        #expect(service.respondWithoutBlocking(to: post) == nil)  // nothing known yet
        let rendered = service.respond(to: post)
        let quick = try #require(service.respondWithoutBlocking(to: post))
        #expect(quick.body == rendered.body)
        #expect(quick.headers["ETag"] == rendered.headers["ETag"])
        #expect(quick.headers["Content-Type"] == "image/svg+xml")
        let get = request("GET", "/v1/chart?c=" + Base64URL.encode(Array(Self.spec.utf8)),
                          headers: [("If-None-Match", rendered.headers["ETag"] ?? "")])
        #expect(service.respondWithoutBlocking(to: get)?.status == 304)
        #expect(service.respondWithoutBlocking(to: request("POST", "/v1/chart?format=bmp", body: Self.spec)) == nil)
        let large = "{\"pad\":\"" + String(repeating: "x", count: 20_000) + "\"}"
        _ = service.respond(to: request("POST", "/v1/chart", body: large))
        #expect(service.respondWithoutBlocking(to: request("POST", "/v1/chart", body: large)) == nil)
        #expect(renderer.callCount == 2)
        #expect(service.cache.statistics.misses == 2)
    }

    @Test func anEvictedImageIsRenderedAgainFromAFreshParse() {
        var configuration = ChartServiceConfiguration()
        configuration.cacheBytes = 0
        let service = ChartService(configuration: configuration, renderer: renderer)
        let first = service.respond(to: request("POST", "/v1/chart", body: Self.spec))
        let second = service.respond(to: request("POST", "/v1/chart", body: Self.spec))
        #expect(first.body == second.body)
        #expect(first.headers["ETag"] == second.headers["ETag"])
        #expect(renderer.callCount == 2)
        #expect(renderer.parseCount == 2)
    }

    @Test func checkRefusesBeforeTheBodyIsRead() {
        func status(_ method: String, _ path: String, _ contentType: String?, body: Bool = true) -> Int? {
            var headers: HTTPHeaders = ["Host": "t"]
            if let contentType { headers.add("Content-Type", contentType) }
            return service.check(HTTPRequestHead(method: method, target: path, version: .http1_1, headers: headers,
                                                 framing: body ? .contentLength(10) : .none))?.status
        }
        #expect(status("POST", "/v1/chart", "application/json") == nil)
        #expect(status("POST", "/v1/chart", "Application/JSON; charset=utf-8") == nil)
        #expect(status("POST", "/v1/chart", "application/vnd.chart+json") == nil)
        #expect(status("POST", "/v1/chart", "text/plain") == 415)
        #expect(status("POST", "/v1/chart", nil) == 415)
        #expect(status("POST", "/healthz", "application/json") == 405)
        #expect(status("POST", "/nowhere", "application/json") == 404)
        #expect(status("GET", "/nowhere", nil, body: false) == nil)  // answered by respond, connection kept
    }

    @Test func wrongMethodOnARouteIs405WithItsAllow() {
        let response = service.respond(to: request("POST", "/metrics", body: "{}"))
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS")
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    @Test func unknownPathIs404Problem() {
        let response = service.respond(to: request("GET", "/v2/chart"))
        #expect(response.status == 404)
        #expect(response.text.contains(#""status":404"#))
    }

    @Test func healthAndReadiness() {
        #expect(service.respond(to: request("GET", "/healthz")).status == 200)
        #expect(service.respond(to: request("GET", "/readyz")).status == 503)  // until the warm-up (ReadinessTests)
        service.readiness.markReady()
        #expect(service.respond(to: request("GET", "/readyz")).status == 200)
        service.drainDidBegin()
        #expect(service.respond(to: request("GET", "/readyz")).status == 503)
        #expect(service.respond(to: request("GET", "/healthz")).status == 200)
    }

    @Test func metricsCountRequestsRendersAndCache() {
        _ = service.respond(to: request("POST", "/v1/chart", body: Self.spec))
        _ = service.respond(to: request("POST", "/v1/chart", body: Self.spec))
        service.didRespond(HTTPLogEntry(method: "POST", path: "/v1/chart", status: 200, bytes: 10,
                                        durationNanoseconds: 1, requestID: "a", fields: [("format", "svg")]))
        service.didRespond(HTTPLogEntry(method: "GET", path: "/random/\(UInt32.random(in: 0...9999))", status: 404,
                                        bytes: 5, durationNanoseconds: 1, requestID: "b", fields: []))
        let text = service.respond(to: request("GET", "/metrics")).text
        #expect(text.contains(#"chartd_http_requests_total{route="/v1/chart",status="200",format="svg"} 1"#))
        #expect(text.contains(#"chartd_http_requests_total{route="other",status="404",format=""} 1"#))
        #expect(text.contains("chartd_render_duration_seconds_count{format=\"svg\"} 1\n"))
        #expect(text.contains("chartd_render_duration_seconds_bucket{format=\"svg\",le=\"+Inf\"} 1\n"))
        #expect(text.contains("chartd_cache_hits_total 1\n"))
        #expect(text.contains("chartd_cache_misses_total 1\n"))
        #expect(text.contains("chartd_response_bytes_total 15\n"))
        #expect(text.contains("chartd_requests_in_flight 1\n"))  // the /metrics request itself
    }

    @Test func servesAssetsFromTheAssetsDirectory() throws {
        var template = Array("/tmp/chartd-assets-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        let directory = try #require(created)
        defer { rmdir(directory) }
        var configuration = ChartServiceConfiguration()
        configuration.assetsDirectory = directory
        let service = ChartService(configuration: configuration, renderer: renderer)
        #expect(service.respond(to: request("GET", "/openapi.yaml")).status == 404)
        let path = directory + "/index.html"
        let file = fopen(path, "w")
        fputs("<p>hi</p>", file)
        fclose(file)
        defer { unlink(path) }
        let index = service.respond(to: request("GET", "/"))
        #expect(index.status == 200)
        #expect(index.text == "<p>hi</p>")
        #expect(index.headers["Content-Type"] == "text/html; charset=utf-8")
    }

    /// The preview page's policy lives in its meta tag (so it also holds when the page is opened from disk); `GET /`
    /// sends exactly that policy as the header too.
    @Test func previewPageSendsItsMetaPolicyAsAHeader() throws {
        let root = OpenAPIContractTests.root.path
        var configuration = ChartServiceConfiguration()
        configuration.assetsDirectory = root
        let service = ChartService(configuration: configuration, renderer: renderer)
        let page = service.respond(to: request("GET", "/"))
        #expect(page.status == 200)
        let meta = #"<meta http-equiv="Content-Security-Policy" content=""#
        let start = try #require(page.text.range(of: meta), "index.html has no CSP meta tag")
        let end = try #require(page.text[start.upperBound...].firstIndex(of: "\""))
        let policy = String(page.text[start.upperBound..<end])
        #expect(policy.contains("script-src 'sha256-") && policy.contains("default-src 'none'"))
        #expect(page.headers["Content-Security-Policy"] == policy + "; frame-ancestors 'none'")
        #expect(service.respond(to: request("HEAD", "/")).headers["Content-Security-Policy"]
            == policy + "; frame-ancestors 'none'")
        #expect(service.respond(to: request("GET", "/openapi.yaml")).headers["Content-Security-Policy"] == nil)
    }

    /// HTML → the policy the header carries: only a head's meta tag counts, in any attribute order and quoting.
    static let metaPolicies: [(String, String?)] = [
        (#"<head><meta http-equiv="Content-Security-Policy" content="default-src 'none'"></head>"#,
         "default-src 'none'"),
        (#"<META CONTENT='img-src data:' HTTP-EQUIV=content-security-policy>"#, "img-src data:"),
        (#"<meta charset=utf-8><meta name="x" content="no"><meta http-equiv=Content-Security-Policy content=a/>"#,
         "a/"),
        ("<meta http-equiv=\"Content-Security-Policy\" content=\"a;\r\n  b\">", "a;    b"),
        (#"<meta http-equiv="refresh" content="0"><p>"#, nil),
        (#"<head></head><body><meta http-equiv="Content-Security-Policy" content="a">"#, nil),
        (#"<metadata http-equiv="Content-Security-Policy" content="a">"#, nil),
        (#"<meta http-equiv="Content-Security-Policy" content="a"#, nil),  // the tag never ends
        ("", nil),
    ]

    @Test(arguments: metaPolicies)
    func readsThePolicyFromTheMetaTag(html: String, policy: String?) {
        #expect(StaticAssets.contentSecurityPolicy(ofHTML: Array(html.utf8)) == policy)
    }

    @Test func corsIsOffByDefault() {
        let response = service.respond(to: request("POST", "/v1/chart", headers: [("Origin", "https://a.example")],
                                                   body: Self.spec))
        #expect(response.headers["Access-Control-Allow-Origin"] == nil)
        let preflight = service.respond(to: request("OPTIONS", "/v1/chart", headers: [
            ("Origin", "https://a.example"), ("Access-Control-Request-Method", "POST")]))
        #expect(preflight.status == 204)
        #expect(preflight.headers["Allow"] == "GET, HEAD, POST, OPTIONS")
        #expect(preflight.headers["Access-Control-Allow-Origin"] == nil)
    }

    @Test func corsAllowsListedOriginsOnly() {
        var configuration = ChartServiceConfiguration()
        configuration.corsOrigins = ["https://a.example"]
        let service = ChartService(configuration: configuration, renderer: renderer)
        let allowed = service.respond(to: request("GET", "/healthz", headers: [("Origin", "https://a.example")]))
        #expect(allowed.headers["Access-Control-Allow-Origin"] == "https://a.example")
        #expect(allowed.headers["Access-Control-Expose-Headers"]?.contains("ETag") == true)
        #expect(allowed.headers.values(for: "Vary").contains("Origin"))
        let other = service.respond(to: request("GET", "/healthz", headers: [("Origin", "https://b.example")]))
        #expect(other.headers["Access-Control-Allow-Origin"] == nil)
        let preflight = service.respond(to: request("OPTIONS", "/v1/chart", headers: [
            ("Origin", "https://a.example"), ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "content-type")]))
        #expect(preflight.status == 204)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == "https://a.example")
        #expect(preflight.headers["Access-Control-Allow-Methods"] == "GET, HEAD, POST, OPTIONS")
        #expect(preflight.headers["Access-Control-Allow-Headers"]?.contains("Content-Type") == true)
    }

    @Test func corsWildcardIsOptIn() {
        var configuration = ChartServiceConfiguration()
        configuration.corsOrigins = ["*"]
        let service = ChartService(configuration: configuration, renderer: renderer)
        let response = service.respond(to: request("GET", "/healthz", headers: [("Origin", "https://z.example")]))
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
    }

    @Test func serverErrorsBecomeProblems() {
        let response = service.errorResponse(status: 431, detail: "header section too large", head: nil)
        #expect(response.status == 431)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.text == #"{"type":"about:blank","title":"Request Header Fields Too Large","status":431,"#
            + #""detail":"header section too large","errors":[]}"#)
    }
}

struct RenderStopTests {
    let renderer = FakeRenderer()

    @Test func aChartOverTheBudgetIsA422TooComplexNamingWhatToReduce() {
        let service = ChartService(renderer: renderer)
        let response = service.respond(to: request("POST", "/v1/chart", body: #"{"title":"complex"}"#))
        #expect(response.status == 422)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.text.contains(#""type":"/problems/too-complex""#))
        #expect(response.text.contains(#"{"path":"series[0].dash","message":"too many dashes"}"#))
        #expect(service.metrics.stopCount(.tooComplex) == 1)
    }

    @Test func aRenderPastItsDeadlineIsA503WithRetryAfter() {
        let service = ChartService(renderer: renderer)
        let late = request("POST", "/v1/chart", body: #"{"title":"block"}"#)
        late.cancellation.cancel(.deadline)  // what the server's sweep does once the deadline passes
        let response = service.respond(to: late)
        #expect(response.status == 503)
        #expect(response.headers["Retry-After"] == "1")
        #expect(response.text.contains(#""type":"/problems/render-timeout""#))
        #expect(service.metrics.stopCount(.deadline) == 1)
        #expect(service.metrics.prometheusText(cache: service.cache.statistics)
            .contains(#"chartd_render_stops_total{reason="deadline"} 1"#))
        // Nothing was cached: the same request later renders.
        renderer.release()
        #expect(service.respond(to: request("POST", "/v1/chart", body: #"{"title":"block"}"#)).status == 200)
    }
}
