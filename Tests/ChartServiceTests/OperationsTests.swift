import ChartRender
import ChartSpec
import ChartText
import Foundation
import HTTPServer
import SocketTestSupport
import Synchronization
import Testing
@testable import ChartService

/// Log lines collected from a logger.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    var logger: Logger {
        Logger(format: .json) { bytes in self.lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
    }

    var all: [String] { lines.withLock { $0 } }
}

/// A service whose log lines are collected, with the fake renderer.
private func makeService(_ configure: (inout ChartServiceConfiguration) -> Void = { _ in }) -> (ChartService, LogCapture) {
    let capture = LogCapture()
    var configuration = ChartServiceConfiguration()
    configuration.logger = capture.logger
    configure(&configuration)
    return (ChartService(configuration: configuration, renderer: FakeRenderer()), capture)
}

private func json(_ response: HTTPResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
}

/// The value of `name{labels}` in an exposition, if present.
private func sample(_ text: String, _ series: String) -> Double? {
    text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
}

struct TraceContextTests {
    static let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    /// Headers that are not a valid version-00 traceparent: each is ignored (a new trace starts) and never echoed.
    static let invalid = [
        "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // version 01 (only 00 is accepted)
        "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // version ff is forbidden
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  // all-zero trace id
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  // all-zero parent id
        "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",  // upper case
        "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",   // 31 digits
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-x",  // trailing data on version 00
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-0g",  // flags not hex
        "00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01",  // wrong separators
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\r\nX-Evil: 1",
        "",
    ]

    @Test func aValidTraceparentContinuesTheTraceWithOurOwnSpan() throws {
        let (service, _) = makeService()
        let response = service.respond(to: request("GET", "/healthz", headers: [("traceparent", Self.valid)]))
        let returned = try #require(response.headers["traceparent"])
        let parsed = try #require(TraceContext.parse([returned]))
        #expect(parsed.traceID == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(parsed.parentID != "00f067aa0ba902b7")  // our span, not the caller's
        #expect(parsed.flags == "01")
        #expect(response.logFields.contains { $0 == ("trace_id", "4bf92f3577b34da6a3ce929d0e0e4736") })
    }

    @Test(arguments: invalid)
    func aMalformedTraceparentIsIgnoredAndNeverEchoed(header: String) throws {
        let (service, _) = makeService()
        let response = service.respond(to: request("GET", "/healthz", headers: [("traceparent", header)]))
        let returned = try #require(response.headers["traceparent"])
        let parsed = try #require(TraceContext.parse([returned]))
        #expect(!header.contains(parsed.traceID))
        #expect(parsed.flags == "00")
        #expect(returned != header)
    }

    @Test func twoTraceparentHeadersAreIgnored() throws {
        let (service, _) = makeService()
        let response = service.respond(to: request("GET", "/healthz", headers: [("traceparent", Self.valid),
                                                                                ("traceparent", Self.valid)]))
        let returned = try #require(response.headers["traceparent"])
        let parsed = try #require(TraceContext.parse([returned]))
        #expect(parsed.traceID != "4bf92f3577b34da6a3ce929d0e0e4736")
    }

    /// Every kind of answer carries one: routes, refusals before the body, the server's own errors (even for a
    /// request line that could not be read), renders, and each request gets its own trace.
    @Test func everyResponseCarriesATraceparent() throws {
        let (service, _) = makeService()
        var responses = [
            service.respond(to: request("GET", "/healthz")),
            service.respond(to: request("POST", "/v1/chart", body: ChartServiceTests.spec)),
            service.respond(to: request("GET", "/metrics")),
            service.respond(to: request("GET", "/v1/info")),
            service.errorResponse(status: 400, detail: "malformed request line", head: nil),
            service.errorResponse(status: 503, detail: "busy", head: request("GET", "/v1/chart").head),
        ]
        responses += [service.check(request("POST", "/nowhere", body: "{}").head)].compactMap { $0 }
        #expect(responses.count == 7)
        var traces = Set<String>()
        for response in responses {
            let returned = try #require(response.headers["traceparent"])
            let parsed = try #require(TraceContext.parse([returned]))
            traces.insert(parsed.traceID)
            #expect(response.logFields.contains { $0 == ("trace_id", parsed.traceID) })
        }
        #expect(traces.count == responses.count)
    }

    @Test func generatedIDsAreWellFormedAndDistinct() {
        let source = TraceIDSource(seed: 0)
        var seen = Set<String>()
        for _ in 0..<1000 {
            let trace = source.traceID(), span = source.spanID()
            #expect(TraceContext.parse(["00-\(trace)-\(span)-00"]) != nil)
            seen.insert(trace)
        }
        #expect(seen.count == 1000)
    }

    /// Server-Timing keeps its parse and render entries next to the traceparent.
    @Test func serverTimingKeepsParseAndRender() throws {
        let (service, _) = makeService()
        let response = service.respond(to: request("POST", "/v1/chart", headers: [("traceparent", Self.valid)],
                                                   body: ChartServiceTests.spec))
        let timing = try #require(response.headers["Server-Timing"])
        #expect(timing.hasPrefix("parse;dur=") && timing.contains(", render;dur="))
    }
}

struct ServiceLoggingTests {
    /// A 500 is logged as an error with its detail, request id and trace id; a 4xx and a 503 are not (the access
    /// log and the metrics have them).
    @Test func aFailedRequestIsLoggedAsAnErrorWithItsIDs() throws {
        let (service, lines) = makeService()
        let failed = service.respond(to: request("POST", "/v1/chart", body: #"{"x":"crash"}"#))
        #expect(failed.status == 500)
        let entry = HTTPLogEntry(method: "POST", path: "/v1/chart", status: failed.status, bytes: failed.body.count,
                                 durationNanoseconds: 1000, requestID: "req-7", fields: failed.logFields)
        service.didRespond(entry)
        for status in [400, 422, 503] {
            service.didRespond(HTTPLogEntry(method: "GET", path: "/v1/chart", status: status, bytes: 0,
                                            durationNanoseconds: 1, requestID: "r"))
        }
        let logged = lines.all
        #expect(logged.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(logged[0].utf8)) as? [String: Any])
        #expect(object["level"] as? String == "error")
        #expect(object["request_id"] as? String == "req-7")
        #expect(object["trace_id"] as? String == entry.traceID)
        #expect((object["error"] as? String)?.contains("the fake backend failed") == true)
        #expect(object["status"] as? String == "500")
    }
}

struct MetricsTests {
    @Test func requestDurationsAreAHistogramByRouteAndStatusClass() {
        let (service, _) = makeService()
        for (status, milliseconds) in [(200, 3), (200, 40), (204, 1), (422, 2)] {
            service.didRespond(HTTPLogEntry(method: "POST", path: "/v1/chart", status: status, bytes: 0,
                                            durationNanoseconds: UInt64(milliseconds) * 1_000_000, requestID: "r"))
        }
        let text = service.metrics.prometheusText(cache: service.cache.statistics)
        let series = #"chartd_http_request_duration_seconds_bucket{route="/v1/chart",status_class="2xx",le="#
        #expect(sample(text, series + #""0.001"}"#) == 1)
        #expect(sample(text, series + #""0.005"}"#) == 2)
        #expect(sample(text, series + #""0.05"}"#) == 3)
        #expect(sample(text, series + #""+Inf"}"#) == 3)
        #expect(sample(text, #"chartd_http_request_duration_seconds_count{route="/v1/chart",status_class="4xx"}"#) == 1)
        let total = sample(text, #"chartd_http_request_duration_seconds_sum{route="/v1/chart",status_class="2xx"}"#)
        #expect(total.map { abs($0 - 0.044) < 1e-9 } == true)
    }

    /// (status, problem type, route) → the reason counted, or nil for no refusal.
    static let rejections: [(Int, String?, String, RejectionReason?)] = [
        (200, nil, "/v1/chart", nil), (304, nil, "/v1/chart", nil), (404, nil, "other", nil),
        (400, "/problems/malformed-json", "/v1/chart", .invalid), (415, nil, "/v1/chart", .invalid),
        (422, "/problems/invalid-spec", "/v1/chart", .invalid), (422, "/problems/too-complex", "/v1/chart", .tooComplex),
        (413, nil, "/v1/chart", .tooLarge), (431, nil, "other", .tooLarge), (414, nil, "other", .tooLarge),
        (408, nil, "other", .clientTimeout), (401, nil, "/v1/chart", .auth), (403, nil, "/v1/chart", .auth),
        (429, nil, "/chart", .rateLimit), (503, "/problems/render-timeout", "/v1/chart", .renderTimeout),
        (503, nil, "/v1/chart", .overload), (503, nil, "/readyz", nil),
    ]

    @Test(arguments: rejections)
    func rejectionsAreCountedByReason(status: Int, problem: String?, route: String, reason: RejectionReason?) {
        #expect(RejectionReason(status: status, problemType: problem, route: route) == reason)
        let (service, _) = makeService()
        service.didRespond(HTTPLogEntry(method: "GET", path: route == "other" ? "/x" : route, status: status,
                                        bytes: 0, durationNanoseconds: 1, requestID: "r",
                                        fields: problem.map { [("problem", $0)] } ?? []))
        let text = service.metrics.prometheusText(cache: service.cache.statistics)
        for candidate in RejectionReason.allCases {
            let expected: Double = candidate == reason ? 1 : 0
            #expect(sample(text, #"chartd_http_rejections_total{reason="\#(candidate.rawValue)"}"#) == expected)
        }
    }

    /// The problem type reaches the metrics through the response's log fields, as it does in the server.
    @Test func aTooComplexRenderIsCountedFromItsResponse() {
        let (service, _) = makeService()
        let response = service.respond(to: request("POST", "/v1/chart", body: #"{"x":"complex"}"#))
        #expect(response.status == 422)
        service.didRespond(HTTPLogEntry(method: "POST", path: "/v1/chart", status: response.status, bytes: 0,
                                        durationNanoseconds: 1, requestID: "r", fields: response.logFields))
        #expect(service.metrics.rejectionCount(.tooComplex) == 1)
        #expect(service.metrics.rejectionCount(.invalid) == 0)
    }

    @Test func rendersAreAHistogramByFormat() {
        let (service, _) = makeService()
        _ = service.respond(to: request("POST", "/v1/chart?format=png", body: ChartServiceTests.spec))
        _ = service.respond(to: request("POST", "/v1/chart?format=pdf", body: ChartServiceTests.spec))
        _ = service.respond(to: request("POST", "/v1/chart?format=pdf", body: #"{"a":1}"#))
        let text = service.metrics.prometheusText(cache: service.cache.statistics)
        #expect(sample(text, #"chartd_render_duration_seconds_count{format="png"}"#) == 1)
        #expect(sample(text, #"chartd_render_duration_seconds_count{format="pdf"}"#) == 2)
        #expect(sample(text, #"chartd_render_duration_seconds_bucket{format="pdf",le="+Inf"}"#) == 2)
        #expect(sample(text, #"chartd_render_duration_seconds_count{format="svg"}"#) == nil)
    }

    @Test func buildInfoIsOneWithVersionAndCommit() {
        let (service, _) = makeService()
        let text = service.metrics.prometheusText(cache: service.cache.statistics)
        #expect(sample(text, #"chartd_build_info{version="\#(BuildInfo.version)",commit="\#(BuildInfo.commit)"}"#)
            == 1)
    }

    #if os(Linux)
    /// The process metrics against the kernel's own view: /proc/self/status and the descriptor table.
    /// Other tests open and close sockets in parallel, so the live descriptor count is checked for range only; the
    /// counting itself is checked exactly on a directory nobody else touches.
    @Test func processMetricsDescribeThisProcess() throws {
        let before = ProcessMetrics.current()
        let directory = NSTemporaryDirectory() + "process-metrics-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(ProcessMetrics.countEntries(in: directory) == 0)
        for name in ["a", "b", ".hidden", "..x"] {
            #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: nil))
        }
        #expect(ProcessMetrics.countEntries(in: directory) == 4)
        #expect(ProcessMetrics.countEntries(in: directory + "/missing") == nil)
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        let after = ProcessMetrics.current()
        let open = try #require(after.openFDs)
        #expect(open > 0 && open <= (after.maxFDs ?? Int.max))
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let rssLine = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(Double(rssLine.split(separator: " ")[1]))
        let resident = Double(try #require(after.residentBytes))
        #expect(abs(resident - kilobytes * 1024) < 0.2 * kilobytes * 1024)
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #expect(after.maxFDs == Int(limit.rlim_cur))
        #expect(after.cpuSeconds > 0 && after.cpuSeconds >= before.cpuSeconds)
        let now = Date().timeIntervalSince1970
        #expect(after.startTimeSeconds <= now + 1 && after.startTimeSeconds > now - 86400)
    }
    #endif

    /// docs/deploy.md's metrics table names every exported family with its type, and nothing else.
    @Test func everyExportedMetricIsDocumentedAndEveryDocumentedOneExported() throws {
        let (service, _) = makeService()
        service.metrics.reportServerStatistics { HTTPServerStatistics() }
        let text = service.metrics.prometheusText(cache: service.cache.statistics)
        var exported: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("# TYPE ") {
            let parts = line.split(separator: " ")
            exported[String(parts[2])] = String(parts[3])
        }
        let root = #filePath.split(separator: "/").dropLast(3).reduce("") { $0 + "/" + $1 }
        let docs = try String(contentsOfFile: root + "/docs/deploy.md", encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "\n## Metrics\n").last?
            .components(separatedBy: "\n## ").first)
        var documented: [String: String] = [:]
        for row in section.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            documented[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        #expect(exported.count > 30)
        #expect(Set(exported.keys).subtracting(documented.keys) == [], "exported but not in docs/deploy.md")
        #expect(Set(documented.keys).subtracting(exported.keys) == [], "in docs/deploy.md but not exported")
        for (name, type) in exported where documented[name] != nil {
            #expect(documented[name] == type, "\(name) is a \(type)")
        }
        for (name, type) in exported {
            #expect(name.hasPrefix("chartd_") || name.hasPrefix("process_"))
            #expect(name.hasSuffix("_total") == (type == "counter"), "\(name): counters and only counters end in _total")
        }
    }

    @Test func statusClasses() {
        #expect([100, 200, 299, 304, 404, 503, 600].map(ServiceMetrics.statusClass)
            == ["1xx", "2xx", "2xx", "3xx", "4xx", "5xx", "other"])
    }

    @Test func labelValuesAreEscaped() {
        #expect(ServiceMetrics.labelValue("a\"b\\c\nd") == #"a\"b\\c\nd"#)
    }
}

struct InfoRouteTests {
    @Test func infoDescribesTheBuildFormatsKindsFontsAndLimitsInForce() throws {
        var server = HTTPServerConfiguration()
        server.limits.maxBodyBytes = 123_456
        server.processingTimeout = .milliseconds(1500)
        var settings = ChartServiceConfiguration()
        settings.budget.maxOutputBytes = 1 << 20
        settings.access.rate = 5
        settings.access.burst = 20
        let fonts = FontReport(files: [FontReport.File(path: "/f/DejaVuSans.ttf", family: "DejaVu Sans")],
                               scripts: ["Latin", "Greek"], degraded: nil, missing: [])
        settings.info = ServiceInfo(server: server, service: settings, fonts: fonts, poller: "epoll")
        let service = ChartService(configuration: settings, renderer: FakeRenderer())
        let response = try #require(service.respondWithoutBlocking(to: request("GET", "/v1/info")))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.headers["Cache-Control"] == "no-store")
        let info = try json(response)
        #expect(info["name"] as? String == "chartd")
        #expect(info["version"] as? String == BuildInfo.version)
        #expect(info["commit"] as? String == BuildInfo.commit)
        #expect(info["buildDate"] as? String == BuildInfo.buildDate)
        #expect(info["formats"] as? [String] == OutputFormat.allCases.map(\.rawValue))
        #expect(info["kinds"] as? [String] == ChartType.allCases.map(\.rawValue))
        #expect(info["poller"] as? String == "epoll")
        let fontInfo = try #require(info["fonts"] as? [String: Any])
        #expect(fontInfo["scripts"] as? [String] == ["Latin", "Greek"])
        #expect(fontInfo["degraded"] is NSNull)
        let files = try #require(fontInfo["files"] as? [[String: String]])
        #expect(files == [["path": "/f/DejaVuSans.ttf", "family": "DejaVu Sans"]])
        let limits = try #require(info["limits"] as? [String: Any])
        #expect(limits["maxBodyBytes"] as? Int == 123_456)
        #expect(limits["maxOutputBytes"] as? Int == 1 << 20)
        #expect(limits["maxPixels"] as? Int == ChartSpec.maxRasterPixels)
        #expect(limits["maxSeries"] as? Int == 64)
        #expect(limits["maxPoints"] as? Int == ChartSpec.Limits.maxPointsPerSeries)
        #expect(limits["renderTimeoutSeconds"] as? Double == 1.5)
        let rate = try #require(limits["rateLimit"] as? [String: Double])
        #expect(rate == ["rate": 5, "burst": 20])
    }

    @Test func aDegradedFontSetAndNoLimitsAreSaidSo() throws {
        var server = HTTPServerConfiguration()
        server.processingTimeout = nil
        var settings = ChartServiceConfiguration()
        let fonts = FontReport(files: [], scripts: [], degraded: "no font loaded: \"/x.ttf\": not found\n",
                               missing: ["/x.ttf: not found"])
        settings.info = ServiceInfo(server: server, service: settings, fonts: fonts)
        let info = try json(ChartService(configuration: settings, renderer: FakeRenderer())
            .respond(to: request("GET", "/v1/info")))
        let fontInfo = try #require(info["fonts"] as? [String: Any])
        #expect(fontInfo["degraded"] as? String == "no font loaded: \"/x.ttf\": not found\n")
        let limits = try #require(info["limits"] as? [String: Any])
        // openapi.yaml's ServiceInfo: renderTimeoutSeconds is a number and poller a string when present.
        #expect(limits["renderTimeoutSeconds"] == nil)
        #expect(limits["rateLimit"] is NSNull)
        #expect(info["poller"] == nil)
    }

    /// Not a chart route: no key needed and no tokens spent, even with keys required and a tiny rate limit.
    @Test func infoIsNeitherAuthenticatedNorRateLimited() {
        let (service, _) = makeService { settings in
            settings.access.rate = 1
            settings.access.burst = 1
        }
        for _ in 0..<5 {
            #expect(service.respondWithoutBlocking(to: request("GET", "/v1/info"))?.status == 200)
        }
        #expect(service.respond(to: request("POST", "/v1/info", body: "{}")).status == 405)
        #expect(service.respond(to: request("HEAD", "/v1/info")).status == 200)
    }
}

/// Over real sockets: the access line of a request carries the trace id its response's `traceparent` names, and the
/// server's own refusal of an unreadable request line still carries a `traceparent`.
struct TracedAccessLogSocketTests {
    @Test func theAccessLineNamesTheTraceTheResponseCarries() throws {
        let capture = LogCapture()
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.workers = 1
        configuration.drainTimeout = .seconds(3)
        configuration.accessLog = capture.logger
        let server = try HTTPServer.start(configuration: configuration,
                                          responder: ChartService(renderer: FakeRenderer()))
        let client = try #require(TestClient(port: server.port))
        client.send("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Request-Id: sock-1\r\n"
            + "traceparent: \(TraceContextTests.valid)\r\n\r\n")
        let continued = try #require(client.readResponse()?.headers["traceparent"])
        let broken = try #require(TestClient(port: server.port))
        broken.send("GET\u{1}/ HTTP/1.1\r\nHost: t\r\n\r\n")
        let refusal = try #require(broken.readResponse())
        server.shutdown()
        #expect(refusal.status == 400)
        let refusalTrace = try #require(refusal.headers["traceparent"])
        #expect(TraceContext.parse([refusalTrace]) != nil)
        #expect(continued.hasPrefix("00-4bf92f3577b34da6a3ce929d0e0e4736-"))
        let lines = capture.all.joined().split(separator: "\n")
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let access = objects.first { $0["request_id"] as? String == "sock-1" }
        #expect(access?["trace_id"] as? String == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(access?["msg"] as? String == "access")
        let refused = objects.first { $0["status"] as? Int == 400 }
        #expect(refused?["trace_id"] as? String == TraceContext.parse([refusalTrace])?.traceID)
    }
}
