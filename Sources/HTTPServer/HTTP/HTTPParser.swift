/// What the parser produced: a request head, then (after zero or more bytes) that request's whole body.
/// (`package`, not internal, so the fuzz harness in `chart-fuzz` can drive the parser directly.)
package enum HTTPParserEvent {
    case head(HTTPRequestHead)
    case body([UInt8])
}

/// An incremental HTTP/1.1 request parser (RFC 9112) that accepts input in pieces of any size.
///
/// Feed bytes with `append`, then call `next()` until it returns nil (needs more input). Each request yields
/// `.head` and then `.body` (empty when there is none); the caller may stop calling `next()` between requests,
/// which leaves pipelined bytes buffered (backpressure). Framing is strict to defeat request smuggling:
/// conflicting or malformed `Content-Length`/`Transfer-Encoding` is an error, never a guess.
///
/// Memory: after every `next()` the buffer holds only unconsumed bytes, and a declared body is allocated when its
/// first byte arrives, not when the head is parsed, so the server can admit it first (`unreceivedBodyBytes`).
/// While reading a head the parser holds at most `maxHeaderBytes` plus what the caller appended since the last
/// `next()`; while reading a body, at most `maxBodyBytes` plus a chunk-size line or trailer section plus that.
package struct HTTPParser {
    fileprivate enum State: Equatable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers(bytesSeen: Int)
    }

    let limits: HTTPParserLimits
    /// Received bytes; `buffer[start...]` is not yet consumed (and `start` is 0 whenever `next()` returns).
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the end of the header section resumes, so one-byte reads stay linear.
    private var scanFrom = 0
    fileprivate var state = State.head
    private var body: [UInt8] = []

    package init(limits: HTTPParserLimits) {
        self.limits = limits
    }

    /// Bytes received but not yet consumed by a request.
    var bufferedByteCount: Int { buffer.count - start }

    /// Bytes of input this parser holds: unconsumed input plus the body decoded so far. (Array capacity beyond
    /// the count is not included: at most 4 KiB of an emptied buffer is kept.)
    var heldByteCount: Int { buffer.count + body.count }

    /// Bytes of a declared (`Content-Length`) body that have not arrived yet: what the body will still add once
    /// read. 0 when no such body is being read.
    var unreceivedBodyBytes: Int {
        guard case .fixedBody(let remaining) = state else { return 0 }
        return max(0, remaining - bufferedByteCount)
    }

    /// True between requests when no byte of the next one has arrived.
    var isBetweenRequests: Bool { state == .head && bufferedByteCount == 0 }

    /// True between requests (the next head, if any, is still incomplete).
    var isReadingHead: Bool { state == .head }

    /// Whether the buffered input holds one more request that will get an answer: a complete one, or a malformed
    /// one (answered with an error). Parses a copy, so this parser is untouched; costs a copy of the buffer, so it
    /// is asked only when the connection is ending (client FIN, drain).
    var hasCompleteRequest: Bool {
        guard bufferedByteCount > 0 else { return false }
        var probe = self
        do {
            while let event = try probe.next() {
                if case .body = event { return true }
            }
            return false
        } catch {
            return true
        }
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        // Body bytes go straight into the body (one copy instead of two, and no buffer growth); any bytes after
        // the body's end are buffered for the next request.
        if case .fixedBody(let remaining) = state, remaining > 0, bufferedByteCount == 0 {
            let take = min(remaining, bytes.count)
            appendToBody(UnsafeRawBufferPointer(rebasing: bytes[0..<take]), remaining: remaining)
            state = .fixedBody(remaining: remaining - take)
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[take...]))
            return
        }
        buffer.append(contentsOf: bytes)
    }

    /// Appends declared-body bytes, allocating the whole declared body the first time (it is admitted by then).
    private mutating func appendToBody(_ bytes: some Collection<UInt8>, remaining: Int) {
        if body.capacity < body.count + remaining { body.reserveCapacity(body.count + remaining) }
        body.append(contentsOf: bytes)
    }

    package mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next event, or nil when more input is needed.
    package mutating func next() throws(HTTPParseError) -> HTTPParserEvent? {
        defer { compact() }
        while true {
            switch state {
            case .head:
                return try parseHead().map(HTTPParserEvent.head)
            case .fixedBody(let remaining):
                let take = min(remaining, bufferedByteCount)
                if take > 0 { appendToBody(buffer[start..<start + take], remaining: remaining) }
                start += take
                if take == remaining { return finishBody() }
                state = .fixedBody(remaining: remaining - take)
                return nil
            case .chunkSize:
                guard let line = try takeLine(limit: limits.maxChunkLineBytes, what: "chunk size line") else {
                    return nil
                }
                let size = try Self.chunkSize(line)
                guard size <= limits.maxBodyBytes - body.count else {
                    throw HTTPParseError(status: 413, reason: "chunked body exceeds \(limits.maxBodyBytes) bytes")
                }
                state = size == 0 ? .trailers(bytesSeen: 0) : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let take = min(remaining, bufferedByteCount)
                body.append(contentsOf: buffer[start..<start + take])
                start += take
                guard take == remaining else {
                    state = .chunkData(remaining: remaining - take)
                    return nil
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                guard bufferedByteCount >= 2 else { return nil }
                guard buffer[start] == 13, buffer[start + 1] == 10 else {
                    throw .badRequest("chunk data not followed by CRLF")
                }
                start += 2
                state = .chunkSize
            case .trailers(let seen):
                // Trailer fields are read and discarded (RFC 9112 §7.1.2), bounded like the header section.
                let before = start
                guard let line = try takeLine(limit: limits.maxHeaderBytes - seen, what: "trailer section") else {
                    return nil
                }
                if line.isEmpty { return finishBody() }
                state = .trailers(bytesSeen: seen + (start - before))
            }
        }
    }

    private mutating func finishBody() -> HTTPParserEvent {
        let result = body
        body = []
        state = .head
        return .body(result)
    }

    /// Drops consumed bytes, so the buffer holds exactly the unconsumed input (what `heldByteCount` counts). The
    /// move costs at most the unconsumed bytes, which the caller bounds by reading little at a time while a head
    /// is incomplete (see `EventLoop.inputAllowance`). An emptied buffer keeps its storage only when small, so
    /// an idle connection does not pin the capacity of its largest read.
    private mutating func compact() {
        guard start > 0 else { return }
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= Self.keptBufferCapacity)
        } else {
            buffer.removeFirst(start)
        }
        scanFrom = max(0, scanFrom - start)
        start = 0
    }

    /// The most storage an emptied buffer keeps for the next request (a typical GET's head fits).
    static let keptBufferCapacity = 4096

    /// One CRLF-terminated line (without the CRLF), or nil if it has not fully arrived.
    private mutating func takeLine(limit: Int, what: String) throws(HTTPParseError) -> ArraySlice<UInt8>? {
        var i = start
        while i + 1 < buffer.count {
            if buffer[i] == 13 {
                guard buffer[i + 1] == 10 else { throw .badRequest("bare CR in \(what)") }
                let line = buffer[start..<i]
                start = i + 2
                return line
            }
            if buffer[i] == 10 { throw .badRequest("bare LF in \(what)") }
            i += 1
        }
        if bufferedByteCount > limit {
            throw HTTPParseError(status: what == "trailer section" ? 431 : 400, reason: "\(what) too long")
        }
        return nil
    }

    /// `chunk-size [ chunk-ext ]` (RFC 9112 §7.1): hex digits, then nothing or extensions that are ignored.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        var size = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = hexValue(line[index]) {
            guard digits < 15 else { throw .badRequest("chunk size too large") }
            size = size << 4 | digit
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw .badRequest("chunk size is not hexadecimal") }
        if index < line.endIndex {
            // Only BWS and ';' may follow the size; extension text must be visible characters.
            let rest = line[index...].drop { $0 == 32 || $0 == 9 }
            guard rest.first == UInt8(ascii: ";"),
                rest.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) })
            else { throw .badRequest("malformed chunk extension") }
        }
        return size
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    // MARK: - Head

    private mutating func parseHead() throws(HTTPParseError) -> HTTPRequestHead? {
        // RFC 9112 §2.2: ignore empty lines received before the request line.
        while bufferedByteCount >= 2, buffer[start] == 13, buffer[start + 1] == 10 {
            start += 2
        }
        guard bufferedByteCount > 0 else { return nil }
        var i = max(start, scanFrom)
        var end: Int?
        while i + 3 < buffer.count {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 {
                end = i
                break
            }
            i += 1
        }
        guard let end else {
            if bufferedByteCount > limits.maxHeaderBytes {
                throw HTTPParseError(status: 431, reason: "header section exceeds \(limits.maxHeaderBytes) bytes")
            }
            scanFrom = max(start, buffer.count - 3)
            return nil
        }
        guard end + 4 - start <= limits.maxHeaderBytes else {
            throw HTTPParseError(status: 431, reason: "header section exceeds \(limits.maxHeaderBytes) bytes")
        }
        let section = buffer[start..<end]
        start = end + 4
        scanFrom = start
        var head = try Self.parseSection(section, limits: limits)
        do {
            head.framing = try Self.framing(of: head, limits: limits)
        } catch {
            var error = error
            error.head = head
            throw error
        }
        switch head.framing {
        case .none: state = .fixedBody(remaining: 0)
        case .contentLength(let length):
            // Not allocated yet: the server admits the body against its input budget before reading it.
            state = .fixedBody(remaining: length)
        case .chunked: state = .chunkSize
        }
        return head
    }

    /// Splits the header section into lines on CRLF, rejecting a bare CR or LF anywhere.
    private static func parseSection(_ section: ArraySlice<UInt8>, limits: HTTPParserLimits)
        throws(HTTPParseError) -> HTTPRequestHead
    {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = section.startIndex
        var i = section.startIndex
        while i < section.endIndex {
            let byte = section[i]
            if byte == 13 {
                guard i + 1 < section.endIndex, section[i + 1] == 10 else { throw .badRequest("bare CR") }
                lines.append(section[lineStart..<i])
                i += 2
                lineStart = i
                continue
            }
            if byte == 10 { throw .badRequest("bare LF") }
            i += 1
        }
        lines.append(section[lineStart..<section.endIndex])

        guard let requestLine = lines.first else { throw .badRequest("empty request") }
        var head = try parseRequestLine(requestLine)
        guard lines.count - 1 <= limits.maxHeaderCount else {
            throw HTTPParseError(status: 431, reason: "more than \(limits.maxHeaderCount) header fields")
        }
        var fields: [HTTPHeaders.Element] = []
        fields.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            fields.append(try parseField(line))
        }
        head.headers = HTTPHeaders(fields)
        return head
    }

    /// `method SP request-target SP HTTP-version` (RFC 9112 §3), exactly one space between parts.
    private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPRequestHead {
        let parts = line.split(separator: 32, maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .badRequest("malformed request line") }
        let method = parts[0], target = parts[1], version = parts[2]
        guard !method.isEmpty, method.count <= 32, method.allSatisfy(isTokenByte) else {
            throw .badRequest("malformed method")
        }
        guard !target.isEmpty, target.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw .badRequest("malformed request target")
        }
        guard target.first == UInt8(ascii: "/") || (target.count == 1 && target.first == UInt8(ascii: "*")) else {
            throw .badRequest("request target must be in origin form")
        }
        // HTTP-version = "HTTP/" DIGIT "." DIGIT
        let v = Array(version)
        guard v.count == 8, v[0..<5].elementsEqual("HTTP/".utf8), v[6] == UInt8(ascii: "."),
            (48...57).contains(v[5]), (48...57).contains(v[7])
        else { throw .badRequest("malformed HTTP version") }
        let parsed = HTTPVersion(major: Int(v[5] - 48), minor: Int(v[7] - 48))
        guard parsed.major == 1 else { throw .badRequest("HTTP major version \(parsed.major) is not supported") }
        return HTTPRequestHead(
            method: String(decoding: method, as: UTF8.self), target: String(decoding: target, as: UTF8.self),
            version: parsed, headers: [:])
    }

    /// `field-name ":" OWS field-value OWS` (RFC 9112 §5); no space before the colon, no obsolete line folding.
    private static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPHeaders.Element {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .badRequest("header line without ':'") }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            throw .badRequest(line.first == 32 || line.first == 9 ? "obsolete line folding" : "malformed header name")
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
        while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
        guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else {
            throw .badRequest("control character in header value")
        }
        return (name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The body framing (RFC 9112 §6), refusing every ambiguous combination instead of picking one.
    static func framing(of head: HTTPRequestHead, limits: HTTPParserLimits) throws(HTTPParseError)
        -> HTTPBodyFraming
    {
        let hosts = head.headers.values(for: "Host")
        if hosts.count > 1 || (head.version.minor >= 1 && hosts.isEmpty) {
            throw .badRequest("exactly one Host header is required")
        }
        let lengths = head.headers.values(for: "Content-Length")
        let codings = head.headers.values(for: "Transfer-Encoding")
        if !codings.isEmpty {
            guard lengths.isEmpty else { throw .badRequest("both Transfer-Encoding and Content-Length") }
            guard head.version.minor >= 1 else { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request") }
            let list = codings.flatMap { $0.split(separator: ",") }.map(trimmed).filter { !$0.isEmpty }
            guard let last = list.last, HTTPHeaders.equalNames(last, "chunked") else {
                throw .badRequest("Transfer-Encoding must end with chunked")
            }
            guard list.count == 1 else {
                throw HTTPParseError(status: 501, reason: "transfer codings other than chunked are not supported")
            }
            return .chunked
        }
        guard let length = lengths.first else { return .none }
        guard lengths.count == 1 else { throw .badRequest("repeated Content-Length") }
        guard !length.isEmpty, length.utf8.count <= 15, length.utf8.allSatisfy({ (48...57).contains($0) }),
            let value = Int(length)
        else { throw .badRequest("Content-Length is not a decimal number") }
        guard value <= limits.maxBodyBytes else {
            throw HTTPParseError(status: 413, reason: "body of \(value) bytes exceeds \(limits.maxBodyBytes)")
        }
        return value == 0 ? .none : .contentLength(value)
    }
}

extension HTTPParser {
    /// Skips the (empty) body event of a request that has no body, after it was answered early.
    mutating func skipEmptyBody() {
        if state == .fixedBody(remaining: 0) { state = .head }
    }
}
