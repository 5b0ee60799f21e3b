#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Accepting and closing connections, the connection caps, EMFILE, and the poller's interest.
extension EventLoop {
    func acceptConnections() {
        for _ in 0..<64 {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    SocketCalls.accept(listenFD, $0, &length, portable: portableSockets)
                }
            }
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE:
                    // Out of descriptors: an idle keep-alive connection gives its own up, else shed the newcomer.
                    if !draining && evictLongestIdle() { continue }
                    shedPendingConnection()
                default: break
                }
                return
            }
            let peer = PeerAddress.text(of: address)
            if draining {
                refuse(fd)
                continue
            }
            if connectionsPerClient.count(peer) >= configuration.maxConnectionsPerClient {
                counters.connectionsRefusedPerClient.add(1, ordering: .relaxed)
                refuse(fd)
                continue
            }
            if connections.count >= configuration.maxConnections && !evictLongestIdle() {
                refuse(fd)
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let connection = Connection(fd: fd, id: nextConnectionID, peerAddress: peer, limits: configuration.limits)
            nextConnectionID += 1
            guard poller.register(fd, interest: .read) else {
                close(fd)
                continue
            }
            connection.interest = .read
            connection.firstByteDeadline = now &+ configuration.firstByteTimeout.nanoseconds
            connection.deadline = connection.firstByteDeadline
            connections[fd] = connection
            _ = connectionsPerClient.take(peer, limit: .max)
            counters.openConnections.store(connections.count, ordering: .relaxed)
        }
    }

    /// Closes the keep-alive connection that has been idle longest (it finished a request and sent nothing since),
    /// to make room for a newcomer; false when there is none. A client that never sent a request is not taken for
    /// idle: its first-byte timeout ends it soon, and evicting it would let a flood of connects push out others.
    /// A linear scan, but only at the connection cap, where the alternative is refusing.
    func evictLongestIdle() -> Bool {
        var longest: Connection?
        for connection in connections.values
        where connection.phase == .idle && connection.completedRequests > 0
            && connection.parser.bufferedByteCount == 0
        {
            if let current = longest, current.idleSince <= connection.idleSince { continue }
            longest = connection
        }
        guard let longest else { return false }
        counters.idleConnectionsEvicted.add(1, ordering: .relaxed)
        closeConnection(longest)
        return true
    }

    /// Out of descriptors: free the reserve, accept one client, tell it 503 and close it, then re-arm the reserve.
    func shedPendingConnection() {
        if reserveFD >= 0 { close(reserveFD) }
        let fd = SocketCalls.accept(listenFD, nil, nil, portable: portableSockets)
        if fd >= 0 { refuse(fd) }
        reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    func refuse(_ fd: Int32) {
        let message = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: "
            + "\(configuration.retryAfterSeconds)\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        _ = message.utf8.withContiguousStorageIfAvailable { bytes in
            SocketCalls.send(fd, bytes.baseAddress, bytes.count)
        }
        close(fd)
    }

    /// Closes the connection (`reset`: with RST, dropping unsent data). `clientGone`: it failed or the client
    /// reset it, so a request it has queued or running is cancelled; a plain FIN is not that (see `readable`).
    func closeConnection(_ connection: Connection, reset: Bool = false, clientGone: Bool = false) {
        guard connections[connection.fd] === connection else { return }
        connections[connection.fd] = nil
        connectionsPerClient.release(connection.peerAddress)
        if clientGone, connection.phase == .processing, let cancellation = connection.inFlight,
            cancellation.reason == .none
        {
            cancellation.cancel(.clientGone)
            counters.cancelledClientGone.add(1, ordering: .relaxed)
        }
        connection.inFlight = nil
        discardOutput(connection)
        discardInput(connection)
        // Published after the connection's input and output are released, so a reader that sees the count drop
        // also sees what it held gone.
        counters.openConnections.store(connections.count, ordering: .releasing)
        poller.remove(connection.fd)
        if reset { SocketCalls.resetOnClose(connection.fd) }
        close(connection.fd)
    }

    func updateInterest(_ connection: Connection) {
        let pendingOutput: PollInterest = connection.output.isEmpty ? [] : .write
        // After the client's FIN there is nothing more to read (and EOF would be readable forever).
        // A connection paused for input room (`maxBufferedInputBytes`) is not read until it is resumed.
        let input: PollInterest = connection.inputClosed || connection.inputWait != .none ? [] : .read
        let want: PollInterest
        switch connection.phase {
        case .idle, .head, .body, .lingering:
            connection.readPaused = false
            want = input.union(pendingOutput)
        case .processing, .writing: want = pendingOutput.union(connection.readPaused ? [] : input)
        }
        guard want != connection.interest, connections[connection.fd] === connection else { return }
        poller.modify(connection.fd, interest: want)
        connection.interest = want
    }
}
