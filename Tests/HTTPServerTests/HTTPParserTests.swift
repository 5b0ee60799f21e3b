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
