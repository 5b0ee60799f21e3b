#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Creating the non-blocking listening socket.
enum ListeningSocket {
    /// Binds `host:port` (port 0 = ephemeral), listens, and returns the descriptor and the bound port. `portable`:
    /// create it with the calls every POSIX system has (`SocketCalls`).
    static func open(host: String, port: Int, backlog: Int32 = 1024, portable: Bool)
        throws(HTTPServerError) -> (fd: Int32, port: Int)
    {
        guard (0...65535).contains(port) else { throw HTTPServerError(operation: "port \(port)", errno: EINVAL) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = SocketCalls.streamType
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host.isEmpty ? nil : host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw HTTPServerError(operation: "resolve host \(host)", errno: status == EAI_SYSTEM ? errno : EINVAL)
        }
        defer { freeaddrinfo(list) }
        var lastError = EADDRNOTAVAIL
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = SocketCalls.openStream(family: info.pointee.ai_family, portable: portable)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(fd, backlog) == 0 else {
                lastError = errno
                close(fd)
                continue
            }
            return (fd, boundPort(fd))
        }
        throw HTTPServerError(operation: "bind \(host):\(port)", errno: lastError)
    }

    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return 0 }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }
}
