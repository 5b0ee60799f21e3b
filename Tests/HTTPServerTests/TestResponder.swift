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

/// A latch a handler blocks on until the test releases it, so "in flight" is a state, not a sleep.
final class Gate: Sendable {
    private let entered = Atomic<Int>(0)
    private let released = Atomic<Bool>(false)

    func enterAndWait() {
        entered.add(1, ordering: .sequentiallyConsistent)
        while !released.load(ordering: .sequentiallyConsistent) { usleep(1000) }
    }

    /// Waits (bounded) until `count` handlers are blocked in the gate.
    @discardableResult
    func waitUntilEntered(_ count: Int = 1, timeoutMilliseconds: Int = 5000) -> Bool {
        for _ in 0..<timeoutMilliseconds {
            if entered.load(ordering: .sequentiallyConsistent) >= count { return true }
            usleep(1000)
        }
        return false
    }

    func release() { released.store(true, ordering: .sequentiallyConsistent) }
}

/// Echoes `METHOD target body-length` and then the body; `/block` waits on the gate, `/reject` is refused
/// before its body is read, `/big` answers 4 MiB and `/huge` 16 MiB, `/poll` waits (up to 5 s) for its cancellation and answers 503
/// with the reason. A request's `X-Client` header, when present, is its admission key.
final class EchoResponder: HTTPResponder {
    let gate = Gate()
    let log = Mutex<[HTTPLogEntry]>([])
    /// Targets that reached `respond`, in order.
    let started = Mutex<[String]>([])
    /// `startedAt` of each request that reached `respond` (the server must mark it before calling).
    let startTimes = Mutex<[UInt64]>([])

    init() {}

    func check(_ head: HTTPRequestHead) -> HTTPResponse? {
        head.path == "/reject" ? .text(415, "refused early") : nil
    }

    func respondWithoutBlocking(to request: HTTPRequest) -> HTTPResponse? {
        request.path == "/fast" ? .text(200, "fast") : nil
    }

    func admissionKey(for request: HTTPRequest) -> String {
        request.headers["X-Client"] ?? request.peerAddress
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        started.withLock { $0.append(request.head.target) }
        startTimes.withLock { $0.append(request.cancellation.startedAt) }
        switch request.path {
        case "/block":
            gate.enterAndWait()
            return .text(200, "released")
        case "/poll":
            for _ in 0..<5000 where !request.cancellation.isCancelled { usleep(1000) }
            switch request.cancellation.reason {
            case .none: return .text(200, "not cancelled")
            case .deadline: return .text(503, "deadline")
            case .clientGone: return .text(503, "client gone")
            }
        case "/big":
            return HTTPResponse(status: 200, body: [UInt8](repeating: 0x61, count: 4 << 20))
        case "/huge":
            return HTTPResponse(status: 200, body: [UInt8](repeating: 0x62, count: 16 << 20))
        default:
            let line = Array("\(request.method) \(request.head.target) \(request.body.count)\n".utf8)
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: line + request.body,
                                logFields: [("kind", "echo")])
        }
    }

    func didRespond(_ entry: HTTPLogEntry) {
        log.withLock { $0.append(entry) }
    }
}

func testConfiguration() -> HTTPServerConfiguration {
    var configuration = HTTPServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.workers = 2
    configuration.accessLog = nil
    configuration.headerTimeout = .milliseconds(300)
    configuration.bodyTimeout = .milliseconds(300)
    configuration.idleTimeout = .seconds(5)
    configuration.drainTimeout = .seconds(3)
    configuration.limits = HTTPParserLimits(maxHeaderBytes: 4096, maxHeaderCount: 50, maxBodyBytes: 64 * 1024)
    // Every test client is 127.0.0.1: the per-client caps are set where they are tested.
    configuration.maxConnectionsPerClient = 100_000
    configuration.maxQueuedPerClient = 100_000
    return configuration
}

/// Polls `condition` every millisecond for up to `milliseconds`; true once it holds.
func eventually(within milliseconds: Int = 5000, _ condition: () -> Bool) -> Bool {
    for _ in 0..<milliseconds {
        if condition() { return true }
        usleep(1000)
    }
    return condition()
}

/// A client with a tiny receive buffer that will not read: the server's writes to it stall after a few kilobytes
/// (plus what the server's own send buffer takes, up to 4 MiB on Linux, hence `/huge` in the tests that need
/// most of a response to stay unsent).
func stalledClient(port: Int) -> TestClient? {
    TestClient(port: port, receiveBufferBytes: 4096)
}

/// Makes the client's close send RST instead of FIN (the close happens when the client is released).
func resetOnClose(_ client: TestClient?) {
    guard let client else { return }
    var option = linger(l_onoff: 1, l_linger: 0)
    setsockopt(client.fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
}

func withServer(_ configuration: HTTPServerConfiguration = testConfiguration(),
                responder: EchoResponder = EchoResponder(),
                _ body: (HTTPServer, EchoResponder) throws -> Void) throws {
    let server = try HTTPServer.start(configuration: configuration, responder: responder)
    defer { server.shutdown() }
    try body(server, responder)
}
