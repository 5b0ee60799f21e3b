#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed while starting the server (bind, listen, thread creation…).
public struct HTTPServerError: Error, CustomStringConvertible, Sendable {
    public var operation: String
    public var errno: Int32

    public init(operation: String, errno: Int32) {
        self.operation = operation
        self.errno = errno
    }

    public var description: String {
        "\(operation) failed: \(String(cString: strerror(errno))) (errno \(errno))"
    }
}
