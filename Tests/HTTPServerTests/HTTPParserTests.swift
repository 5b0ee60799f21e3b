import Testing
@testable import HTTPServer

/// Drives the parser like a connection does and records what it produced.
private func parse(_ chunks: [[UInt8]], limits: HTTPParserLimits = HTTPParserLimits())
    -> (heads: [HTTPRequestHead], bodies: [[UInt8]], error: HTTPParseError?)
{
    var parser = HTTPParser(limits: limits)
    var heads: [HTTPRequestHead] = []
    var bodies: [[UInt8]] = []
    for chunk in chunks {
        parser.append(chunk)
        do {
            while let event = try parser.next() {
                switch event {
                case .head(let head): heads.append(head)
                case .body(let body): bodies.append(body)
                }
            }
        } catch {
            return (heads, bodies, error)
        }
    }
    return (heads, bodies, nil)
}

private func oneByteAtATime(_ text: String) -> [[UInt8]] { text.utf8.map { [$0] } }

struct HTTPParserTests {
    static let pipelined = "POST /a?x=1 HTTP/1.1\r\nHost: h\r\ncontent-LENGTH: 5\r\n\r\nhello"
        + "GET /b HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"

    @Test func parsesPipelinedRequestsArrivingOneByteAtATime() {
        let whole = parse([Array(Self.pipelined.utf8)])
        let split = parse(oneByteAtATime(Self.pipelined))
        for result in [whole, split] {
            #expect(result.error == nil)
            #expect(result.heads.map(\.method) == ["POST", "GET"])
            #expect(result.heads.map(\.target) == ["/a?x=1", "/b"])
            #expect(result.heads.first?.path == "/a")
            #expect(result.heads.first?.query == "x=1")
            #expect(result.heads.first?.headers["Content-Length"] == "5")
            #expect(result.bodies == [Array("hello".utf8), []])
            #expect(result.heads.last?.wantsKeepAlive == false)
        }
    }

    @Test func decodesChunkedBodyWithExtensionsAndTrailersOneByteAtATime() {
        let request = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\nA\r\n, chunked!\r\n0\r\nTrailer-Field: x\r\n\r\n"
            + "GET /next HTTP/1.1\r\nHost: h\r\n\r\n"
        for chunks in [[Array(request.utf8)], oneByteAtATime(request)] {
            let result = parse(chunks)
            #expect(result.error == nil)
            #expect(result.bodies.first.map { String(decoding: $0, as: UTF8.self) } == "hello, chunked!")
            #expect(result.heads.map(\.target) == ["/", "/next"])
            #expect(result.heads.first?.framing == .chunked)
        }
    }

    @Test func looksAheadForACompleteRequestWithoutConsumingIt() throws {
        var parser = HTTPParser(limits: HTTPParserLimits())
        #expect(!parser.hasCompleteRequest)
        parser.append(Array("POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nab".utf8))
        #expect(!parser.hasCompleteRequest)
        parser.append(Array("c".utf8))
        #expect(parser.hasCompleteRequest)
        #expect(parser.hasCompleteRequest)  // asking twice consumes nothing
        guard case .head(let head) = try parser.next() else {
            Issue.record("no head")
            return
        }
        #expect(head.path == "/a")
        guard case .body(let body) = try parser.next() else {
            Issue.record("no body")
            return
        }
        #expect(body == Array("abc".utf8))
        #expect(!parser.hasCompleteRequest)
        parser.append(Array("GARBAGE\r\n\r\n".utf8))
        #expect(parser.hasCompleteRequest)  // a malformed request is answered too (400)
    }

    @Test func ignoresEmptyLinesBeforeRequestLine() {
        let result = parse([Array("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)])
        #expect(result.error == nil)
        #expect(result.heads.count == 1)
    }

    @Test func http10KeepAliveOnlyWhenAsked() {
        let plain = parse([Array("GET / HTTP/1.0\r\n\r\n".utf8)])
        let asked = parse([Array("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n".utf8)])
        #expect(plain.heads.first?.wantsKeepAlive == false)
        #expect(asked.heads.first?.wantsKeepAlive == true)
    }

    @Test func trimsOptionalWhitespaceAroundFieldValues() {
        let result = parse([Array("GET / HTTP/1.1\r\nHost:h\r\nX-A: \t v a \t\r\n\r\n".utf8)])
        #expect(result.heads.first?.headers["x-a"] == "v a")
    }

    /// Requests that must be refused, with the status. Framing ambiguities are request-smuggling vectors.
    static let rejections: [(String, String, Int)] = [
        ("TE and CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("CL and TE", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n", 400),
        ("repeated CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n", 400),
        ("CL list", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5, 5\r\n\r\n", 400),
        ("non-numeric CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: abc\r\n\r\n", 400),
        ("signed CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: +5\r\n\r\n", 400),
        ("negative CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", 400),
        ("huge CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
        ("TE not chunked", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
        ("chunked not last", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400),
        ("chunked then identity header",
         "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n", 400),
        ("unsupported coding", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
        ("TE in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("HTTP/2.0", "GET / HTTP/2.0\r\nHost: h\r\n\r\n", 400),
        ("HTTP/0.9", "GET / HTTP/0.9\r\nHost: h\r\n\r\n", 400),
        ("bad version", "GET / HTTP/1.10\r\nHost: h\r\n\r\n", 400),
        ("lowercase version", "GET / http/1.1\r\nHost: h\r\n\r\n", 400),
        ("missing Host", "GET / HTTP/1.1\r\n\r\n", 400),
        ("two Hosts", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("space before colon", "GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400),
        ("obs-fold", "GET / HTTP/1.1\r\nHost: h\r\nX-A: a\r\n b\r\n\r\n", 400),
        ("bare LF", "GET / HTTP/1.1\nHost: h\r\n\r\n", 400),
        ("bare CR", "GET / HTTP/1.1\r\nHost: h\rX: y\r\n\r\n", 400),
        ("control char in value", "GET / HTTP/1.1\r\nHost: h\u{1}\r\n\r\n", 400),
        ("double space", "GET  / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("bad method", "G(T / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("absolute target", "GET http://h/ HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("non-ASCII target", "GET /\u{e9} HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("no colon", "GET / HTTP/1.1\r\nHost h\r\n\r\n", 400),
        ("bad chunk size", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("chunk size overflow",
         "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n", 400),
        ("chunk without CRLF", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n", 400),
        ("CL over limit", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1025\r\n\r\n", 413),
        ("chunked over limit",
         "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n400\r\n" + String(repeating: "a", count: 1024)
            + "\r\n1\r\n", 413),
        ("header section too large", "GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 2048), 431),
        ("too many fields", "GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "X: y\r\n", count: 20) + "\r\n", 431),
    ]

    @Test(arguments: rejections)
    func rejects(name: String, request: String, status: Int) {
        let limits = HTTPParserLimits(maxHeaderBytes: 1024, maxHeaderCount: 10, maxBodyBytes: 1024)
        for chunks in [[Array(request.utf8)], oneByteAtATime(request)] {
            let result = parse(chunks, limits: limits)
            #expect(result.error?.status == status, "\(name)")
            #expect(result.bodies.isEmpty, "\(name)")
        }
    }
}

/// What the parser holds while it reads, as the server counts it against `maxBufferedInputBytes`.
struct HTTPParserMemoryTests {
    /// Appends the way the I/O thread does (straight from its read buffer).
    private static func feed(_ parser: inout HTTPParser, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { parser.append($0) }
    }

    @Test func aDeclaredBodyIsCountedAsUnreceivedUntilItArrivesAndLeavesWithItsEvent() throws {
        var parser = HTTPParser(limits: HTTPParserLimits())
        Self.feed(&parser, Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1000\r\n\r\n".utf8))
        guard case .head = try parser.next() else { Issue.record("no head"); return }
        // The head's bytes are gone and the body is not allocated yet: only announced.
        #expect(parser.heldByteCount == 0)
        #expect(parser.unreceivedBodyBytes == 1000)
        Self.feed(&parser, [UInt8](repeating: 1, count: 300))
        #expect(try parser.next() == nil)
        #expect(parser.heldByteCount == 300)
        #expect(parser.unreceivedBodyBytes == 700)
        let next = Array("GET /n HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        Self.feed(&parser, [UInt8](repeating: 2, count: 700) + next)
        guard case .body(let body) = try parser.next() else { Issue.record("no body"); return }
        #expect(body.count == 1000)
        // Only the pipelined request is left, and it is the whole buffer.
        #expect(parser.heldByteCount == next.count)
        #expect(parser.bufferedByteCount == next.count)
        #expect(parser.unreceivedBodyBytes == 0)
    }

    @Test func bodyBytesBufferedWithTheHeadAreNotCountedTwice() throws {
        var parser = HTTPParser(limits: HTTPParserLimits())
        Self.feed(&parser, Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabcd".utf8))
        guard case .head = try parser.next() else { Issue.record("no head"); return }
        #expect(parser.heldByteCount + parser.unreceivedBodyBytes == 10)
    }

    /// A stream of pipelined requests in random pieces (seeded): after each piece is parsed, the parser holds at
    /// most the header limit plus the body limit plus that piece, and only the header limit while between bodies.
    @Test func theParserHoldsAtMostTheHeaderLimitPlusTheBodyLimitPlusOneRead() throws {
        let limits = HTTPParserLimits(maxHeaderBytes: 1024, maxHeaderCount: 20, maxBodyBytes: 8192)
        var stream: [UInt8] = []
        for index in 0..<40 {
            let size = index * 199 % 8191 + 1
            let pad = String(repeating: "p", count: index * 37 % 900)
            if index % 3 == 0 {
                stream += Array("POST /c HTTP/1.1\r\nHost: h\r\nX-Pad: \(pad)\r\n".utf8)
                stream += Array("Transfer-Encoding: chunked\r\n\r\n".utf8)
                stream += Array(String(size, radix: 16).utf8) + [13, 10] + [UInt8](repeating: 7, count: size)
                stream += Array("\r\n0\r\nTrailer: t\r\n\r\n".utf8)
            } else {
                stream += Array("POST /f HTTP/1.1\r\nHost: h\r\nX-Pad: \(pad)\r\nContent-Length: \(size)\r\n\r\n".utf8)
                stream += [UInt8](repeating: 9, count: size)
            }
        }
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        var parser = HTTPParser(limits: limits)
        var offset = 0
        var bodies = 0
        while offset < stream.count {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let piece = min(stream.count - offset, Int(random >> 33) % 3000 + 1)
            Self.feed(&parser, Array(stream[offset..<offset + piece]))
            offset += piece
            while let event = try parser.next() {
                if case .body = event { bodies += 1 }
            }
            #expect(parser.heldByteCount <= limits.maxHeaderBytes + limits.maxBodyBytes + piece)
            if parser.isReadingHead { #expect(parser.heldByteCount <= limits.maxHeaderBytes) }
        }
        #expect(bodies == 40)
        #expect(parser.heldByteCount == 0)
    }
}
