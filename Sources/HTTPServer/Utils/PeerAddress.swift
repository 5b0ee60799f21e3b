#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A socket peer's address as text, for logs, per-client limits and trusted-proxy checks.
enum PeerAddress {
    /// `inet_ntop` of an IPv4 or IPv6 peer; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a dual-stack
    /// listener reports for IPv4 clients) is given as plain IPv4, so one client has one spelling. Empty for
    /// other families.
    static func text(of address: sockaddr_storage) -> String {
        var storage = address
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var addr = v4.pointee.sin_addr
                    guard inet_ntop(AF_INET, &addr, &buffer, socklen_t(buffer.count)) != nil else { return "" }
                    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var addr = v6.pointee.sin6_addr
                    guard inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count)) != nil else { return "" }
                    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    let mapped = "::ffff:"
                    if text.hasPrefix(mapped), text.contains(".") { return String(text.dropFirst(mapped.count)) }
                    return text
                }
            }
        default:
            return ""
        }
    }
}
