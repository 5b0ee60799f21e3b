#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Testing
@testable import HTTPServer
import SocketTestSupport

struct HTTPServerTests {
    @Test func servesSeveralRequestsOnOneKeepAliveConnection() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            for index in 0..<5 {
                client.send("GET /n\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = try #require(client.readResponse())
                #expect(response.status == 200)
                #expect(response.text == "GET /n\(index) 0\n")
                #expect(response.headers["Connection"] == nil)
                #expect(response.headers["Content-Type"] == "text/plain")
                #expect(response.headers["Content-Length"] == String(response.body.count))
            }
        }
    }

    @Test func sendsAnIMFFixdateDateHeader() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            let date = try #require(client.readResponse()?.headers["Date"])
            #expect(date == HTTPDate.format(time(nil)) || date == HTTPDate.format(time(nil) - 1))
            #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        }
    }

    @Test func http10ClosesUnlessKeepAliveRequested() throws {
        try withServer { server, _ in
            let keep = try #require(TestClient(port: server.port))
            keep.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(keep.readResponse()?.headers["Connection"] == "keep-alive")
            keep.send("GET /b HTTP/1.0\r\n\r\n")
            let second = try #require(keep.readResponse())
            #expect(second.text == "GET /b 0\n")
            #expect(second.headers["Connection"] == "close")
            #expect(keep.readsEOF())
        }
    }

    @Test func answersPipelinedRequestsInOrder() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            let requests = (0..<10).map { "POST /p\($0) HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\n\($0)" }
            client.send(requests.joined())
            for index in 0..<10 {
                #expect(client.readResponse()?.text == "POST /p\(index) 1\n\(index)")
            }
        }
    }

    @Test func pipelinedRequestWaitsUntilTheOneBeforeIsAnswered() throws {
        let responder = EchoResponder()
        try withServer(responder: responder) { server, _ in
            let client = try #require(TestClient(port: server.port))
            // Two workers are free, yet the second request must not start before the first is answered.
            client.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\nGET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.gate.waitUntilEntered(1))
            usleep(100_000)
            #expect(responder.log.withLock { $0.isEmpty })
            responder.gate.release()
            #expect(client.readResponse()?.text == "released")
            #expect(client.readResponse()?.text == "GET /after 0\n")
        }
    }

    @Test func answersAClientThatHalfClosesAfterItsRequest() throws {
        let responder = EchoResponder()
        try withServer(responder: responder) { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.gate.waitUntilEntered())
            shutdown(client.fd, Int32(SHUT_WR))
            usleep(50_000)
            responder.gate.release()
            let response = try #require(client.readResponse())
            #expect(response.text == "released")
            #expect(response.headers["Connection"] == "close")
        }
    }

    @Test func nonBlockingAnswersDoNotWaitForABusyWorker() throws {
        var configuration = testConfiguration()
        configuration.workers = 1
        let responder = EchoResponder()
        try withServer(configuration, responder: responder) { server, _ in
            let busy = try #require(TestClient(port: server.port))
            busy.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.gate.waitUntilEntered())
            let client = try #require(TestClient(port: server.port))
            client.send("GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.text == "fast")
            responder.gate.release()
            #expect(busy.readResponse()?.text == "released")
        }
    }

    @Test func readsChunkedBodies() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n")
            client.send("4;x=y\r\ndefg\r\n0\r\n\r\n")
            #expect(client.readResponse()?.text == "POST /c 7\nabcdefg")
        }
    }

    @Test func sends100ContinueBeforeReadingTheBody() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("POST /e HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
            let interim = try #require(client.readResponse())
            #expect(interim.status == 100)
            client.send("hi")
            #expect(client.readResponse()?.text == "POST /e 2\nhi")
        }
    }

    @Test func refusesEarlyWithoutContinueWhenTheResponderSaysSo() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("POST /reject HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.status == 415)
            #expect(response.headers["Connection"] == "close")
        }
    }

    @Test func refusesUnknownExpectation() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("GET / HTTP/1.1\r\nHost: t\r\nExpect: teapot\r\n\r\n")
            #expect(client.readResponse()?.status == 417)
        }
    }

    @Test func headSendsLengthButNoBody() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("HEAD /h HTTP/1.1\r\nHost: t\r\n\r\nGET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try #require(client.readResponse(bodyless: true))
            #expect(head.status == 200)
            #expect(head.headers["Content-Length"] == String("HEAD /h 0\n".utf8.count))
            // Had the body been sent, this would read it instead of the next response.
            #expect(client.readResponse()?.text == "GET /after 0\n")
        }
    }

    /// Every error the server itself produces, over a real socket; each closes the connection.
    static let errorCases: [(String, Int)] = [
        ("GARBAGE\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: t\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: t\r\nX: " + String(repeating: "a", count: 5000) + "\r\n\r\n", 431),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
    ]

    @Test(arguments: errorCases)
    func answersBadRequestsAndCloses(request: String, status: Int) throws {
        try withServer { server, responder in
            let client = try #require(TestClient(port: server.port))
            client.send(request)
            let response = try #require(client.readResponse())
            #expect(response.status == status)
            #expect(response.headers["Connection"] == "close")
            #expect(client.readsEOF())
            #expect(responder.log.withLock { $0.map(\.status) } == [status])
        }
    }

    @Test func unknownMethodIs405WithAllow() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("BREW /pot HTTP/1.1\r\nHost: t\r\n\r\nGET /still-open HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.status == 405)
            #expect(response.headers["Allow"] == "GET, HEAD, POST, OPTIONS")
            // No body, so the connection stays usable.
            #expect(client.readResponse()?.text == "GET /still-open 0\n")
        }
    }

    @Test func bodyOverLimitIs413WithoutReadingIt() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10000000\r\n\r\n")
            client.send([UInt8](repeating: 0x61, count: 100_000))
            #expect(client.readResponse()?.status == 413)
        }
    }

    @Test func echoesSaneRequestIDsAndReplacesOthers() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("GET / HTTP/1.1\r\nHost: t\r\nX-Request-Id: abc-123\r\n\r\n")
            #expect(client.readResponse()?.headers["X-Request-Id"] == "abc-123")
            client.send("GET / HTTP/1.1\r\nHost: t\r\nX-Request-Id: <script>\r\n\r\n")
            let generated = try #require(client.readResponse()?.headers["X-Request-Id"])
            #expect(generated != "<script>")
            #expect(RequestIDGenerator.isSane(generated))
        }
    }

    @Test func writesOneJSONAccessLogLinePerRequest() throws {
        let lines = Mutex<[String]>([])
        var configuration = testConfiguration()
        configuration.accessLog = Logger(format: .json) { bytes in
            lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        }
        try withServer(configuration) { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("GET /x?q=1 HTTP/1.1\r\nHost: t\r\nX-Request-Id: r1\r\n\r\n")
            _ = client.readResponse()
            client.send("GET /\"quote HTTP/1.1\r\nHost: t\r\nX-Request-Id: r2\r\n\r\n")
            _ = client.readResponse()
        }
        let all = lines.withLock { $0.joined() }.split(separator: "\n")
        #expect(all.count == 2)
        #expect(all.first?.contains(#""level":"info","msg":"access","request_id":"r1","method":"GET","path":"/x","#
            + #""status":200,"bytes":13,"ms":"#) == true)
        #expect(all.first?.hasSuffix(#","kind":"echo"}"#) == true)
        #expect(all.last?.contains(#""path":"/\"quote""#) == true)
    }

    @Test func writesTheAccessLogInTextFormat() throws {
        let lines = Mutex<[String]>([])
        var configuration = testConfiguration()
        configuration.accessLog = Logger(format: .text) { bytes in
            lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        }
        try withServer(configuration) { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("GET /x?q=1 HTTP/1.1\r\nHost: t\r\nX-Request-Id: r1\r\n\r\n")
            _ = client.readResponse()
        }
        let all = lines.withLock { $0.joined() }.split(separator: "\n")
        #expect(all.count == 1)
        #expect(all.first?.contains(" info access request_id=r1 method=GET path=/x status=200 bytes=13 ms=") == true)
        #expect(all.first?.hasSuffix(" kind=echo") == true)
    }

    @Test func headerTimeoutCutsOffASlowClient() throws {
        try withServer { server, _ in
            let slow = try #require(TestClient(port: server.port))
            slow.send("GET / HTTP/1.1\r\nHost: t\r\n")
            let response = try #require(slow.readResponse())
            #expect(response.status == 408)
            #expect(slow.readsEOF())
        }
    }

    @Test func bodyTimeoutCutsOffASlowUpload() throws {
        try withServer { server, _ in
            let slow = try #require(TestClient(port: server.port))
            slow.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nab")
            #expect(slow.readResponse()?.status == 408)
            #expect(slow.readsEOF())
        }
    }

    @Test func writeTimeoutDropsAClientThatStopsReading() throws {
        var configuration = testConfiguration()
        configuration.writeTimeout = .milliseconds(200)
        try withServer(configuration) { server, _ in
            let stalled = try #require(TestClient(port: server.port))
            var small: Int32 = 4096
            setsockopt(stalled.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            stalled.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
            usleep(600_000)
            let other = try #require(TestClient(port: server.port))
            other.send("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(other.readResponse()?.status == 200)
            // The 4 MiB response was abandoned: reading yields less than all of it, then EOF or reset.
            #expect(stalled.readResponse() == nil)
        }
    }

    @Test func slowlorisConnectionsDoNotStopOthersBeingServed() throws {
        var configuration = testConfiguration()
        configuration.headerTimeout = .milliseconds(500)
        try withServer(configuration) { server, _ in
            let loris = (0..<200).compactMap { _ in TestClient(port: server.port, receiveTimeoutMilliseconds: 3000) }
            #expect(loris.count == 200)
            for client in loris { client.send("GET / HTTP/1.1\r\nHost: t\r\nX-Slow: ") }
            let normal = try #require(TestClient(port: server.port))
            for _ in 0..<3 {
                normal.send("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(normal.readResponse()?.status == 200)
            }
            for client in loris { client.send("a") }  // trickling does not extend the header deadline
            var cutOff = 0
            for client in loris where client.readResponse()?.status == 408 && client.readsEOF() { cutOff += 1 }
            #expect(cutOff == 200)
        }
    }

    @Test func idleKeepAliveConnectionsAreClosed() throws {
        var configuration = testConfiguration()
        configuration.idleTimeout = .milliseconds(200)
        try withServer(configuration) { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.status == 200)
            #expect(client.readsEOF())
        }
    }

    @Test func fullQueueAnswers503WithRetryAfter() throws {
        var configuration = testConfiguration()
        configuration.workers = 1
        configuration.queueCapacity = 1
        let responder = EchoResponder()
        try withServer(configuration, responder: responder) { server, _ in
            let busy = try #require(TestClient(port: server.port))
            busy.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.gate.waitUntilEntered())
            let queued = try #require(TestClient(port: server.port))
            queued.send("GET /queued HTTP/1.1\r\nHost: t\r\n\r\n")
            let rejected = try #require(TestClient(port: server.port))
            var status: Int?
            // The queued request may take a moment to reach the queue; the third must find it full.
            for _ in 0..<50 where status != 503 {
                rejected.send("GET /third HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = rejected.readResponse()
                status = response?.status
                if status == 503 { #expect(response?.headers["Retry-After"] == "1") }
            }
            #expect(status == 503)
            responder.gate.release()
            #expect(busy.readResponse()?.text == "released")
            #expect(queued.readResponse()?.status == 200)
        }
    }

    @Test func clientLeavingMidResponseCostsNothing() throws {
        try withServer { server, _ in
            for _ in 0..<5 {
                let leaver = try #require(TestClient(port: server.port))
                leaver.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
                var linger = linger(l_onoff: 1, l_linger: 0)  // close with RST
                setsockopt(leaver.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            }
            let client = try #require(TestClient(port: server.port))
            client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.body.count == 4 << 20)
        }
    }

    @Test func servesManyConcurrentClients() throws {
        try withServer { server, _ in
            let failures = Atomic<Int>(0)
            let port = server.port
            onThreads(32) { clientIndex in
                guard let client = TestClient(port: port) else {
                    failures.add(50, ordering: .relaxed)
                    return
                }
                for requestIndex in 0..<50 {
                    let body = "c\(clientIndex)r\(requestIndex)"
                    client.send("POST /m HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                    if client.readResponse()?.text != "POST /m \(body.utf8.count)\n\(body)" {
                        failures.add(1, ordering: .relaxed)
                    }
                }
            }
            #expect(failures.load(ordering: .relaxed) == 0)
        }
    }

    @Test func shutdownDrainsAnInFlightRequest() throws {
        let responder = EchoResponder()
        let server = try HTTPServer.start(configuration: testConfiguration(), responder: responder)
        let client = try #require(TestClient(port: server.port))
        client.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(responder.gate.waitUntilEntered())
        let idle = try #require(TestClient(port: server.port))
        let stopped = Atomic<Bool>(false)
        let stopper = try startThread(name: "test-stopper") {
            server.shutdown()
            stopped.store(true, ordering: .sequentiallyConsistent)
        }
        usleep(100_000)
        let stoppedEarly = stopped.load(ordering: .sequentiallyConsistent)
        #expect(!stoppedEarly)
        #expect(idle.readsEOF())  // idle connections are closed at once
        #expect(TestClient(port: server.port) == nil)  // no longer accepting
        responder.gate.release()
        let response = try #require(client.readResponse())
        #expect(response.text == "released")
        #expect(response.headers["Connection"] == "close")
        pthread_join(stopper, nil)
        let stoppedAtEnd = stopped.load(ordering: .sequentiallyConsistent)
        #expect(stoppedAtEnd)
    }
}

struct PeerAddressTests {
    @Test func requestsCarryTheLoopbackPeerAddress() throws {
        let seen = Mutex<[String]>([])
        let responder = ClosureResponder { request in
            seen.withLock { $0.append(request.peerAddress) }
            return .text(200, "ok")
        }
        let server = try HTTPServer.start(configuration: testConfiguration(), responder: responder)
        defer { server.shutdown() }
        let client = try #require(TestClient(port: server.port))
        client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(client.readResponse()?.status == 200)
        #expect(seen.withLock { $0 } == ["127.0.0.1"])
    }

    @Test func ipv4MappedIPv6IsSpelledAsIPv4() {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        _ = inet_pton(AF_INET6, "::ffff:203.0.113.7", &address.sin6_addr)
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { out in
            withUnsafeBytes(of: address) { out.copyMemory(from: $0) }
        }
        #expect(PeerAddress.text(of: storage) == "203.0.113.7")
        _ = inet_pton(AF_INET6, "2001:db8::1", &address.sin6_addr)
        withUnsafeMutableBytes(of: &storage) { out in
            withUnsafeBytes(of: address) { out.copyMemory(from: $0) }
        }
        #expect(PeerAddress.text(of: storage) == "2001:db8::1")
    }
}
