import Glibc
import HTTPServer
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
/// before its body is read, `/big` answers 4 MiB.
final class EchoResponder: HTTPResponder {
    let gate = Gate()
    let log = Mutex<[HTTPLogEntry]>([])

    init() {}

    func check(_ head: HTTPRequestHead) -> HTTPResponse? {
        head.path == "/reject" ? .text(415, "refused early") : nil
    }

    func respondWithoutBlocking(to request: HTTPRequest) -> HTTPResponse? {
        request.path == "/fast" ? .text(200, "fast") : nil
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/block":
            gate.enterAndWait()
            return .text(200, "released")
        case "/big":
            return HTTPResponse(status: 200, body: [UInt8](repeating: 0x61, count: 4 << 20))
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
    return configuration
}

func withServer(_ configuration: HTTPServerConfiguration = testConfiguration(),
                responder: EchoResponder = EchoResponder(),
                _ body: (HTTPServer, EchoResponder) throws -> Void) throws {
    let server = try HTTPServer.start(configuration: configuration, responder: responder)
    defer { server.shutdown() }
    try body(server, responder)
}
