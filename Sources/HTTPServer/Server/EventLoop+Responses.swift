#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing responses: serialization, the output cap, partial writes, keep-alive or lingering close, the access-log
/// entry.
extension EventLoop {
    func serverError(_ connection: Connection, status: Int, detail: String, close: Bool) {
        if connection.requestID.isEmpty { connection.requestID = ids.next() }
        if connection.requestStart == 0 { connection.requestStart = now }
        let response = responder.errorResponse(status: status, detail: detail, head: connection.head)
        queueResponse(connection, response, close: close)
    }

    /// Bodies this small always go out, whatever `maxPendingOutputBytes` says: a 503 in their place costs as much.
    static let alwaysSentBodyBytes = 16 * 1024

    func queueResponse(_ connection: Connection, _ response: HTTPResponse, close: Bool) {
        let head = connection.head
        let sendBody = head?.method != "HEAD" && response.allowsBody && !response.body.isEmpty
        let bodyBytes = sendBody ? response.body.count : 0
        if bodyBytes > Self.alwaysSentBodyBytes && !makeRoomForOutput(bodyBytes) {
            counters.responsesRefusedForOutputCap.add(1, ordering: .relaxed)
            var refusal = responder.errorResponse(
                status: 503, detail: "the server holds too many unsent responses; retry shortly", head: head)
            refusal.headers.set("Retry-After", String(configuration.retryAfterSeconds))
            if refusal.body.count > Self.alwaysSentBodyBytes { refusal.body = [] }  // never recurse
            queueResponse(connection, refusal, close: close)
            return
        }
        connection.inFlight = nil
        clearInputWait(connection)  // answered (early refusal, 408): no longer waiting to be read
        // After the client's FIN, or during a drain, the connection ends with the last complete request that is
        // already buffered; only that one's response says `Connection: close`.
        let moreToAnswer = !(draining || connection.inputClosed) || connection.parser.hasCompleteRequest
        let keepAlive = !close && moreToAnswer && (head?.wantsKeepAlive ?? false)
        connection.closeAfterWrite = !keepAlive
        // Nothing more will be parsed from this connection: free its input now rather than when it closes.
        if !keepAlive { discardInput(connection) }
        let bytes = response.serializedHead(
            date: date.current(), keepAlive: keepAlive, requestVersion: head?.version ?? .http1_1,
            requestID: connection.requestID.isEmpty ? nil : connection.requestID)
        appendOutput(connection, bytes)
        if sendBody { appendOutput(connection, response.body) }
        connection.pendingLog = HTTPLogEntry(
            method: head?.method ?? "-", path: head.map { String($0.path) } ?? "-", status: response.status,
            bytes: bodyBytes, durationNanoseconds: 0, requestID: connection.requestID,
            fields: response.logFields)
        connection.phase = .writing
        connection.deadline = now &+ configuration.writeTimeout.nanoseconds
        connection.writeStartedAt = now
        connection.sentInResponse = 0
        connection.rateWindowStart = now
        connection.sentAtRateWindowStart = 0
        trimPolicy.noteTraffic(bodyBytes, at: now)
        flush(connection)
    }

    /// Makes room under `maxPendingOutputBytes` for `incoming` more bytes by resetting the slowest writers that
    /// have shown their pace (`OutputPolicy.writersToReset`); false, resetting no one, when that cannot suffice.
    func makeRoomForOutput(_ incoming: Int) -> Bool {
        let cap = configuration.maxPendingOutputBytes
        guard pendingOutputBytes + incoming > cap else { return true }
        var candidates: [UInt64: Connection] = [:]
        var writers: [OutputPolicy.Writer] = []
        for connection in connections.values where connection.phase == .writing && connection.unsentBytes > 0 {
            let age = now &- connection.writeStartedAt
            guard connection.writeStartedAt != 0, now > connection.writeStartedAt,
                age >= OutputPolicy.minimumWriterAge
            else { continue }
            candidates[connection.id] = connection
            writers.append(OutputPolicy.Writer(id: connection.id, unsentBytes: connection.unsentBytes,
                                               bytesPerSecond: Double(connection.sentInResponse) * 1e9 / Double(age)))
        }
        guard let victims = OutputPolicy.writersToReset(candidates: writers, pending: pendingOutputBytes,
                                                        incoming: incoming, cap: cap)
        else { return false }
        for id in victims {
            guard let connection = candidates[id] else { continue }
            counters.writersResetForOutputCap.add(1, ordering: .relaxed)
            closeConnection(connection, reset: true)
        }
        return true
    }

    /// Queues bytes for sending, counting them against `maxPendingOutputBytes`.
    func appendOutput(_ connection: Connection, _ bytes: [UInt8]) {
        connection.output.append(bytes)
        connection.unsentBytes += bytes.count
        adjustPendingOutput(by: bytes.count)
    }

    /// Drops whatever the connection had left to send (it is being closed).
    func discardOutput(_ connection: Connection) {
        adjustPendingOutput(by: -connection.unsentBytes)
        connection.unsentBytes = 0
        connection.output = []
        connection.outputOffset = 0
    }

    func adjustPendingOutput(by delta: Int) {
        pendingOutputBytes += delta
        counters.pendingOutputBytes.store(pendingOutputBytes, ordering: .relaxed)
    }

    /// Writes as much pending output as the socket takes; finishes the response when all is sent.
    func flush(_ connection: Connection) {
        while !connection.output.isEmpty {
            let sent = send(connection)
            if sent < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    updateInterest(connection)
                    return
                }
                closeConnection(connection, clientGone: true)  // EPIPE/ECONNRESET: the client left
                return
            }
            connection.unsentBytes -= sent
            connection.sentInResponse += sent
            adjustPendingOutput(by: -sent)
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
    func send(_ connection: Connection) -> Int {
        let offset = connection.outputOffset
        let flags = SocketCalls.sendFlags
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

    func finishResponse(_ connection: Connection, entry: HTTPLogEntry) {
        var entry = entry
        now = monotonicNanoseconds()
        entry.durationNanoseconds = now &- connection.requestStart
        log(entry)
        responder.didRespond(entry)
        connection.pendingLog = nil
        connection.head = nil
        connection.requestID = ""
        connection.requestStart = 0
        connection.completedRequests += 1
        if connection.closeAfterWrite {
            linger(connection)
            return
        }
        connection.phase = .idle
        connection.idleSince = now
        connection.deadline = now &+ configuration.idleTimeout.nanoseconds
        updateInterest(connection)
        if connection.parser.bufferedByteCount > 0 { readyToAdvance.append(connection) }
    }

    /// Half-closes and discards input for a moment, so a client still sending (e.g. a refused body) reads the
    /// response instead of a connection reset.
    func linger(_ connection: Connection) {
        if connection.inputClosed {
            // The client already sent FIN and everything was read: nothing can arrive to cause a reset.
            closeConnection(connection)
            return
        }
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.phase = .lingering
        connection.deadline = now &+ Self.lingerTime
        updateInterest(connection)
    }
}
