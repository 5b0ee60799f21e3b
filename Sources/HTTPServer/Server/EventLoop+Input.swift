#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Request input against `maxBufferedInputBytes`: counting what the parsers and the workers' requests hold, how
/// much a read may bring, pausing connections whose input does not fit (TCP then pushes back on their clients),
/// and resuming them oldest first as input is released.
extension EventLoop {
    // MARK: Accounting

    /// What the connection's parser holds, as counted: its buffer and body, plus the bytes still to come of an
    /// admitted declared body (they were admitted whole, so they are counted before they arrive).
    func parserInput(_ connection: Connection) -> Int {
        connection.parser.heldByteCount + (connection.bodyAdmitted ? connection.parser.unreceivedBodyBytes : 0)
    }

    /// Brings the connection's share of the total up to date after its parser changed.
    func syncInput(_ connection: Connection) {
        guard connections[connection.fd] === connection else { return }  // closed: its share is already gone
        let counted = parserInput(connection)
        adjustInput(by: counted - connection.countedInput)
        connection.countedInput = counted
    }

    func adjustInput(by delta: Int) {
        guard delta != 0 else { return }
        inputBudget.adjust(by: delta)
        if delta < 0 && headInputWaiters + bodyInputWaiters > 0 { inputReleased = true }
        counters.bufferedInputBytes.store(inputBudget.held, ordering: .relaxed)
        counters.peakBufferedInputBytes.store(inputBudget.peak, ordering: .relaxed)
    }

    /// Drops the connection's input once nothing more will be parsed from it (closing, or its last response is
    /// queued): its buffered bytes and a partial body are freed and released now, not when it finally closes.
    func discardInput(_ connection: Connection) {
        clearInputWait(connection)
        connection.parser = HTTPParser(limits: configuration.limits)
        connection.bodyAdmitted = false
        connection.continueOwed = false
        if connections[connection.fd] === connection {
            syncInput(connection)
        } else {
            adjustInput(by: -connection.countedInput)
            connection.countedInput = 0
        }
    }

    // MARK: Reads

    /// How many bytes the connection's next read may bring: 0 when it must wait for room, nil when it should not
    /// be read now for another reason (its buffered input is parsed first).
    func inputAllowance(_ connection: Connection, served: Bool) -> Int? {
        switch connection.phase {
        case .lingering:
            return readBuffer.count  // discarded, never held
        case .idle, .head:
            // Little at a time while a head is incomplete: the parser never holds more than the header limit plus
            // one byte of it, and a body sent along stays in the socket until it is admitted.
            let headRoom = configuration.limits.maxHeaderBytes + 1 - connection.parser.bufferedByteCount
            guard headRoom > 0 else { return nil }  // a finished response's pipelined input is parsed first
            return min(headRoom, served || headInputWaiters == 0 ? inputBudget.room(for: .head) : 0)
        case .body:
            // The rest of an admitted body is already counted; anything beyond it (pipelined input) needs room.
            let admitted = connection.bodyAdmitted ? connection.parser.unreceivedBodyBytes : 0
            return admitted + (served || bodyInputWaiters == 0 ? inputBudget.room(for: .body) : 0)
        case .processing, .writing:
            // Pipelined input: one read while a request is pending (then `readable` pauses), topping what is
            // buffered up to one read buffer, so a pipelining client holds at most 64 KiB here.
            let room = bodyInputWaiters == 0 ? inputBudget.room(for: .body) : 0
            return max(0, min(readBuffer.count - connection.parser.bufferedByteCount, room))
        }
    }

    /// The connection's read does not fit: stop reading it until input is released.
    func waitForInputRoom(_ connection: Connection) {
        // The socket is readable, but that may be a FIN or an error, which need no room.
        let peeked = SocketCalls.peekByte(connection.fd)
        if peeked == 0 {
            inputEnded(connection)
            return
        }
        if peeked < 0 {
            if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                closeConnection(connection, clientGone: true)
            }
            return
        }
        switch connection.phase {
        case .processing, .writing:
            // Pipelined input waits for the pending response anyway; reading resumes after it.
            connection.readPaused = true
            updateInterest(connection)
            return
        case .idle, .head, .body, .lingering:
            break
        }
        if connection.phase == .idle {
            // A request has begun (its bytes wait in the socket): from now on the header timeout applies, so a
            // connection paused too long is answered 408 rather than dropped as idle.
            connection.phase = .head
            connection.requestStart = now
            connection.deadline = now &+ configuration.headerTimeout.nanoseconds
        }
        pauseForInput(connection, .room(connection.phase == .head ? .head : .body))
    }

    // MARK: Declared bodies

    /// Bytes the total would grow by if the current request's declared body were admitted now.
    func pendingAdmission(_ connection: Connection) -> Int {
        connection.parser.heldByteCount + connection.parser.unreceivedBodyBytes - connection.countedInput
    }

    /// Called once a request's head is accepted: admits its declared body if it fits (counting all of it before
    /// any is read), refuses it with 503 if it never could, or pauses the connection until it fits.
    func admitBodyOrWait(_ connection: Connection, sendContinue: Bool) {
        connection.continueOwed = sendContinue
        let need = pendingAdmission(connection)
        if need <= 0 || (bodyInputWaiters == 0 && inputBudget.fits(need, for: .body)) {
            admitBody(connection)
            return
        }
        connection.bodyAdmitted = false
        syncInput(connection)  // the parsed head's bytes are released
        if !inputBudget.canEverAdmit(connectionTotal: connection.countedInput + need) {
            counters.requestsRefusedForInputCap.add(1, ordering: .relaxed)
            var response = responder.errorResponse(
                status: 503, detail: "the request body is too large for the server's input buffer right now",
                head: connection.head)
            response.headers.set("Retry-After", String(configuration.retryAfterSeconds))
            queueResponse(connection, response, close: true)  // the body is never read
            return
        }
        pauseForInput(connection, .bodyAdmission)
    }

    /// Counts the current request's whole declared body and lets it be read; sends `100 Continue` if owed.
    func admitBody(_ connection: Connection) {
        connection.bodyAdmitted = true
        syncInput(connection)
        if connection.continueOwed {
            connection.continueOwed = false
            if connection.parser.bufferedByteCount == 0 {
                appendOutput(connection, Self.continueBytes)
                flush(connection)
            }
        }
    }

    // MARK: Waiting and resuming

    func pauseForInput(_ connection: Connection, _ wait: InputWait) {
        guard let use = wait.use else { return }
        clearInputWait(connection)
        connection.inputWait = wait
        connection.inputWaitTicket = nextInputWaitTicket
        nextInputWaitTicket += 1
        inputWaiters.append((connection, connection.inputWaitTicket))
        switch use {
        case .head: headInputWaiters += 1
        case .body: bodyInputWaiters += 1
        }
        counters.connectionsPausedForInput.store(headInputWaiters + bodyInputWaiters, ordering: .relaxed)
        updateInterest(connection)
    }

    /// Ends the connection's pause (resumed, answered or closing); its entry in `inputWaiters` becomes stale.
    func clearInputWait(_ connection: Connection) {
        guard let use = connection.inputWait.use else { return }
        connection.inputWait = .none
        switch use {
        case .head: headInputWaiters -= 1
        case .body: bodyInputWaiters -= 1
        }
        counters.connectionsPausedForInput.store(headInputWaiters + bodyInputWaiters, ordering: .relaxed)
        if headInputWaiters + bodyInputWaiters > 0 {
            // It may have held up younger waiters without holding any bytes (so no release will wake them).
            inputReleased = true
        } else {
            inputWaiters.removeAll(keepingCapacity: true)  // every entry left is stale
        }
    }

    /// After input was released: resumes paused connections oldest first, each use in strict order (a waiter
    /// that does not fit holds up the younger ones of its use, so a large body is not starved by small ones).
    func serveInputWaiters() {
        guard inputReleased else { return }
        inputReleased = false
        let waiting = inputWaiters
        inputWaiters = []
        var blockedHead = false
        var blockedBody = false
        var kept: [(connection: Connection, ticket: UInt64)] = []
        for entry in waiting {
            let connection = entry.connection
            guard connections[connection.fd] === connection, connection.inputWaitTicket == entry.ticket,
                let use = connection.inputWait.use
            else { continue }  // stale
            if use == .head ? blockedHead : blockedBody {
                kept.append(entry)
                continue
            }
            switch connection.inputWait {
            case .none:
                continue
            case .room:
                guard inputBudget.room(for: use) > 0 else {
                    if use == .head { blockedHead = true } else { blockedBody = true }
                    kept.append(entry)
                    continue
                }
                clearInputWait(connection)
                updateInterest(connection)
                readable(connection, served: true)  // take the room now, before anyone else can
            case .bodyAdmission:
                guard inputBudget.fits(pendingAdmission(connection), for: .body) else {
                    blockedBody = true
                    kept.append(entry)
                    continue
                }
                clearInputWait(connection)
                admitBody(connection)
                guard connections[connection.fd] === connection else { continue }
                updateInterest(connection)
                advance(connection)  // body bytes that came with the head
            }
        }
        // Connections paused while serving are younger than those still waiting.
        inputWaiters = kept + inputWaiters
    }
}
