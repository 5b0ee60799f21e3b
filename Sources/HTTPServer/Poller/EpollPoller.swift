#if os(Linux) && !CHART_PORTABLE_IO
import CLinuxIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Linux's epoll, level-triggered, with an eventfd waker: the server's poller on Linux. Interest changes are one
/// `epoll_ctl` each and a wait costs only what is ready, however many connections are open.
final class EpollPoller: Poller {
    let name = "epoll"
    private let epfd: Int32
    private let waker: Waker
    /// Reused by every `wait`: at most this many descriptors are reported per wait (the rest stay ready).
    private var ready = [epoll_event](repeating: epoll_event(), count: 256)

    init() throws(HTTPServerError) {
        epfd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epfd >= 0 else { throw HTTPServerError(operation: "epoll_create1", errno: errno) }
        do {
            waker = try Waker.eventFD()
        } catch {
            closeDescriptor(epfd)
            throw error
        }
        guard register(waker.readFD, interest: .read) else {
            let failure = errno
            waker.close()
            closeDescriptor(epfd)
            throw HTTPServerError(operation: "epoll_ctl", errno: failure)
        }
    }

    func register(_ fd: Int32, interest: PollInterest) -> Bool {
        var event = Self.event(fd, interest)
        return epoll_ctl(epfd, Int32(EPOLL_CTL_ADD), fd, &event) == 0
    }

    func modify(_ fd: Int32, interest: PollInterest) {
        var event = Self.event(fd, interest)
        epoll_ctl(epfd, Int32(EPOLL_CTL_MOD), fd, &event)
    }

    func remove(_ fd: Int32) {
        epoll_ctl(epfd, Int32(EPOLL_CTL_DEL), fd, nil)
    }

    func wait(timeoutMilliseconds: Int32, into events: inout [PollEvent]) {
        events.removeAll(keepingCapacity: true)
        let count = epoll_wait(epfd, &ready, Int32(ready.count), timeoutMilliseconds)
        for index in 0..<max(0, Int(count)) {
            let fd = ready[index].data.fd
            if fd == waker.readFD {
                waker.drain()
                continue
            }
            let flags = ready[index].events
            var event = PollEvent(fd: fd)
            event.readable = flags & EPOLLIN.rawValue != 0
            event.writable = flags & EPOLLOUT.rawValue != 0
            event.hangUp = flags & EPOLLHUP.rawValue != 0
            event.error = flags & EPOLLERR.rawValue != 0
            events.append(event)
        }
    }

    func wake() { waker.wake() }

    func close() {
        closeDescriptor(epfd)
        waker.close()
    }

    private static func event(_ fd: Int32, _ interest: PollInterest) -> epoll_event {
        var event = epoll_event()
        event.events = (interest.contains(.read) ? EPOLLIN.rawValue : 0)
            | (interest.contains(.write) ? EPOLLOUT.rawValue : 0)
        event.data.fd = fd
        return event
    }
}

/// `close(2)`, which the class's own `close()` hides.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
#endif
