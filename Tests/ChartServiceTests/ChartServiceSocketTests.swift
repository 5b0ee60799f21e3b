#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer
import SocketTestSupport
import Synchronization
import Testing
@testable import ChartService

private func configuration() -> HTTPServerConfiguration {
    var configuration = HTTPServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.workers = 2
    configuration.accessLog = nil
    configuration.drainTimeout = .seconds(3)
    configuration.limits.maxBodyBytes = 1024
    return configuration
}

struct ChartServiceSocketTests {
    /// With every worker busy on a render that never ends until released and the queue holding more, the control
    /// plane and the assets are still answered: they never wait behind renders. (Waiting would mean no answer at
    /// all; the time bound is loose because tests run in parallel on a loaded machine.)
    @Test func controlPlaneNeverWaitsBehindRenders() throws {
        let renderer = FakeRenderer()
        var settings = ChartServiceConfiguration()
        settings.assetsDirectory = #filePath.split(separator: "/").dropLast(3).reduce("") { $0 + "/" + $1 }
        let service = ChartService(configuration: settings, renderer: renderer)
        service.readiness.markReady()
        let server = try HTTPServer.start(configuration: configuration(), responder: service)
        defer {
            renderer.release()
            server.shutdown()
        }
        var blocked: [TestClient] = []
        for index in 0..<4 {  // two render, two wait in the queue
            let spec = #"{"title":"block","n":\#(index)}"#
            let client = try #require(TestClient(port: server.port))
            client.send("POST /v1/chart HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(spec.utf8.count)\r\n\r\n" + spec)
            blocked.append(client)
        }
        for _ in 0..<1000 where renderer.blocked.load(ordering: .sequentiallyConsistent) < 2 { usleep(1000) }
        #expect(renderer.blocked.load(ordering: .sequentiallyConsistent) == 2)
        for target in ["/healthz", "/readyz", "/metrics", "/openapi.yaml", "/nowhere"] {
            let start = monotonicMilliseconds()
            let response = try #require(exchange(port: server.port, "GET \(target) HTTP/1.1\r\nHost: t\r\n"
                + "Connection: close\r\n\r\n"))
            #expect(monotonicMilliseconds() - start < 1000, "\(target) waited behind the renders")
            #expect(response.status == (target == "/nowhere" ? 404 : 200))
            #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        }
        renderer.release()
        for client in blocked {
            let response = try #require(client.readResponse())
            #expect(response.status == 200)
            #expect(response.headers["Content-Security-Policy"] == "default-src 'none'; style-src 'unsafe-inline'")
            #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        }
    }

    @Test func servesChartsAndProblemsOverTheWire() throws {
        let service = ChartService(renderer: FakeRenderer())
        let server = try HTTPServer.start(configuration: configuration(), responder: service)
        defer { server.shutdown() }
        let spec = #"{"series":[]}"#
        let post = try #require(exchange(port: server.port, "POST /v1/chart HTTP/1.1\r\nHost: t\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(spec.utf8.count)\r\nConnection: close\r\n\r\n"
            + spec))
        #expect(post.status == 200)
        #expect(post.text == "svg:" + spec)
        #expect(post.headers["Content-Type"] == "image/svg+xml")
        let etag = try #require(post.headers["ETag"])

        let c = Base64URL.encode(Array(spec.utf8))
        let notModified = try #require(exchange(port: server.port, "GET /v1/chart?c=\(c) HTTP/1.1\r\nHost: t\r\n"
            + "If-None-Match: \(etag)\r\nConnection: close\r\n\r\n"))
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)

        let head = try #require(exchange(port: server.port, "HEAD /v1/chart?c=\(c) HTTP/1.1\r\nHost: t\r\n"
            + "Connection: close\r\n\r\n", bodyless: true))
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == String(("svg:" + spec).utf8.count))
        #expect(head.body.isEmpty)

        let tooBig = try #require(exchange(port: server.port, "POST /v1/chart HTTP/1.1\r\nHost: t\r\n"
            + "Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n"))
        #expect(tooBig.status == 413)
        #expect(tooBig.headers["Content-Type"] == "application/problem+json")
        #expect(tooBig.text.contains(#""status":413"#))

        let wrongType = try #require(exchange(port: server.port, "POST /v1/chart HTTP/1.1\r\nHost: t\r\n"
            + "Content-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}"))
        #expect(wrongType.status == 415)

        let metrics = try #require(exchange(port: server.port, "GET /metrics HTTP/1.1\r\nHost: t\r\n"
            + "Connection: close\r\n\r\n"))
        #expect(metrics.text.contains(#"chartd_http_requests_total{route="/v1/chart",status="413",format=""} 1"#))
        // POST and HEAD
        #expect(metrics.text.contains(#"chartd_http_requests_total{route="/v1/chart",status="200",format="svg"} 2"#))
    }

    /// The config that hung QuickChart's public server: refused as code at once, and the server goes on serving.
    @Test func aWhileTrueConfigIsRefusedWellUnder100ms() throws {
        let service = ChartService(renderer: FakeRenderer())
        let server = try HTTPServer.start(configuration: configuration(), responder: service)
        defer { server.shutdown() }
        let hostile = percentEncoded("{type: 'bar', data: {datasets: [{data: [1]}]}, options: {plugins: "
            + "{x: (function () { while (true) {} })()}}}")
        var slowest = 0.0
        for _ in 0..<5 {
            let start = monotonicMilliseconds()
            let response = try #require(get(server.port, "/chart?c=" + hostile))
            slowest = max(slowest, monotonicMilliseconds() - start)
            #expect(response.status == 422)
            #expect(response.headers["Content-Type"] == "application/problem+json")
            #expect(response.headers["X-quickchart-error"]?.hasPrefix("options.plugins.x: ") == true)
        }
        #expect(slowest < 100, "a while(true) config took \(slowest) ms")
        let config = percentEncoded("{type: 'bar', data: {labels: ['a'], datasets: [{data: [1]}]}}")
        #expect(get(server.port, "/chart?c=" + config)?.status == 200)
        #expect(get(server.port, "/healthz")?.status == 200)
    }

    @Test func shutdownWaitsForAnInFlightRender() throws {
        let renderer = FakeRenderer()
        let service = ChartService(renderer: renderer)
        let server = try HTTPServer.start(configuration: configuration(), responder: service)
        let port = server.port
        let answer = Mutex<Int?>(nil)
        let spec = #"{"block":true}"#
        let client = JoinableThread {
            let result = exchange(port: port, "POST /v1/chart HTTP/1.1\r\nHost: t\r\nContent-Type: application/json"
                + "\r\nContent-Length: \(spec.utf8.count)\r\n\r\n\(spec)")
            answer.withLock { $0 = result?.status }
        }
        var waited = 0
        while renderer.blocked.load(ordering: .sequentiallyConsistent) == 0 && waited < 5000 {
            usleep(1000)
            waited += 1
        }
        let stopper = JoinableThread { server.shutdown() }
        usleep(50_000)
        let stillBlocked = renderer.blocked.load(ordering: .sequentiallyConsistent) == 1
        #expect(stillBlocked)
        renderer.release()
        stopper.join()
        client.join()
        #expect(answer.withLock { $0 } == 200)
    }
}

/// One `GET target` on its own connection.
private func get(_ port: Int, _ target: String) -> WireResponse? {
    exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
}

private func monotonicMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
}
