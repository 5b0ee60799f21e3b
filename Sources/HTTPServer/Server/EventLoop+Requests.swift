#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turning parsed input into requests: starting them, refusing them early, handing them to workers.
extension EventLoop {
    /// Parses as far as the buffered input allows, starting requests and dispatching complete ones.
    func advance(_ connection: Connection) {
        while connections[connection.fd] === connection {
            if connection.inputWait == .bodyAdmission {
                updateInterest(connection)
                return  // the body is not parsed until it is admitted
            }
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
                syncInput(connection)
                if connection.inputClosed {
                    // The client sent FIN and what is buffered is no complete request: nothing more to answer.
                    closeConnection(connection)
                    return
                }
                if connection.phase == .head && connection.parser.isBetweenRequests {
                    // Only empty lines arrived; still idle (a new connection keeps its first-byte deadline).
                    connection.phase = .idle
                    connection.deadline = connection.completedRequests == 0
                        ? connection.firstByteDeadline : now &+ configuration.idleTimeout.nanoseconds
                }
                updateInterest(connection)
                return
            case .head(let head):
                start(connection, head: head)
            case .body(let body):
                syncInput(connection)  // the body left the parser; a job counts it from here
                dispatch(connection, body: body)
            }
        }
    }

    func start(_ connection: Connection, head: HTTPRequestHead) {
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
        connection.bodyAdmitted = false
        if let early {
            // An unread body would be taken for the next request, so a refused request with one closes.
            if !head.hasBody { connection.parser.skipEmptyBody() }
            syncInput(connection)
            queueResponse(connection, early, close: head.hasBody)
            return
        }
        admitBodyOrWait(connection, sendContinue: sendContinue)
    }

    func dispatch(_ connection: Connection, body: [UInt8]) {
        guard let head = connection.head else {
            closeConnection(connection)
            return
        }
        connection.phase = .processing
        connection.deadline = 0
        let request = HTTPRequest(head: head, body: body, id: connection.requestID,
                                  peerAddress: connection.peerAddress)
        if let immediate = responder.respondWithoutBlocking(to: request) {
            queueResponse(connection, immediate, close: false)
            return
        }
        let client = responder.admissionKey(for: request)
        guard queuedPerClient.count(client) < configuration.maxQueuedPerClient else {
            counters.requestsRefusedPerClient.add(1, ordering: .relaxed)
            refuseBusy(connection, detail: "too many of this client's requests are in progress; retry shortly")
            return
        }
        // The body stays counted while it waits for and sits with a worker. Taken back from the connection a moment
        // ago, so it always fits.
        let job = Job(fd: connection.fd, connectionID: connection.id, client: client, request: request,
                      inputBytes: body.count)
        if queue.tryPush(job) {
            adjustInput(by: body.count)
            _ = queuedPerClient.take(client, limit: .max)
            counters.requestsAtWorkers.add(1, ordering: .relaxed)
            connection.inFlight = request.cancellation
            updateInterest(connection)
        } else {
            refuseBusy(connection, detail: "the server is busy; retry shortly")
        }
    }

    /// 503 with `Retry-After`, keeping the connection.
    func refuseBusy(_ connection: Connection, detail: String) {
        var response = responder.errorResponse(status: 503, detail: detail, head: connection.head)
        response.headers.set("Retry-After", String(configuration.retryAfterSeconds))
        queueResponse(connection, response, close: false)
    }

    func processCompletions() {
        let batch = shared.withLock { shared -> [Completion] in
            let batch = shared.completions
            shared.completions.removeAll(keepingCapacity: true)
            return batch
        }
        for completion in batch {
            adjustInput(by: -completion.inputBytes)
            queuedPerClient.release(completion.client)
            counters.requestsAtWorkers.subtract(1, ordering: .relaxed)
            trimPolicy.noteWork(at: now)
            guard let connection = connections[completion.fd], connection.id == completion.connectionID,
                connection.phase == .processing
            else { continue }  // the client went away; the work is simply dropped
            if let response = completion.response {
                queueResponse(connection, response, close: false)
            } else {
                // Dropped by a worker although the connection lives on (not expected): it still gets an answer.
                serverError(connection, status: 503, detail: "the request was cancelled", close: false)
            }
        }
    }
}
