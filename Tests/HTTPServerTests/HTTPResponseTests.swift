import Testing
@testable import HTTPServer

struct HTTPResponseTests {
    private func head(_ response: HTTPResponse, keepAlive: Bool = true, version: HTTPVersion = .http1_1) -> String {
        String(decoding: response.serializedHead(date: "D", keepAlive: keepAlive, requestVersion: version,
                                                 requestID: "r"), as: UTF8.self)
    }

    @Test func writesStatusHeadersAndFraming() {
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Array("hello".utf8))
        #expect(head(response) == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: D\r\nContent-Length: 5\r\n"
            + "X-Request-Id: r\r\nX-Content-Type-Options: nosniff\r\n\r\n")
        #expect(head(response, keepAlive: false).contains("\r\nConnection: close\r\n"))
        #expect(head(response, version: .http1_0).contains("\r\nConnection: keep-alive\r\n"))
    }

    @Test func handlerCannotSplitTheResponseOrOverrideFraming() {
        let response = HTTPResponse(status: 200, headers: [
            "X-Echo": "a\r\nSet-Cookie: evil", "Content-Length": "999", "connection": "upgrade",
            "X-Content-Type-Options": "sniff-away",
        ], body: Array("ok".utf8))
        let text = head(response)
        #expect(!text.contains("sniff-away"))
        #expect(!text.contains("\r\nSet-Cookie"))
        #expect(text.contains("X-Echo: a Set-Cookie: evil\r\n"))
        #expect(!text.contains("999"))
        #expect(!text.contains("upgrade"))
        #expect(text.contains("\r\nContent-Length: 2\r\n"))
    }

    @Test func noContentLengthFor204Or304() {
        #expect(!head(HTTPResponse(status: 204)).contains("Content-Length"))
        #expect(!head(HTTPResponse(status: 304, body: [1, 2])).contains("Content-Length"))
    }
}
