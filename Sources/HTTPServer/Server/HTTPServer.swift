import Glibc
import Synchronization

/// A small HTTP/1.1 server on raw sockets: one epoll I/O thread plus a fixed pool of worker threads that run the
/// responder. It knows nothing of what it serves.
///
/// ```swift
/// let server = try HTTPServer.start(configuration: config, responder: myResponder)
/// print(server.port)
/// server.shutdown()   // stop accepting, finish in-flight requests (bounded), stop
/// ```
public final class HTTPServer: Sendable {
    /// The bound port (useful when the configuration asked for port 0).
    public let port: Int
    private let loop: EventLoop
    private let configuration: HTTPServerConfiguration
    /// The I/O thread until `shutdown` joins it; nil afterwards, so a second shutdown is a no-op.
    private let ioThread: Mutex<pthread_t?>
    /// Workers still running; shutdown waits (bounded) for it to reach zero.
    private let runningWorkers: Atomic<Int>

    private init(port: Int, loop: EventLoop, configuration: HTTPServerConfiguration, ioThread: pthread_t?,
                 workers: Int) {
        self.port = port
        self.loop = loop
        self.configuration = configuration
        self.ioThread = Mutex(ioThread)
        self.runningWorkers = Atomic(workers)
    }

    /// Binds, listens and starts the I/O and worker threads. Returns once the server accepts connections.
    public static func start(configuration: HTTPServerConfiguration, responder: some HTTPResponder)
        throws(HTTPServerError) -> HTTPServer
    {
        // A client that disconnects mid-response must cost an EPIPE, not the process.
        signal(SIGPIPE, SIG_IGN)
        let (fd, port) = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        let loop: EventLoop
        do {
            loop = try EventLoop(configuration: configuration, responder: responder, listenFD: fd)
        } catch {
            close(fd)
            throw error
        }
        let workers = max(1, configuration.workers)
        let server = HTTPServer(port: port, loop: loop, configuration: configuration, ioThread: nil,
                                workers: workers)
        for index in 0..<workers {
            let thread = try startThread(name: "http-worker-\(index)") { [loop, server] in
                while let job = loop.queue.pop() {
                    let response = loop.responder.respond(to: job.request)
                    loop.complete(Completion(fd: job.fd, connectionID: job.connectionID, response: response))
                }
                server.runningWorkers.subtract(1, ordering: .releasing)
            }
            pthread_detach(thread)
        }
        let io = try startThread(name: "http-io") { [loop] in loop.run() }
        server.ioThread.withLock { $0 = io }
        return server
    }

    /// Graceful shutdown: stop accepting, let in-flight requests finish (up to `drainTimeout`), close every
    /// connection and stop the threads. Blocks until done; safe to call more than once.
    public func shutdown() {
        let started = monotonicNanoseconds()
        loop.requestStop()
        guard let thread = ioThread.withLock({ current -> pthread_t? in
            defer { current = nil }
            return current
        }) else { return }
        pthread_join(thread, nil)
        // Workers finish their current job and exit once the queue is closed; a handler stuck past the drain
        // deadline is abandoned rather than waited for.
        let deadline = started &+ configuration.drainTimeout.nanoseconds &+ 100_000_000
        while runningWorkers.load(ordering: .acquiring) > 0 && monotonicNanoseconds() < deadline {
            usleep(2_000)
        }
        if runningWorkers.load(ordering: .acquiring) == 0 { loop.closeDescriptors() }
    }
}
