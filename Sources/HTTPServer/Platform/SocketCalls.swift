#if os(Linux) && !CHART_PORTABLE_IO
import CLinuxIO
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls whose spelling differs between Linux and macOS/BSD, in one place: the stream type constant,
/// creating and accepting non-blocking close-on-exec sockets, and not dying of SIGPIPE.
///
/// `portable` selects the calls every POSIX system has (`socket` + `fcntl`, `accept` + `fcntl`) even on Linux, so
/// the path macOS and the BSDs take is exercised by the poll(2) test run here (`PollerChoice.poll`).
enum SocketCalls {
    /// `SOCK_STREAM` as `socket` and `getaddrinfo` take it (an enum in Glibc's module, a plain `Int32` elsewhere).
    static var streamType: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }

    /// Flags for every `send`/`sendmsg`: never block, never raise SIGPIPE. Darwin has no `MSG_NOSIGNAL`; its sockets
    /// get `SO_NOSIGPIPE` instead (`noSignalOnWrite`), and the server ignores SIGPIPE process-wide as well.
    static var sendFlags: Int32 {
        #if canImport(Darwin)
        Int32(MSG_DONTWAIT)
        #else
        Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
        #endif
    }

    /// A non-blocking, close-on-exec stream socket of `family`; -1 with `errno` on failure.
    static func openStream(family: Int32, portable: Bool) -> Int32 {
        #if os(Linux) && !CHART_PORTABLE_IO
        if !portable {
            return socket(family, streamType | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        #endif
        let fd = socket(family, streamType, 0)
        return fd < 0 ? fd : prepared(fd)
    }

    /// Accepts one pending connection as a non-blocking, close-on-exec socket (`accept4` on Linux; `accept` and
    /// `fcntl` elsewhere and when `portable`); -1 with `errno` when there is none or accepting failed.
    static func accept(_ listenFD: Int32, _ address: UnsafeMutablePointer<sockaddr>?,
                       _ length: UnsafeMutablePointer<socklen_t>?, portable: Bool) -> Int32 {
        #if os(Linux) && !CHART_PORTABLE_IO
        if !portable { return clinuxio_accept_nonblocking(listenFD, address, length) }
        #endif
        let fd = systemAccept(listenFD, address, length)
        return fd < 0 ? fd : prepared(fd)
    }

    /// Sends without blocking or raising SIGPIPE.
    static func send(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        systemSend(fd, bytes, count, sendFlags)
    }

    /// Looks at the next byte without taking it or blocking: 1 when there is one, 0 at the end of the stream,
    /// -1 with `errno` (EAGAIN: nothing yet).
    static func peekByte(_ fd: Int32) -> Int {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
    }

    /// Makes the next `close` reset the connection (RST), dropping unsent data: `SO_LINGER` with a zero timeout.
    static func resetOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Non-blocking, close-on-exec and (Darwin) `SO_NOSIGPIPE`; closes `fd` and returns -1 if that failed.
    private static func prepared(_ fd: Int32) -> Int32 {
        guard Descriptor.setNonBlockingCloseOnExec(fd) else {
            let failure = errno
            close(fd)
            errno = failure
            return -1
        }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }
}

private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?,
                          _ length: UnsafeMutablePointer<socklen_t>?) -> Int32 {
    accept(fd, address, length)
}

private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}
