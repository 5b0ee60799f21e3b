import CLinuxIO
import Glibc

/// Writing responses: serialization, partial writes, keep-alive or lingering close, the access-log entry.
extension EventLoop {
    func serverError(_ connection: Connection, status: Int, detail: String, close: Bool) {
        if connection.requestID.isEmpty { connection.requestID = ids.next() }
        if connection.requestStart == 0 { connection.requestStart = now }
        let response = responder.errorResponse(status: status, detail: detail, head: connection.head)
        queueResponse(connection, response, close: close)
    }

    func queueResponse(_ connection: Connection, _ response: HTTPResponse, close: Bool) {
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
    func flush(_ connection: Connection) {
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
    func send(_ connection: Connection) -> Int {
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
    func linger(_ connection: Connection) {
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.phase = .lingering
        connection.deadline = now &+ Self.lingerTime
        updateInterest(connection)
    }
}
