#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A request handed to a worker.
struct Job: Sendable {
    var fd: Int32
    var connectionID: UInt64
    /// The client the request counts against (`maxQueuedPerClient`); handed back with the completion.
    var client: String
    var request: HTTPRequest
    /// The body's bytes, counted against `maxBufferedInputBytes` until the completion is processed.
    var inputBytes: Int
}

/// A worker's response on its way back to the I/O thread.
struct Completion: Sendable {
    var fd: Int32
    var connectionID: UInt64
    var client: String
    /// The job's `inputBytes`, released when the completion is processed (whether or not the client is still there).
    var inputBytes: Int
    /// Nil when nothing is to be sent: the job was cancelled before it started, or its client is gone.
    var response: HTTPResponse?
}

/// The I/O thread: one level-triggered readiness loop (`Poller`: epoll or poll(2)) that accepts, reads, parses,
/// writes and enforces timeouts for every connection, and hands complete requests to the worker queue. It never runs a handler, so a slow render
/// cannot delay accepting or reading other connections.
///
/// Thread confinement: all stored state except `shared` and `queue` is touched only by `run()` on the I/O thread
/// (after `init`) and the methods it calls (the `EventLoop+*.swift` extensions); `shared` is guarded by its Mutex.
/// That is why the class can be `@unchecked Sendable`. Only `complete`, `requestStop` and `closeDescriptors` are
/// called from other threads.
final class EventLoop: @unchecked Sendable {
    struct Shared {
        var completions: [Completion] = []
        var stopRequested = false
        /// Set as the loop ends: requests still queued, processing or writing at the drain deadline.
        var abandonedRequests = 0
    }

    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let queue: WorkQueue<Job>
    /// Worker results and the stop flag: the only state other threads touch. Invariant: `poller.wake()` is called
    /// after every change a sleeping loop must notice (first completion of a batch, stop request).
    let shared = Mutex(Shared())
    /// Counters for `HTTPServer.statistics`; atomics, written here and by the workers.
    let counters = ServerCounters()

    /// Readiness of the listener and every connection; its `wake()` is the one method other threads call.
    let poller: any Poller
    /// Accept with `accept` + `fcntl` rather than `accept4` (see `SocketCalls`): with the poll(2) poller.
    let portableSockets: Bool
    var listenFD: Int32
    /// A spare descriptor given up when accept fails with EMFILE, so the pending client can be told 503 and closed
    /// instead of the loop spinning on a readable listener it cannot accept from.
    var reserveFD: Int32
    var connections: [Int32: Connection] = [:]
    /// Open connections per peer address (`maxConnectionsPerClient`).
    var connectionsPerClient = ClientCounts()
    /// Requests queued or running per admission key (`maxQueuedPerClient`), from push until the completion.
    var queuedPerClient = ClientCounts()
    /// Unsent response bytes of all connections (`maxPendingOutputBytes`); the sum of their `unsentBytes`.
    var pendingOutputBytes = 0
    /// Request input held (`maxBufferedInputBytes`). Invariant: `inputBudget.held` is the sum of the connections'
    /// `countedInput` plus the `inputBytes` of every job whose completion has not been processed.
    var inputBudget: InputBudget
    /// Connections paused for input room, oldest first, with the ticket of their pause; an entry whose ticket is
    /// no longer its connection's `inputWaitTicket` (or whose connection closed) is stale and skipped.
    var inputWaiters: [(connection: Connection, ticket: UInt64)] = []
    /// Live waiters by use: one waiting for header-section room, one waiting for body room (a body admission or a
    /// chunked body's read). A connection that is not a waiter takes room only while none of its use waits.
    var headInputWaiters = 0
    var bodyInputWaiters = 0
    var nextInputWaitTicket: UInt64 = 1
    /// Set when input was released while connections wait; `serveInputWaiters` runs once per loop iteration.
    var inputReleased = false
    var trimPolicy = MemoryTrimPolicy()
    var nextConnectionID: UInt64 = 1
    /// Connections whose response finished and whose buffered (pipelined) input should be parsed next.
    var readyToAdvance: [Connection] = []
    var date = HTTPDate()
    var ids = RequestIDGenerator()
    var draining = false
    var drainDeadline: UInt64 = 0
    var logBuffer: [UInt8] = []
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    let allowHeader: String
    var now: UInt64 = monotonicNanoseconds()

    static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    static let sweepInterval: UInt64 = 25_000_000
    static let lingerTime: UInt64 = 1_000_000_000

    /// `poller`: `.epoll` or `.poll` (resolved); it decides the accept path too.
    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, listenFD: Int32,
         poller choice: PollerChoice) throws(HTTPServerError)
    {
        self.configuration = configuration
        self.responder = responder
        self.listenFD = listenFD
        self.queue = WorkQueue(capacity: configuration.queueCapacity)
        self.inputBudget = InputBudget(cap: configuration.maxBufferedInputBytes)
        self.allowHeader = configuration.allowedMethods.joined(separator: ", ")
        poller = try choice.makePoller()
        portableSockets = choice != .epoll
        reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard poller.register(listenFD, interest: .read) else {
            let failure = errno
            poller.close()
            if reserveFD >= 0 { close(reserveFD) }
            throw HTTPServerError(operation: "\(poller.name): watching the listener", errno: failure)
        }
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Closes the loop's own descriptors; only once no worker can still call `wake()`.
    func closeDescriptors() {
        poller.close()
        if reserveFD >= 0 { close(reserveFD) }
    }

    // MARK: Cross-thread entry points

    /// Called by a worker thread.
    func complete(_ completion: Completion) {
        let wasEmpty = shared.withLock { shared in
            shared.completions.append(completion)
            return shared.completions.count == 1
        }
        if wasEmpty { wake() }
    }

    /// Asks the loop to drain and stop; returns immediately.
    func requestStop() {
        shared.withLock { $0.stopRequested = true }
        wake()
    }

    func wake() {
        poller.wake()
    }

    // MARK: The loop

    /// Runs until a requested stop has drained (or the drain timeout passed), then closes every connection.
    func run() {
        var events: [PollEvent] = []
        events.reserveCapacity(256)
        var lastSweep = monotonicNanoseconds()
        while true {
            poller.wait(timeoutMilliseconds: 25, into: &events)  // a wake-up is consumed inside
            now = monotonicNanoseconds()
            for event in events {
                if event.fd == listenFD {
                    acceptConnections()
                } else if let connection = connections[event.fd] {
                    handle(connection, event)
                }
            }
            processCompletions()
            while let connection = readyToAdvance.popLast() {
                if connections[connection.fd] === connection { advance(connection) }
            }
            serveInputWaiters()
            if !draining, shared.withLock({ $0.stopRequested }) { beginDrain() }
            if now &- lastSweep >= Self.sweepInterval {
                lastSweep = now
                sweep()
            }
            flushLog()
            if draining && (connections.isEmpty || now >= drainDeadline) { break }
        }
        var abandoned = 0
        for connection in Array(connections.values) {
            switch connection.phase {
            // A request whose headers arrived is a request, even while its body is still coming: cutting it off is
            // abandoning it. Half-sent headers (a slow or idle client) are not yet a request.
            case .body, .processing, .writing: abandoned += 1
            case .idle, .head, .lingering: break
            }
            // No one will read the answer: let a handler that polls its cancellation stop early.
            connection.inFlight?.cancel(.deadline)
            closeConnection(connection)
        }
        shared.withLock { $0.abandonedRequests = abandoned }
        flushLog()
        queue.close()
    }

    func handle(_ connection: Connection, _ event: PollEvent) {
        if event.error {
            closeConnection(connection, clientGone: true)
            return
        }
        if event.hangUp && connection.inputWait != .none {
            // Not being read, so the hang-up would be reported on every wait: the client is gone.
            closeConnection(connection, clientGone: true)
            return
        }
        if event.writable {
            flush(connection)
            guard connections[connection.fd] === connection else { return }
        }
        if event.readable || event.hangUp {
            readable(connection)
        }
    }

    /// Reads once, at most what `inputAllowance` says; with no allowance the connection waits for input room.
    /// `served`: it is a paused connection being resumed, first in line for its use of the room.
    func readable(_ connection: Connection, served: Bool = false) {
        guard connection.inputWait == .none, let allowance = inputAllowance(connection, served: served) else { return }
        guard allowance > 0 else {
            waitForInputRoom(connection)
            return
        }
        let n = read(connection.fd, readBuffer.baseAddress, min(readBuffer.count, allowance))
        if n == 0 {
            inputEnded(connection)
            return
        }
        if n < 0 {
            if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { closeConnection(connection, clientGone: true) }
            return
        }
        switch connection.phase {
        case .idle, .head, .body:
            connection.parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
            syncInput(connection)
            advance(connection)
        case .processing, .writing:
            // Pipelined bytes while a request is pending: keep them, and stop reading until it is answered
            // (backpressure). Pausing only now saves two interest changes (epoll_ctl) per request for ordinary
            // clients.
            connection.parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
            syncInput(connection)
            connection.readPaused = true
            updateInterest(connection)
        case .lingering:
            break
        }
    }

    /// The client shut its sending side (FIN) but may still read: every complete request it sent is answered, in
    /// order, and the connection closes after the last (see `queueResponse`, `advance`).
    func inputEnded(_ connection: Connection) {
        connection.inputClosed = true
        switch connection.phase {
        case .processing, .writing:
            connection.readPaused = true
            updateInterest(connection)
        case .idle, .head, .body:
            advance(connection)  // closes once no buffered request can complete
        case .lingering:
            closeConnection(connection)
        }
    }

    /// Every `sweepInterval`: timeouts, processing deadlines, the minimum send rate, and the idle memory trim.
    func sweep() {
        var expired: [Connection] = []
        var tooSlow: [Connection] = []
        var busy = false
        let processingLimit = configuration.processingTimeout?.nanoseconds
        let rateWindow = configuration.minSendRateWindow.nanoseconds
        for connection in connections.values {
            if connection.deadline != 0 && now >= connection.deadline { expired.append(connection) }
            switch connection.phase {
            case .processing:
                busy = true
                if let processingLimit, let cancellation = connection.inFlight, cancellation.reason == .none {
                    let started = cancellation.startedAt
                    if started != 0 && now > started && now - started >= processingLimit {
                        cancellation.cancel(.deadline)
                        counters.cancelledByDeadline.add(1, ordering: .relaxed)
                    }
                }
            case .writing:
                busy = true
                if configuration.minSendBytesPerSecond > 0 && now &- connection.rateWindowStart >= rateWindow {
                    let sent = connection.sentInResponse - connection.sentAtRateWindowStart
                    if OutputPolicy.keptMinimumRate(sent: sent, elapsedNanoseconds: now &- connection.rateWindowStart,
                                                    minBytesPerSecond: configuration.minSendBytesPerSecond) {
                        connection.rateWindowStart = now
                        connection.sentAtRateWindowStart = connection.sentInResponse
                    } else {
                        tooSlow.append(connection)
                    }
                }
            case .idle, .head, .body, .lingering:
                break
            }
        }
        for connection in tooSlow where connections[connection.fd] === connection {
            // Reset, not close: a graceful close would leave the kernel trickling the rest to the same reader.
            // Counted once done, so whoever sees the count also sees the reader's unsent bytes released.
            closeConnection(connection, reset: true)
            counters.slowReadersReset.add(1, ordering: .releasing)
        }
        for connection in expired where connections[connection.fd] === connection {
            switch connection.phase {
            case .head, .body:
                serverError(connection, status: 408, detail: "the request was not received in time", close: true)
            case .writing:
                // Reset rather than close: a graceful close would leave the kernel trickling the unsent
                // response to a client that is not reading.
                closeConnection(connection, reset: true)
            case .idle, .processing, .lingering:
                closeConnection(connection)
            }
        }
        if configuration.releaseMemoryWhenIdle {
            if busy { trimPolicy.noteBusy(at: now) }
            if trimPolicy.shouldTrim(at: now) {
                releaseFreeHeapMemory()
                counters.memoryTrims.add(1, ordering: .relaxed)
                now = monotonicNanoseconds()
            }
        }
    }

    func beginDrain() {
        draining = true
        drainDeadline = now &+ configuration.drainTimeout.nanoseconds
        poller.remove(listenFD)
        close(listenFD)
        listenFD = -1
        responder.drainDidBegin()
        for connection in Array(connections.values) where connection.phase == .idle {
            // A request may be sitting in the socket unread: read it now, so it is answered (with
            // `Connection: close`) instead of being lost to the close. Only a connection with nothing to read,
            // and no request in progress, is closed at once.
            readable(connection)
            if connections[connection.fd] === connection && connection.phase == .idle
                && connection.parser.bufferedByteCount == 0
            {
                closeConnection(connection)
            }
        }
    }

    // MARK: Access log

    func log(_ entry: HTTPLogEntry) {
        guard let logger = configuration.accessLog else { return }
        logBuffer.append(contentsOf: logger.accessLine(entry))
    }

    /// One write per loop iteration for all lines gathered in it.
    func flushLog() {
        guard !logBuffer.isEmpty, let logger = configuration.accessLog else { return }
        logger.sink(logBuffer)
        logBuffer.removeAll(keepingCapacity: true)
    }
}
