import CLinuxIO
import Glibc
import Synchronization

/// A request handed to a worker.
struct Job: Sendable {
    var fd: Int32
    var connectionID: UInt64
    var request: HTTPRequest
}

/// A worker's response on its way back to the I/O thread.
struct Completion: Sendable {
    var fd: Int32
    var connectionID: UInt64
    var response: HTTPResponse
}

/// The I/O thread: one level-triggered epoll loop that accepts, reads, parses, writes and enforces timeouts for
/// every connection, and hands complete requests to the worker queue. It never runs a handler, so a slow render
/// cannot delay accepting or reading other connections.
///
/// Thread confinement: all stored state except `shared` and `queue` is touched only by `run()` on the I/O thread
/// (after `init`); `shared` is guarded by its Mutex. That is why the class can be `@unchecked Sendable`.
final class EventLoop: @unchecked Sendable {
    struct Shared {
        var completions: [Completion] = []
        var stopRequested = false
    }

    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let queue: WorkQueue<Job>
    /// Worker results and the stop flag: the only state other threads touch. Invariant: `wakeFD` is written after
    /// every change a sleeping loop must notice (first completion of a batch, stop request).
    let shared = Mutex(Shared())

    private let epfd: Int32
    private let wakeFD: Int32
    private var listenFD: Int32
    /// A spare descriptor given up when accept fails with EMFILE, so the pending client can be told 503 and closed
    /// instead of the loop spinning on a readable listener it cannot accept from.
    private var reserveFD: Int32
    private var connections: [Int32: Connection] = [:]
    private var nextConnectionID: UInt64 = 1
    /// Connections whose response finished and whose buffered (pipelined) input should be parsed next.
    private var readyToAdvance: [Connection] = []
    private var date = HTTPDate()
    private var ids = RequestIDGenerator()
    private var draining = false
    private var drainDeadline: UInt64 = 0
    private var logBuffer: [UInt8] = []
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private let allowHeader: String
    private var now: UInt64 = monotonicNanoseconds()

    private static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    private static let sweepInterval: UInt64 = 25_000_000
    private static let lingerTime: UInt64 = 1_000_000_000

    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, listenFD: Int32)
        throws(HTTPServerError)
    {
        self.configuration = configuration
        self.responder = responder
        self.listenFD = listenFD
        self.queue = WorkQueue(capacity: configuration.queueCapacity)
        self.allowHeader = configuration.allowedMethods.joined(separator: ", ")
        epfd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epfd >= 0 else { throw HTTPServerError(operation: "epoll_create1", errno: errno) }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else { throw HTTPServerError(operation: "eventfd", errno: errno) }
        reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard register(listenFD, events: EPOLLIN.rawValue), register(wakeFD, events: EPOLLIN.rawValue) else {
            throw HTTPServerError(operation: "epoll_ctl", errno: errno)
        }
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Closes the loop's own descriptors; only once no worker can still write to `wakeFD`.
    func closeDescriptors() {
        close(epfd)
        close(wakeFD)
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

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    // MARK: The loop

    /// Runs until a requested stop has drained (or the drain timeout passed), then closes every connection.
    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        var lastSweep = monotonicNanoseconds()
        while true {
            let count = epoll_wait(epfd, &events, Int32(events.count), 25)
            now = monotonicNanoseconds()
            for index in 0..<max(0, Int(count)) {
                let fd = events[index].data.fd
                let flags = events[index].events
                if fd == wakeFD {
                    var value: UInt64 = 0
                    _ = read(wakeFD, &value, 8)
                } else if fd == listenFD {
                    acceptConnections()
                } else if let connection = connections[fd] {
                    handle(connection, flags: flags)
                }
            }
            processCompletions()
            while let connection = readyToAdvance.popLast() {
                if connections[connection.fd] === connection { advance(connection) }
            }
            if !draining, shared.withLock({ $0.stopRequested }) { beginDrain() }
            if now &- lastSweep >= Self.sweepInterval {
                lastSweep = now
                sweepTimeouts()
            }
            flushLog()
            if draining && (connections.isEmpty || now >= drainDeadline) { break }
        }
        for connection in Array(connections.values) { closeConnection(connection) }
        flushLog()
        queue.close()
    }

    private func handle(_ connection: Connection, flags: UInt32) {
        if flags & EPOLLERR.rawValue != 0 {
            closeConnection(connection)
            return
        }
        if flags & EPOLLOUT.rawValue != 0 {
            flush(connection)
            guard connections[connection.fd] === connection else { return }
        }
        if flags & (EPOLLIN.rawValue | EPOLLHUP.rawValue) != 0 {
            readable(connection)
        }
    }

    private func readable(_ connection: Connection) {
        let n = read(connection.fd, readBuffer.baseAddress, readBuffer.count)
        if n == 0 {
            switch connection.phase {
            case .processing, .writing:
                // The client half-closed after its request: answer it, then close.
                connection.inputClosed = true
                connection.readPaused = true
                updateInterest(connection)
            case .idle, .head, .body, .lingering:
                closeConnection(connection)
            }
            return
        }
        if n < 0 {
            if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { closeConnection(connection) }
            return
        }
        switch connection.phase {
        case .idle, .head, .body:
            connection.parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
            advance(connection)
        case .processing, .writing:
            // Pipelined bytes while a request is pending: keep them, and stop reading until it is answered
            // (backpressure). Pausing only now saves two epoll_ctl calls per request for ordinary clients.
            connection.parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
            connection.readPaused = true
            updateInterest(connection)
        case .lingering:
            break
        }
    }

    // MARK: Requests

    /// Parses as far as the buffered input allows, starting requests and dispatching complete ones.
    private func advance(_ connection: Connection) {
        while true {
            switch connection.phase {
            case .idle, .head, .body: break
            case .processing, .writing, .lingering:
                updateInterest(connection)
                return
            }
            if connection.phase == .idle && connection.parser.bufferedByteCount > 0 {
                connection.phase = .head
                connection.requestStart = now
                connection.deadline = now &+ configuration.headerTimeout.nanoseconds
            }
            let event: HTTPParserEvent?
            do {
                event = try connection.parser.next()
            } catch {
                if let head = error.head, connection.head == nil {
                    connection.head = head
                    if let id = head.headers["X-Request-Id"], RequestIDGenerator.isSane(id) {
                        connection.requestID = id
                    }
                }
                serverError(connection, status: error.status, detail: error.reason, close: true)
                return
            }
            switch event {
            case nil:
                if connection.phase == .head && connection.parser.isBetweenRequests {
                    // Only empty lines arrived; still idle.
                    connection.phase = .idle
                    connection.deadline = now &+ configuration.idleTimeout.nanoseconds
                }
                updateInterest(connection)
                return
            case .head(let head):
                start(connection, head: head)
            case .body(let body):
                dispatch(connection, body: body)
            }
        }
    }

    private func start(_ connection: Connection, head: HTTPRequestHead) {
        connection.head = head
        if let id = head.headers["X-Request-Id"], RequestIDGenerator.isSane(id) {
            connection.requestID = id
        } else {
            connection.requestID = ids.next()
        }
        connection.phase = .body
        connection.deadline = now &+ configuration.bodyTimeout.nanoseconds
        var early: HTTPResponse?
        var sendContinue = false
        if !configuration.allowedMethods.contains(head.method) {
            var response = responder.errorResponse(
                status: 405, detail: "method \(head.method) is not allowed", head: head)
            response.headers.set("Allow", allowHeader)
            early = response
        } else if let expect = head.headers["Expect"] {
            if HTTPHeaders.equalNames(trimmed(expect), "100-continue") {
                sendContinue = head.version.minor >= 1 && head.hasBody
            } else {
                early = responder.errorResponse(status: 417, detail: "only Expect: 100-continue is supported",
                                                head: head)
            }
        }
        if early == nil { early = responder.check(head) }
        if let early {
            // An unread body would be taken for the next request, so a refused request with one closes.
            if !head.hasBody { connection.parser.skipEmptyBody() }
            queueResponse(connection, early, close: head.hasBody)
            return
        }
        if sendContinue && connection.parser.bufferedByteCount == 0 {
            connection.output.append(Self.continueBytes)
            flush(connection)
        }
    }

    private func dispatch(_ connection: Connection, body: [UInt8]) {
        guard let head = connection.head else {
            closeConnection(connection)
            return
        }
        connection.phase = .processing
        connection.deadline = 0
        let request = HTTPRequest(head: head, body: body, id: connection.requestID)
        if queue.tryPush(Job(fd: connection.fd, connectionID: connection.id, request: request)) {
            updateInterest(connection)
        } else {
            var response = responder.errorResponse(status: 503, detail: "the server is busy; retry shortly",
                                                   head: head)
            response.headers.set("Retry-After", String(configuration.retryAfterSeconds))
            queueResponse(connection, response, close: false)
        }
    }

    private func processCompletions() {
        let batch = shared.withLock { shared -> [Completion] in
            let batch = shared.completions
            shared.completions.removeAll(keepingCapacity: true)
            return batch
        }
        for completion in batch {
            guard let connection = connections[completion.fd], connection.id == completion.connectionID,
                connection.phase == .processing
            else { continue }  // the client went away; the work is simply dropped
            queueResponse(connection, completion.response, close: false)
        }
    }

    // MARK: Responses

    private func serverError(_ connection: Connection, status: Int, detail: String, close: Bool) {
        if connection.requestID.isEmpty { connection.requestID = ids.next() }
        if connection.requestStart == 0 { connection.requestStart = now }
        let response = responder.errorResponse(status: status, detail: detail, head: connection.head)
        queueResponse(connection, response, close: close)
    }

    private func queueResponse(_ connection: Connection, _ response: HTTPResponse, close: Bool) {
        let head = connection.head
        let keepAlive = !close && !draining && !connection.inputClosed && (head?.wantsKeepAlive ?? false)
        connection.closeAfterWrite = !keepAlive
        let bytes = response.serializedHead(
            date: date.current(), keepAlive: keepAlive, requestVersion: head?.version ?? .http1_1,
            requestID: connection.requestID.isEmpty ? nil : connection.requestID)
        connection.output.append(bytes)
        let sendBody = head?.method != "HEAD" && response.allowsBody && !response.body.isEmpty
        if sendBody { connection.output.append(response.body) }
        connection.pendingLog = HTTPLogEntry(
            method: head?.method ?? "-", path: head.map { String($0.path) } ?? "-", status: response.status,
            bytes: sendBody ? response.body.count : 0, durationNanoseconds: 0, requestID: connection.requestID,
            fields: response.logFields)
        connection.phase = .writing
        connection.deadline = now &+ configuration.writeTimeout.nanoseconds
        flush(connection)
    }

    /// Writes as much pending output as the socket takes; finishes the response when all is sent.
    private func flush(_ connection: Connection) {
        while !connection.output.isEmpty {
            let sent = send(connection)
            if sent < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    updateInterest(connection)
                    return
                }
                closeConnection(connection)  // EPIPE/ECONNRESET: the client left; nothing more to do
                return
            }
            var remaining = sent
            while remaining > 0, let first = connection.output.first {
                let left = first.count - connection.outputOffset
                if remaining >= left {
                    remaining -= left
                    connection.output.removeFirst()
                    connection.outputOffset = 0
                } else {
                    connection.outputOffset += remaining
                    remaining = 0
                }
            }
        }
        if let entry = connection.pendingLog {
            finishResponse(connection, entry: entry)
        } else {
            updateInterest(connection)
        }
    }

    /// One `sendmsg` of up to two pending chunks (head and body together), never raising SIGPIPE.
    private func send(_ connection: Connection) -> Int {
        let offset = connection.outputOffset
        let flags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
        return connection.output[0].withUnsafeBytes { first -> Int in
            var vectors = [iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress.map { $0 + offset }),
                                 iov_len: first.count - offset), iovec()]
            var message = msghdr()
            guard connection.output.count > 1 else {
                return vectors.withUnsafeMutableBufferPointer { v in
                    message.msg_iov = v.baseAddress
                    message.msg_iovlen = 1
                    return sendmsg(connection.fd, &message, flags)
                }
            }
            return connection.output[1].withUnsafeBytes { second -> Int in
                vectors[1] = iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress),
                                   iov_len: second.count)
                return vectors.withUnsafeMutableBufferPointer { v in
                    message.msg_iov = v.baseAddress
                    message.msg_iovlen = 2
                    return sendmsg(connection.fd, &message, flags)
                }
            }
        }
    }

    private func finishResponse(_ connection: Connection, entry: HTTPLogEntry) {
        var entry = entry
        now = monotonicNanoseconds()
        entry.durationNanoseconds = now &- connection.requestStart
        log(entry)
        responder.didRespond(entry)
        connection.pendingLog = nil
        connection.head = nil
        connection.requestID = ""
        connection.requestStart = 0
        if connection.closeAfterWrite {
            linger(connection)
            return
        }
        connection.phase = .idle
        connection.deadline = now &+ configuration.idleTimeout.nanoseconds
        updateInterest(connection)
        if connection.parser.bufferedByteCount > 0 { readyToAdvance.append(connection) }
    }

    /// Half-closes and discards input for a moment, so a client still sending (e.g. a refused body) reads the
    /// response instead of a connection reset.
    private func linger(_ connection: Connection) {
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.phase = .lingering
        connection.deadline = now &+ Self.lingerTime
        updateInterest(connection)
    }

    // MARK: Connections

    private func acceptConnections() {
        for _ in 0..<64 {
            let fd = clinuxio_accept_nonblocking(listenFD, nil, nil)
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE: shedPendingConnection()
                default: break
                }
                return
            }
            if connections.count >= configuration.maxConnections || draining {
                refuse(fd)
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let connection = Connection(fd: fd, id: nextConnectionID, limits: configuration.limits)
            nextConnectionID += 1
            guard register(fd, events: EPOLLIN.rawValue) else {
                close(fd)
                continue
            }
            connection.interest = EPOLLIN.rawValue
            connection.deadline = now &+ configuration.idleTimeout.nanoseconds
            connections[fd] = connection
        }
    }

    /// Out of descriptors: free the reserve, accept one client, tell it 503 and close it, then re-arm the reserve.
    private func shedPendingConnection() {
        if reserveFD >= 0 { close(reserveFD) }
        let fd = clinuxio_accept_nonblocking(listenFD, nil, nil)
        if fd >= 0 { refuse(fd) }
        reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    private func refuse(_ fd: Int32) {
        let message = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: "
            + "\(configuration.retryAfterSeconds)\r\nConnection: close\r\n\r\n"
        _ = message.utf8.withContiguousStorageIfAvailable { bytes in
            Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
        close(fd)
    }

    private func closeConnection(_ connection: Connection, reset: Bool = false) {
        guard connections[connection.fd] === connection else { return }
        connections[connection.fd] = nil
        epoll_ctl(epfd, Int32(EPOLL_CTL_DEL), connection.fd, nil)
        if reset {
            var option = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection.fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        close(connection.fd)
    }

    private func updateInterest(_ connection: Connection) {
        let pendingOutput: UInt32 = connection.output.isEmpty ? 0 : EPOLLOUT.rawValue
        let want: UInt32
        switch connection.phase {
        case .idle, .head, .body, .lingering:
            connection.readPaused = false
            want = EPOLLIN.rawValue | pendingOutput
        case .processing, .writing: want = pendingOutput | (connection.readPaused ? 0 : EPOLLIN.rawValue)
        }
        guard want != connection.interest, connections[connection.fd] === connection else { return }
        var event = epoll_event()
        event.events = want
        event.data.fd = connection.fd
        epoll_ctl(epfd, Int32(EPOLL_CTL_MOD), connection.fd, &event)
        connection.interest = want
    }

    private func register(_ fd: Int32, events: UInt32) -> Bool {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        return epoll_ctl(epfd, Int32(EPOLL_CTL_ADD), fd, &event) == 0
    }

    private func sweepTimeouts() {
        let expired = connections.values.filter { $0.deadline != 0 && now >= $0.deadline }
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
    }

    private func beginDrain() {
        draining = true
        drainDeadline = now &+ configuration.drainTimeout.nanoseconds
        epoll_ctl(epfd, Int32(EPOLL_CTL_DEL), listenFD, nil)
        close(listenFD)
        listenFD = -1
        responder.drainDidBegin()
        for connection in Array(connections.values) where connection.phase == .idle {
            closeConnection(connection)
        }
    }

    // MARK: Access log

    private func log(_ entry: HTTPLogEntry) {
        guard configuration.accessLog != nil else { return }
        logBuffer.append(contentsOf: entry.jsonLine.utf8)
    }

    /// One write per loop iteration for all lines gathered in it.
    private func flushLog() {
        guard !logBuffer.isEmpty, let sink = configuration.accessLog else { return }
        sink(logBuffer)
        logBuffer.removeAll(keepingCapacity: true)
    }
}
