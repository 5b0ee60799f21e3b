#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX poll(2) with a pipe waker: the server's poller on macOS and the BSDs, and on Linux when forced
/// (`PollerChoice.poll`, `CHART_POLLER=poll`). Level-triggered like epoll.
///
/// The `pollfd` array is kept compact and is what `poll` is given, so nothing is rebuilt before a wait:
/// `slots[fd]` is the index of `fd`'s entry, register appends, modify edits in place and remove moves the last
/// entry into the hole — each O(1). The array holds the waker and every registered descriptor, so it is bounded
/// by `maxConnections` + 2 (the listener); a wait costs O(registered descriptors) in the kernel and here.
final class PollPoller: Poller {
    let name = "poll"
    private var entries: [pollfd] = []
    /// `slots[fd]` = index of `fd` in `entries`, or -1; grown to the largest descriptor registered.
    private var slots: [Int32] = []
    private let waker: Waker

    init() throws(HTTPServerError) {
        waker = try Waker.pipe()
        _ = register(waker.readFD, interest: .read)
    }

    func register(_ fd: Int32, interest: PollInterest) -> Bool {
        guard fd >= 0 else {
            errno = EBADF
            return false
        }
        let slot = Int(fd)
        if slot >= slots.count { slots.append(contentsOf: repeatElement(-1, count: slot + 1 - slots.count)) }
        guard slots[slot] < 0 else {
            errno = EEXIST
            return false
        }
        slots[slot] = Int32(entries.count)
        entries.append(pollfd(fd: fd, events: Self.events(interest), revents: 0))
        return true
    }

    func modify(_ fd: Int32, interest: PollInterest) {
        guard let index = index(of: fd) else { return }
        entries[index].events = Self.events(interest)
    }

    func remove(_ fd: Int32) {
        guard let index = index(of: fd) else { return }
        let last = entries.count - 1
        if index != last {
            entries[index] = entries[last]
            slots[Int(entries[index].fd)] = Int32(index)
        }
        entries.removeLast()
        slots[Int(fd)] = -1
    }

    func wait(timeoutMilliseconds: Int32, into events: inout [PollEvent]) {
        events.removeAll(keepingCapacity: true)
        var remaining = Int(poll(&entries, nfds_t(entries.count), timeoutMilliseconds))
        var index = 0
        while remaining > 0 && index < entries.count {
            let entry = entries[index]
            index += 1
            guard entry.revents != 0 else { continue }
            remaining -= 1
            if entry.fd == waker.readFD {
                waker.drain()
                continue
            }
            let flags = Int32(entry.revents)
            var event = PollEvent(fd: entry.fd)
            event.readable = flags & Int32(POLLIN) != 0
            event.writable = flags & Int32(POLLOUT) != 0
            event.hangUp = flags & Int32(POLLHUP) != 0
            event.error = flags & (Int32(POLLERR) | Int32(POLLNVAL)) != 0
            events.append(event)
        }
    }

    func wake() { waker.wake() }

    func close() { waker.close() }

    private func index(of fd: Int32) -> Int? {
        guard fd >= 0, Int(fd) < slots.count, slots[Int(fd)] >= 0 else { return nil }
        return Int(slots[Int(fd)])
    }

    private static func events(_ interest: PollInterest) -> Int16 {
        (interest.contains(.read) ? Int16(POLLIN) : 0) | (interest.contains(.write) ? Int16(POLLOUT) : 0)
    }
}
