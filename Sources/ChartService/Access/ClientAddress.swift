#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address, parsed with `inet_pton`. An IPv4-mapped IPv6 address
/// (`::ffff:192.0.2.1`) is taken as the IPv4 address, as `HTTPRequest.peerAddress` gives it.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(_ text: some StringProtocol) {
        let text = String(text)
        guard !text.isEmpty, text.utf8.count <= Int(INET6_ADDRSTRLEN) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let all = withUnsafeBytes(of: &v6) { Array($0) }
        let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
        bytes = all.starts(with: mappedPrefix) ? Array(all[12...]) : all
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var isIPv6: Bool { bytes.count == 16 }

    /// The canonical text (`inet_ntop`), so one address has one spelling.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = isIPv6 ? AF_INET6 : AF_INET
        let ok = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) != nil
        }
        guard ok else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first `bits` bits, the rest zero.
    func masked(to bits: Int) -> IPAddress {
        var out = bytes
        for i in out.indices {
            let keep = min(8, max(0, bits - i * 8))
            out[i] &= keep == 8 ? 0xFF : ~(0xFF >> UInt8(keep))
        }
        return IPAddress(bytes: out)
    }
}

/// A CIDR block such as `10.0.0.0/8` or `2001:db8::/32`; a bare address is a block of one.
public struct IPNetwork: Sendable, Equatable, CustomStringConvertible {
    public let address: IPAddress
    public let prefixLength: Int

    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let writtenAsIPv6 = parts[0].contains(":")
        let length: Int
        if parts.count == 2 {
            guard parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }), let n = Int(parts[1]),
                (0...(writtenAsIPv6 ? 128 : 32)).contains(n)
            else { return nil }
            // An IPv4-mapped IPv6 block (::ffff:10.0.0.0/104) is the IPv4 block it maps.
            length = writtenAsIPv6 && !address.isIPv6 ? n - 96 : n
            guard length >= 0 else { return nil }
        } else {
            length = address.bytes.count * 8
        }
        self.address = address.masked(to: length)
        self.prefixLength = length
    }

    public func contains(_ other: IPAddress) -> Bool {
        other.bytes.count == address.bytes.count && other.masked(to: prefixLength) == address
    }

    public var description: String { "\(address)/\(prefixLength)" }

    /// Comma-separated CIDRs (`--trusted-proxies`), or nil and the first item that is not one.
    public static func list(_ text: String) -> (networks: [IPNetwork]?, invalid: String?) {
        var networks: [IPNetwork] = []
        for item in text.split(separator: ",") {
            let item = item.trimmingSpaces
            if item.isEmpty { continue }
            guard let network = IPNetwork(item) else { return (nil, item) }
            networks.append(network)
        }
        return (networks, nil)
    }
}

/// Who the client is: the TCP peer, or, when the peer is a trusted proxy, the address that proxy saw.
struct ClientAddressResolver: Sendable {
    var trustedProxies: [IPNetwork]

    func isTrusted(_ address: IPAddress) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }

    /// The most `X-Forwarded-For` hops read from the right. Real chains have a few proxies; without a bound, 16 KiB
    /// of trusted-looking hops sent through a trusted proxy would be split and parsed on the I/O thread up to three
    /// times per request.
    static let maxHops = 32

    /// The client's address for rate limiting. With a trusted peer, `X-Forwarded-For` is read from the right
    /// (each proxy appends the address it received the request from): the first address that is not a trusted
    /// proxy is the client. Anything left of it was written by the client and may be forged. An entry that is not
    /// an address ends the walk at the last trusted hop; a chain of only trusted addresses gives its leftmost of
    /// the `maxHops` read.
    func clientAddress(peer: String, forwardedFor: [String]) -> String {
        guard let peerAddress = IPAddress(peer) else { return peer }
        guard !trustedProxies.isEmpty, isTrusted(peerAddress) else { return peerAddress.description }
        var client = peerAddress
        var hops = 0
        for field in forwardedFor.reversed() {
            var rest = Substring(field)
            while hops < Self.maxHops {
                let comma = rest.utf8.lastIndex(of: UInt8(ascii: ","))
                let hop = comma.map { rest[rest.index(after: $0)...] } ?? rest
                hops += 1
                guard let address = IPAddress(hop.trimmingSpaces) else { return client.description }
                client = address
                if !isTrusted(address) { return client.description }
                guard let comma else { break }
                rest = rest[..<comma]
            }
        }
        return client.description
    }

    /// The rate-limit partition of an address: itself for IPv4, its /64 for IPv6 (one subscriber usually holds a
    /// whole /64, so counting single addresses would give it 2⁶⁴ buckets).
    static func partition(_ address: String) -> String {
        guard let parsed = IPAddress(address), parsed.isIPv6 else { return address }
        return "\(parsed.masked(to: 64))/64"
    }
}
