import Glibc
import HTTPServer
import Synchronization
import Testing
@testable import ChartService

/// Sends one raw request (with `Connection: close`) and reads the whole answer; nil on connect failure or timeout.
private func exchange(port: Int, _ raw: String) -> (status: Int, head: String, body: String)? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
    guard connected else { return nil }
    let bytes = Array(raw.utf8)
    guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
        return nil
    }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n == 0 { break }
        guard n > 0 else { return nil }
        received.append(contentsOf: chunk[0..<n])
    }
    let text = String(decoding: received, as: UTF8.self)
    guard let split = text.firstRange(of: "\r\n\r\n") else { return nil }
    let head = String(text[..<split.lowerBound])
    guard let status = head.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
    return (status, head, String(text[split.upperBound...]))
}

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
    @Test func servesChartsAndProblemsOverTheWire() throws {
        let service = ChartService(renderer: FakeRenderer())
        let server = try HTTPServer.start(configuration: configuration(), responder: service)
        defer { server.shutdown() }
        let spec = #"{"series":[]}"#
        let post = try #require(exchange(port: server.port, "POST /v1/chart HTTP/1.1\r\nHost: t\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(spec.utf8.count)\r\nConnection: close\r\n\r\n"
            + spec))
        #expect(post.status == 200)
        #expect(post.body == "svg:" + spec)
        #expect(post.head.contains("\r\nContent-Type: image/svg+xml\r\n"))
        let etag = try #require(post.head.split(separator: "\r\n").first { $0.hasPrefix("ETag: ") }?.dropFirst(6))

        let c = Base64URL.encode(Array(spec.utf8))
        let notModified = try #require(exchange(port: server.port, "GET /v1/chart?c=\(c) HTTP/1.1\r\nHost: t\r\n"
            + "If-None-Match: \(etag)\r\nConnection: close\r\n\r\n"))
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)

        let head = try #require(exchange(port: server.port, "HEAD /v1/chart?c=\(c) HTTP/1.1\r\nHost: t\r\n"
            + "Connection: close\r\n\r\n"))
        #expect(head.status == 200)
        #expect(head.head.contains("\r\nContent-Length: \(("svg:" + spec).utf8.count)\r\n"))
        #expect(head.body.isEmpty)

        let tooBig = try #require(exchange(port: server.port, "POST /v1/chart HTTP/1.1\r\nHost: t\r\n"
            + "Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n"))
        #expect(tooBig.status == 413)
        #expect(tooBig.head.contains("Content-Type: application/problem+json"))
        #expect(tooBig.body.contains(#""status":413"#))

        let wrongType = try #require(exchange(port: server.port, "POST /v1/chart HTTP/1.1\r\nHost: t\r\n"
            + "Content-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}"))
        #expect(wrongType.status == 415)

        let metrics = try #require(exchange(port: server.port, "GET /metrics HTTP/1.1\r\nHost: t\r\n"
            + "Connection: close\r\n\r\n"))
        #expect(metrics.body.contains(#"chartd_http_requests_total{route="/v1/chart",status="413",format=""} 1"#))
        // POST and HEAD
        #expect(metrics.body.contains(#"chartd_http_requests_total{route="/v1/chart",status="200",format="svg"} 2"#))
    }

    @Test func shutdownWaitsForAnInFlightRender() throws {
        let renderer = FakeRenderer()
        let service = ChartService(renderer: renderer)
        let server = try HTTPServer.start(configuration: configuration(), responder: service)
        let port = server.port
        let answer = Mutex<Int?>(nil)
        let spec = #"{"block":true}"#
        let client = Thread {
            let result = exchange(port: port, "POST /v1/chart HTTP/1.1\r\nHost: t\r\nContent-Type: application/json"
                + "\r\nContent-Length: \(spec.utf8.count)\r\n\r\n\(spec)")
            answer.withLock { $0 = result?.status }
        }
        var waited = 0
        while renderer.blocked.load(ordering: .sequentiallyConsistent) == 0 && waited < 5000 {
            usleep(1000)
            waited += 1
        }
        let stopper = Thread { server.shutdown() }
        usleep(50_000)
        let stillBlocked = renderer.blocked.load(ordering: .sequentiallyConsistent) == 1
        #expect(stillBlocked)
        renderer.release()
        stopper.join()
        client.join()
        #expect(answer.withLock { $0 } == 200)
    }
}

/// A joinable OS thread for tests.
private final class Thread: @unchecked Sendable {
    private var thread = pthread_t()

    init(_ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        pthread_create(&thread, nil, { raw in
            raw.map { Unmanaged<Box>.fromOpaque($0).takeRetainedValue().body() }
            return nil
        }, box)
    }

    func join() { pthread_join(thread, nil) }
}
