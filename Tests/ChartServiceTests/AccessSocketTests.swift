import HTTPServer
import SocketTestSupport
import Testing
@testable import ChartService

struct AccessSocketTests {
    @Test func keysOverTheWire() throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.workers = 2
        configuration.accessLog = nil
        let service = AccessFixture.service()
        let server = try HTTPServer.start(configuration: configuration, responder: service)
        defer { server.shutdown() }
        let spec = AccessFixture.spec

        // Refused from its headers, before the body is read: the answer comes though no body is sent.
        let refused = try #require(exchange(port: server.port, "POST /v1/chart HTTP/1.1\r\nHost: t\r\n"
            + "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n"))
        #expect(refused.status == 401)
        #expect(refused.headers["WWW-Authenticate"] == #"Bearer realm="chartd""#)

        let posted = try #require(exchange(port: server.port, "POST /v1/chart HTTP/1.1\r\nHost: t\r\n"
            + "X-API-Key: \(AccessFixture.alphaSecret)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(spec.utf8.count)\r\nConnection: close\r\n\r\n" + spec))
        #expect(posted.status == 200 && posted.text == "svg:" + spec)

        let signed = AccessFixture.signed("/v1/chart?c=\(AccessFixture.c)&kid=alpha")
        for _ in 0..<2 {  // a render, then the I/O thread's cache hit
            let got = try #require(exchange(port: server.port, "GET \(signed) HTTP/1.1\r\nHost: t\r\n"
                + "Connection: close\r\n\r\n"))
            #expect(got.status == 200 && got.text == "svg:" + spec)
        }
        let tampered = try #require(exchange(port: server.port, "GET \(signed)x HTTP/1.1\r\nHost: t\r\n"
            + "Connection: close\r\n\r\n"))
        #expect(tampered.status == 403)
        let health = try #require(exchange(port: server.port, "GET /healthz HTTP/1.1\r\nHost: t\r\n"
            + "Connection: close\r\n\r\n"))
        #expect(health.status == 200)
    }
}
