#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Descriptor flags set after the fact, where the system cannot set them at creation (no `SOCK_NONBLOCK`,
/// `accept4` or `pipe2`: macOS; and the portable path on Linux).
enum Descriptor {
    /// `O_NONBLOCK` and `FD_CLOEXEC`; false (with `errno` set) when `fcntl` failed.
    static func setNonBlockingCloseOnExec(_ fd: Int32) -> Bool {
        let status = fcntl(fd, F_GETFL)
        guard status >= 0, fcntl(fd, F_SETFL, status | O_NONBLOCK) == 0 else { return false }
        let descriptorFlags = fcntl(fd, F_GETFD)
        return descriptorFlags >= 0 && fcntl(fd, F_SETFD, descriptorFlags | FD_CLOEXEC) == 0
    }
}
