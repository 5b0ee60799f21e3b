import ChartRender
import ChartSpec
import HTTPServer
import Testing
@testable import ChartService

/// `/chart` through the service: the same caching, memo, fast path, metrics and CORS as `/v1/chart`, QuickChart's
/// defaults, and its error headers.
struct QuickChartRouteTests {
    let renderer = FakeRenderer()
    let service: ChartService

    init() {
        service = ChartService(renderer: renderer)
    }

    static let config = "{type: 'bar', data: {labels: ['a', 'b'], datasets: [{label: 'n', data: [1, 2]}]}}"
    static let json = #"{"type":"bar","data":{"labels":["a","b"],"datasets":[{"label":"n","data":[1,2]}]}}"#
    /// The same chart with keys a static image has no use for, which the translation ignores.
    static let ignoring = "{type: 'bar', data: {labels: ['a', 'b'], datasets: [{label: 'n', data: [1, 2]}]}, "
        + "options: {responsive: true, animation: {duration: 0}}}"
    static var get: String { "/chart?c=" + percentEncoded(config) }

    @Test func getAndPostOfOneChartShareTheImageAndETag() throws {
        let get = service.respond(to: request("GET", Self.get))
        #expect(get.status == 200)
        #expect(get.headers["Content-Type"] == "image/png")  // QuickChart's default format
        #expect(get.text == "png:")  // the fake echoes the translated spec's title: none
        #expect(get.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(get.headers["Vary"] == nil)
        let etag = try #require(get.headers["ETag"])
        for body in [#"{"chart": \#(Self.json)}"#, #"{"c": "\#(Self.config)", "format": "png"}"#] {
            let post = service.respond(to: request("POST", "/chart", body: body))
            #expect(post.status == 200)
            #expect(post.headers["ETag"] == etag)
            #expect(post.headers["Cache-Control"] == "no-cache")
        }
        #expect(renderer.callCount == 1)
        #expect(service.cache.statistics.hits == 2)
    }

    @Test func theFormatParameterChoosesAndAcceptDoesNot() {
        for format in OutputFormat.allCases where format != .json {  // the fake renders no layout JSON
            let response = service.respond(to: request("GET", Self.get + "&f=" + format.rawValue,
                                                       headers: [("Accept", "image/svg+xml")]))
            #expect(response.text == format.rawValue + ":")
        }
        let png = service.respond(to: request("GET", Self.get, headers: [("Accept", "image/svg+xml")]))
        #expect(png.headers["Content-Type"] == "image/png")
    }

    @Test func aMatchingETagIs304AndARepeatComesFromTheMemoAndCacheWithItsIgnoredPaths() throws {
        let target = "/chart?c=" + percentEncoded(Self.ignoring)
        let first = service.respond(to: request("GET", target))
        #expect(first.status == 200)
        let ignored = try #require(first.headers["X-Chart-Ignored"])
        #expect(ignored.contains("options.responsive") && ignored.contains("options.animation"))
        let etag = try #require(first.headers["ETag"])
        // Answered on the I/O thread: only a remembered resolution (the memo) can do that.
        let quick = try #require(service.respondWithoutBlocking(to: request("GET", target)))
        #expect(quick.status == 200 && quick.body == first.body)
        #expect(quick.headers["X-Chart-Ignored"] == ignored)
        let conditional = request("GET", target, headers: [("If-None-Match", etag)])
        let notModified = try #require(service.respondWithoutBlocking(to: conditional))
        #expect(notModified.status == 304 && notModified.headers["X-Chart-Ignored"] == ignored)
        let worker = service.respond(to: request("GET", target))
        #expect(worker.headers["X-Chart-Ignored"] == ignored)
        #expect(service.respond(to: conditional).status == 304)
        #expect(renderer.callCount == 1)
        // A chart without ignored input sends no header.
        #expect(service.respond(to: request("GET", Self.get)).headers["X-Chart-Ignored"] == nil)
    }

    /// The memo key is the whole raw request: any parameter that changes the chart is another entry.
    @Test func everyParameterIsPartOfTheRequestKey() {
        let variants = ["", "&w=600", "&h=200", "&devicePixelRatio=1", "&bkg=white", "&f=svg", "&v=3"]
        var etags: Set<String> = []
        for variant in variants {
            let response = service.respond(to: request("GET", Self.get + variant))
            #expect(response.status == 200, "\(variant)")
            etags.insert(response.headers["ETag"] ?? "")
        }
        // v3 changes defaults only where the config leaves them (here perhaps nothing), so allow one collision.
        #expect(etags.count >= variants.count - 1)
        #expect(renderer.callCount == etags.count)
    }

    @Test func unknownRouteAndMethodAndContentTypeAreRefusedLikeV1() {
        #expect(service.respond(to: request("DELETE", "/chart")).headers["Allow"] == "GET, HEAD, POST, OPTIONS")
        let options = service.respond(to: request("OPTIONS", "/chart"))
        #expect(options.status == 204 && options.headers["Allow"] == "GET, HEAD, POST, OPTIONS")
        let head = HTTPRequestHead(method: "POST", target: "/chart", version: .http1_1,
                                   headers: ["Host": "t", "Content-Type": "text/plain"], framing: .contentLength(2))
        let refused = service.check(head)
        #expect(refused?.status == 415)
        #expect(refused?.headers["X-quickchart-error"] == "Content-Type must be application/json")
    }

    @Test func corsAppliesAsOnV1AndExposesTheQuickChartHeaders() {
        var configuration = ChartServiceConfiguration()
        configuration.corsOrigins = ["https://a.example"]
        let service = ChartService(configuration: configuration, renderer: renderer)
        let response = service.respond(to: request("GET", Self.get, headers: [("Origin", "https://a.example")]))
        #expect(response.headers["Access-Control-Allow-Origin"] == "https://a.example")
        let exposed = response.headers["Access-Control-Expose-Headers"] ?? ""
        #expect(exposed.contains("X-Chart-Ignored") && exposed.contains("X-quickchart-error"))
    }

    @Test func metricsCountTheRouteUnderItsOwnLabel() {
        service.didRespond(HTTPLogEntry(method: "GET", path: "/chart", status: 200, bytes: 10,
                                        durationNanoseconds: 1, requestID: "a", fields: [("format", "png")]))
        let text = service.respond(to: request("GET", "/metrics")).text
        #expect(text.contains(#"chartd_http_requests_total{route="/chart",status="200",format="png"} 1"#))
    }

    /// Requests `/chart` must refuse: (method, target, body) → status, the path the problem names, and a fragment of
    /// its message, which `X-quickchart-error` repeats. Never an image.
    static let refusals: [(String, String, String, Int, String, String)] = [
        ("GET", "/chart", "", 400, "chart", "give the Chart.js config"),
        ("GET", "/chart?c=" + percentEncoded("{type: 'bar',\n  data: {]}"), "", 400, "data",
         "not a valid literal at line 2, column 10"),
        ("GET", "/chart?c=" + percentEncoded("{type: 'line', options: {scales: {yAxes: [{ticks: "
            + "{callback: function(value) { return '$' + value; }}}]}}}"), "", 422,
         "options.scales.yAxes[0].ticks.callback", "functions are not evaluated"),
        ("GET", "/chart?c=" + percentEncoded("{data: {datasets: [{data: (() => { while (true) {} })()}]}}"), "",
         422, "data.datasets[0].data", "not evaluated"),
        ("GET", Self.get + "&w=wide", "", 400, "w", "w must be a number"),
        ("GET", Self.get + "&f=bmp", "", 400, "f", "f must be one of svg, png, smil, json, pdf"),
        ("GET", Self.get + "&v=1.0", "", 400, "v", "v must be 2, 3 or 4"),
        ("POST", "/chart", #"{"chart": \#(json), "format": "tiff"}"#, 400, "format", "must be one of"),
        ("POST", "/chart", #"{"chart": \#(json), "encoding": "hex"}"#, 400, "encoding", "must be url or base64"),
        ("POST", "/chart", #"{"chart": "{type: 'bar', data: [1, 2}"}"#, 400, "data[1]", "line 1, column 26"),
        ("POST", "/chart", #"{"chart": "{type: 'bar', data: [1, +]}"}"#, 422, "data[1]", "line 1, column 25"),
    ]

    @Test(arguments: refusals)
    func refusalsAreProblemsWithAnErrorHeader(method: String, target: String, body: String, status: Int,
                                              path: String, fragment: String) throws {
        let response = service.respond(to: request(method, target, body: body))
        #expect(response.status == status)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.text.contains(#""errors":[{"path":"\#(path)""#), "\(response.text)")
        #expect(response.text.contains(fragment), "\(response.text)")
        let header = try #require(response.headers["X-quickchart-error"])
        #expect(header.hasPrefix(path.isEmpty ? fragment.prefix(5) : path + ": "))
        #expect(renderer.callCount == 0)
    }

    /// Keys and values from the config reach both headers only escaped: no line break, nothing but printable ASCII.
    @Test func hostileKeysAndValuesReachTheHeadersEscaped() throws {
        let hostileKey = #"{"type": "bar", "data": {"datasets": [{"data": [1]}]}, "x\r\nSet-Cookie: a=1\u00e9": 1}"#
        let ignored = service.respond(to: request("POST", "/chart", body: #"{"chart": \#(hostileKey)}"#))
        #expect(ignored.status == 200)
        #expect(ignored.headers["X-Chart-Ignored"] == #"["x\u000D\u000ASet-Cookie: a=1\u00E9"]"#)  // JSONPath's escapes
        let hostileType = #"{"type": "bar\r\nSet-Cookie: a=1\u00e9", "data": {"datasets": [{"data": [1]}]}}"#
        let refused = service.respond(to: request("POST", "/chart", body: #"{"chart": \#(hostileType)}"#))
        #expect(refused.status == 422)
        let header = try #require(refused.headers["X-quickchart-error"])
        #expect(header.hasPrefix("type: ") && header.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E })
        #expect(!header.contains("\r") && !header.contains("\n"))
    }

    @Test func theErrorHeaderIsOnlyForChartJSClients() {
        let v1 = service.respond(to: request("GET", "/v1/chart"))
        #expect(v1.status == 400 && v1.headers["X-quickchart-error"] == nil)
    }
}

/// `/chart` end to end through the real translation and renderer.
struct QuickChartRealRendererTests {
    let service = ChartService(renderer: ChartRenderer.shared)

    /// Width and height of a PNG, from its IHDR chunk.
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func int(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    /// QuickChart's defaults: 500×300 CSS pixels at devicePixelRatio 2 is a 1000×600 PNG; other sizes scale alike.
    @Test(arguments: [("", 1000, 600), ("&w=800&h=400&devicePixelRatio=1", 800, 400),
                      ("&width=300&height=200", 600, 400)])
    func pngSizeIsCSSPixelsTimesThePixelRatio(query: String, width: Int, height: Int) throws {
        let response = service.respond(to: request("GET", QuickChartRouteTests.get + query))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "image/png")
        let size = try #require(Self.pngSize(response.body))
        #expect(size == (width, height))
    }

    @Test func layoutJSONWorksForChartJSConfigs() {
        let response = service.respond(to: request("GET", QuickChartRouteTests.get + "&f=json"))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
        #expect(response.text.contains("\"bars\"") || response.text.contains("bar"))
    }
}

/// Problems found by the translation, through the route: the config's are 422 with line and column when the config
/// was text, the request's are 400 naming the parameter as the request spelled it.
struct QuickChartTranslationProblemTests {
    let service = ChartService(renderer: FakeRenderer())

    static let bar = "/chart?c=" + percentEncoded("{type: 'bar', data: {datasets: [{data: [1]}]}}")
    static let cases: [(String, Int, String, String)] = [
        ("/chart?c=" + percentEncoded("{type: 'bar',\n data: {datasets: [{data: [1, 'x']}]}}"), 422,
         "data.datasets[0].data[1]", "(line 2, column 31)"),
        ("/chart?c=" + percentEncoded("{type: 'sankey', data: {datasets: []}}"), 422, "type", "(line 1, column 8)"),
        (bar + "&bkg=nope", 400, "bkg", "bkg: expected a CSS color"),
        (bar + "&w=100000", 400, "w", "w: must be between 16 and 4096"),
        (bar + "&devicePixelRatio=0", 400, "devicePixelRatio", "devicePixelRatio: must be between 1 and 4"),
    ]

    @Test(arguments: cases)
    func translationProblems(target: String, status: Int, path: String, fragment: String) {
        let response = service.respond(to: request("GET", target))
        #expect(response.status == status, "\(response.text)")
        #expect(response.text.contains(#""errors":[{"path":"\#(path)""#), "\(response.text)")
        #expect(response.text.contains(fragment), "\(response.text)")
        #expect(response.headers["X-quickchart-error"]?.hasPrefix(path + ": ") == true)
    }
}

/// `/chart` is a render route like `/v1/chart`: keys, signed URLs and rate limits apply.
struct QuickChartAccessTests {
    static let target = "/chart?c=" + percentEncoded(QuickChartRouteTests.config) + "&w=400"

    @Test func keysAndSignedURLsGuardTheRoute() {
        let service = AccessFixture.service()
        let anonymous = service.respond(to: request("GET", Self.target))
        #expect(anonymous.status == 401)
        #expect(anonymous.headers["X-quickchart-error"]?.contains("API key") == true)
        let bearer = request("GET", Self.target, headers: [("Authorization", "Bearer " + AccessFixture.alphaSecret)])
        #expect(service.respond(to: bearer).status == 200)
        let signed = AccessFixture.signed(Self.target + "&kid=alpha")
        #expect(service.respond(to: request("GET", signed)).status == 200)
        #expect(service.respond(to: request("GET", signed + "x")).status == 403)
        // The I/O thread's fast path must not answer what the worker refuses.
        #expect(service.respondWithoutBlocking(to: request("GET", Self.target))?.status == 401)
    }

    @Test func rateLimitsCharge() {
        let service = AccessFixture.service(mode: .off, rate: 1, burst: 2)
        let statuses = (0..<4).map { _ in service.respond(to: request("GET", Self.target)).status }
        #expect(statuses.contains(429))
        #expect(statuses.first == 200)
    }
}
