#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer

// Loopback test helpers shared by the HTTP server's and the chart service's socket tests.

/// A response as read off the wire by `TestClient`.
public struct WireResponse {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking loopback client speaking raw bytes, so tests control exactly what goes on the wire.
/// Every read has a receive timeout, so a server bug fails the test instead of hanging it.
public final class TestClient {
    public let fd: Int32
    private var buffer: [UInt8] = []

    /// `receiveBufferBytes` sets SO_RCVBUF before connecting, so the advertised window stays that small: a client
    /// that then does not read stalls the server's writes after a few kilobytes.
    public init?(port: Int, receiveTimeoutMilliseconds: Int = 5000, receiveBufferBytes: Int32? = nil) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        if var size = receiveBufferBytes {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: receiveTimeoutMilliseconds / 1000,
                              tv_usec: (receiveTimeoutMilliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard ok else {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Whether the last read that got nothing timed out (rather than seeing EOF or an error). Recorded when it
    /// happens: `errno` is not set by EOF, so reading it later could see a stale EAGAIN from another call.
    private var lastReadTimedOut = false

    /// Reads more bytes; false on EOF, error or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        lastReadTimedOut = n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        guard n > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    /// Reads one response. `bodyless` for responses to HEAD. Nil on EOF/timeout before a complete response.
    public func readResponse(bodyless: Bool = false) -> WireResponse? {
        var headEnd: Int?
        while headEnd == nil {
            if let range = find([13, 10, 13, 10]) {
                headEnd = range
            } else if !fill() {
                return nil
            }
        }
        guard let headEnd else { return nil }
        let headText = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        var length = Int(headers["Content-Length"] ?? "0") ?? 0
        if bodyless || status == 304 || status == 204 || (100..<200).contains(status) { length = 0 }
        while buffer.count < length {
            guard fill() else { return nil }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return WireResponse(status: status, headers: headers, body: body)
    }

    /// True when the server closed the connection (EOF, or a reset) with nothing more to read.
    public func readsEOF() -> Bool {
        while fill() {}
        return buffer.isEmpty && !lastReadTimedOut
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for i in 0...(buffer.count - pattern.count) where buffer[i] == pattern[0] {
            if Array(buffer[i..<i + pattern.count]) == pattern { return i }
        }
        return nil
    }
}

extension String {
    fileprivate func components(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}

/// Sends `raw` on a new connection and reads one response; nil on connect failure, EOF or timeout.
/// `bodyless` for answers to HEAD.
public func exchange(port: Int, _ raw: String, bodyless: Bool = false) -> WireResponse? {
    guard let client = TestClient(port: port), client.send(raw) else { return nil }
    return client.readResponse(bodyless: bodyless)
}

/// Runs `body` on `count` OS threads at once and waits for all of them.
public func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    var threads: [pthread_t] = []
    final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    for index in 0..<count {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box { body(index) }).toOpaque()
        pthread_create(&thread, nil, { raw in
            raw.map { Unmanaged<Box>.fromOpaque($0).takeRetainedValue().body() }
            return nil
        }, box)
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
}

/// A joinable OS thread for tests (blocking socket calls must not run on Swift concurrency's pool).
public final class JoinableThread: @unchecked Sendable {
    private var thread = pthread_t()

    public init(_ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        pthread_create(&thread, nil, { raw in
            raw.map { Unmanaged<Box>.fromOpaque($0).takeRetainedValue().body() }
            return nil
        }, box)
    }

    public func join() { pthread_join(thread, nil) }
}
