import CLinuxIO
import Glibc

/// Accepting and closing connections, the connection cap, EMFILE, and epoll interest.
extension EventLoop {
    func acceptConnections() {
        for _ in 0..<64 {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    clinuxio_accept_nonblocking(listenFD, $0, &length)
                }
            }
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
            let connection = Connection(fd: fd, id: nextConnectionID, peerAddress: PeerAddress.text(of: address),
                                        limits: configuration.limits)
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
    func shedPendingConnection() {
        if reserveFD >= 0 { close(reserveFD) }
        let fd = clinuxio_accept_nonblocking(listenFD, nil, nil)
        if fd >= 0 { refuse(fd) }
        reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    func refuse(_ fd: Int32) {
        let message = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: "
            + "\(configuration.retryAfterSeconds)\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        _ = message.utf8.withContiguousStorageIfAvailable { bytes in
            Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
        close(fd)
    }

    func closeConnection(_ connection: Connection, reset: Bool = false) {
        guard connections[connection.fd] === connection else { return }
        connections[connection.fd] = nil
        epoll_ctl(epfd, Int32(EPOLL_CTL_DEL), connection.fd, nil)
        if reset {
            var option = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection.fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        close(connection.fd)
    }

    func updateInterest(_ connection: Connection) {
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

    func register(_ fd: Int32, events: UInt32) -> Bool {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        return epoll_ctl(epfd, Int32(EPOLL_CTL_ADD), fd, &event) == 0
    }
}
