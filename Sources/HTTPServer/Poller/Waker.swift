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

/// Lets other threads end the I/O thread's wait: a descriptor the poller watches for reading, made readable by
/// `wake()`. An eventfd on Linux (one descriptor, a counter); a non-blocking pipe elsewhere, and whenever the
/// poll(2) poller runs, so the portable waker is exercised on Linux too.
struct Waker: Sendable {
    /// Watched by the poller for reading.
    let readFD: Int32
    /// Written by `wake()`; the same descriptor as `readFD` for an eventfd.
    let writeFD: Int32

    /// An eventfd (Linux only, and not under `-D CHART_PORTABLE_IO`); a pipe elsewhere.
    static func eventFD() throws(HTTPServerError) -> Waker {
        #if os(Linux) && !CHART_PORTABLE_IO
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw HTTPServerError(operation: "eventfd", errno: errno) }
        return Waker(readFD: fd, writeFD: fd)
        #else
        return try pipe()
        #endif
    }

    /// A pipe whose both ends are non-blocking and close-on-exec.
    static func pipe() throws(HTTPServerError) -> Waker {
        var ends: [Int32] = [-1, -1]
        guard ends.withUnsafeMutableBufferPointer({ systemPipe($0.baseAddress) }) == 0 else {
            throw HTTPServerError(operation: "pipe", errno: errno)
        }
        for fd in ends where !Descriptor.setNonBlockingCloseOnExec(fd) {
            let failure = errno
            _ = systemClose(ends[0])
            _ = systemClose(ends[1])
            throw HTTPServerError(operation: "fcntl(pipe)", errno: failure)
        }
        return Waker(readFD: ends[0], writeFD: ends[1])
    }

    /// Makes `readFD` readable. A full pipe (EAGAIN) already is, so failures are ignored.
    func wake() {
        var one: UInt64 = 1
        _ = write(writeFD, &one, readFD == writeFD ? 8 : 1)
    }

    /// Consumes every pending wake-up, so `readFD` is not readable again until the next `wake()`.
    func drain() {
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        while read(readFD, &buffer, MemoryLayout.size(ofValue: buffer)) > 0 && readFD != writeFD {}
    }

    func close() {
        _ = systemClose(readFD)
        if writeFD != readFD { _ = systemClose(writeFD) }
    }
}

private func systemPipe(_ ends: UnsafeMutablePointer<Int32>?) -> Int32 { pipe(ends) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
