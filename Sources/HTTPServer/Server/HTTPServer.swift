#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A small HTTP/1.1 server on raw sockets: one I/O thread (epoll on Linux, poll(2) elsewhere) plus a fixed pool of
/// worker threads that run the responder. It knows nothing of what it serves.
///
/// ```swift
/// let server = try HTTPServer.start(configuration: config, responder: myResponder)
/// print(server.port)
/// let result = server.shutdown()   // stop accepting, finish in-flight requests (bounded), stop
/// ```
public final class HTTPServer: Sendable {
    /// The bound port (useful when the configuration asked for port 0).
    public let port: Int
    /// The readiness mechanism the I/O thread runs: "epoll" or "poll" (`HTTPServerConfiguration.poller`).
    public var pollerName: String { loop.poller.name }
    private let loop: EventLoop
    private let configuration: HTTPServerConfiguration
    /// The I/O thread until `shutdown` joins it; nil afterwards, so a second shutdown is a no-op.
    private let ioThread: Mutex<pthread_t?>
    /// Workers still running; shutdown waits (bounded) for it to reach zero.
    private let runningWorkers: Atomic<Int>
    /// What the first shutdown found; later calls return it.
    private let shutdownResult = Mutex<HTTPServerShutdownResult?>(nil)

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
        if configuration.releaseMemoryWhenIdle { holdFreedMemoryUntilIdle() }
        let poller = configuration.poller.resolved()
        guard poller != .epoll || PollerChoice.epollAvailable else {
            throw HTTPServerError(operation: "epoll (this system has none; use the poll poller)", errno: ENOSYS)
        }
        let (fd, port) = try ListeningSocket.open(host: configuration.host, port: configuration.port,
                                                  portable: poller != .epoll)
        let loop: EventLoop
        do {
            loop = try EventLoop(configuration: configuration, responder: responder, listenFD: fd, poller: poller)
        } catch {
            close(fd)
            throw error
        }
        let workers = max(1, configuration.workers)
        let server = HTTPServer(port: port, loop: loop, configuration: configuration, ioThread: nil,
                                workers: workers)
        for index in 0..<workers {
            let thread = try startThread(name: "http-worker-\(index)") { [loop, server] in
                // The job (and its body) is gone by the time the completion is posted, so the body's bytes are
                // released from `maxBufferedInputBytes` only once they are really free.
                while let completion = loop.queue.pop().map({ job -> Completion in
                    let cancellation = job.request.cancellation
                    var completion = Completion(fd: job.fd, connectionID: job.connectionID, client: job.client,
                                                inputBytes: job.inputBytes, response: nil)
                    if cancellation.isCancelled {
                        // Cancelled while queued (its client left): no one wants the answer, so no work is done.
                        loop.counters.droppedBeforeStart.add(1, ordering: .relaxed)
                    } else {
                        cancellation.markStarted(at: monotonicNanoseconds())
                        let response = loop.responder.respond(to: job.request)
                        // Past its deadline the responder's answer (e.g. a 503) is still sent; a gone client gets
                        // nothing, and the bytes are freed here rather than on the I/O thread.
                        if cancellation.reason != .clientGone { completion.response = response }
                    }
                    return completion
                }) {
                    loop.complete(completion)
                }
                server.runningWorkers.subtract(1, ordering: .releasing)
            }
            pthread_detach(thread)
        }
        let io = try startThread(name: "http-io") { [loop] in loop.run() }
        server.ioThread.withLock { $0 = io }
        return server
    }

    /// What the server has refused, cancelled or reset so far, and what it holds right now.
    public var statistics: HTTPServerStatistics {
        var snapshot = loop.counters.snapshot
        snapshot.queuedRequests = loop.queue.depth
        return snapshot
    }

    /// Graceful shutdown: stop accepting, let in-flight requests finish (up to `drainTimeout`), close every
    /// connection and stop the threads. Blocks until done and says how many requests were abandoned at the
    /// deadline. Safe to call more than once: later calls return the first one's result (an empty one while the
    /// first is still running).
    @discardableResult
    public func shutdown() -> HTTPServerShutdownResult {
        let started = monotonicNanoseconds()
        loop.requestStop()
        guard let thread = ioThread.withLock({ current -> pthread_t? in
            defer { current = nil }
            return current
        }) else { return shutdownResult.withLock { $0 } ?? HTTPServerShutdownResult() }
        pthread_join(thread, nil)
        // Workers finish their current job and exit once the queue is closed; a handler stuck past the drain
        // deadline is abandoned rather than waited for.
        let deadline = started &+ configuration.drainTimeout.nanoseconds &+ 100_000_000
        while runningWorkers.load(ordering: .acquiring) > 0 && monotonicNanoseconds() < deadline {
            usleep(2_000)
        }
        let stillRunning = runningWorkers.load(ordering: .acquiring)
        if stillRunning == 0 { loop.closeDescriptors() }
        let result = HTTPServerShutdownResult(
            abandonedRequests: loop.shared.withLock { $0.abandonedRequests }, workersStillRunning: stillRunning)
        shutdownResult.withLock { $0 = result }
        return result
    }
}
