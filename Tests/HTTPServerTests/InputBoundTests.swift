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

/// A small input cap, and timeouts long enough that only the cap decides who waits.
private func inputConfiguration(cap: Int) -> HTTPServerConfiguration {
    var configuration = testConfiguration()
    configuration.maxBufferedInputBytes = cap
    configuration.headerTimeout = .seconds(10)
    configuration.bodyTimeout = .seconds(10)
    return configuration
}

/// Writes all of `bytes` to `fd`, blocking as the peer's window allows (for a thread other than the reader's).
private func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard n > 0 else { return }
        offset += n
    }
}

private func upload(_ target: String, bytes: Int, extraHeaders: String = "") -> String {
    "POST \(target) HTTP/1.1\r\nHost: t\r\nContent-Length: \(bytes)\r\n\(extraHeaders)\r\n"
}

/// `maxBufferedInputBytes`: what request input may hold, pausing readers instead of failing them, and releasing
/// every byte it counted.
struct InputBoundTests {
    @Test func slowUploadsBeyondTheCapArePausedTheTotalStaysUnderItAndAllComplete() throws {
        let cap = 256 * 1024
        try withServer(inputConfiguration(cap: cap)) { server, _ in
            let port = server.port
            let answered = Mutex<[String]>([])
            // 12 × 60,000 bytes is nearly three times the cap: only three bodies are admitted at a time.
            let uploads = (0..<12).map { index in
                JoinableThread {
                    guard let client = TestClient(port: port, receiveTimeoutMilliseconds: 20_000) else { return }
                    client.send(upload("/up\(index)", bytes: 60_000))
                    for piece in 0..<10 {
                        client.send([UInt8](repeating: UInt8(65 + piece), count: 6_000))
                        usleep(100_000)
                    }
                    let text = client.readResponse().map { String($0.text.prefix(while: { $0 != "\n" })) }
                    answered.withLock { $0.append(text ?? "none") }
                }
            }
            #expect(eventually { server.statistics.connectionsPausedForInput > 0 })
            // A small request on a new connection is read and answered while the uploads are held back.
            #expect(exchange(port: port, "GET /small HTTP/1.1\r\nHost: t\r\n\r\n")?.text == "GET /small 0\n")
            #expect(server.statistics.connectionsPausedForInput > 0)
            for thread in uploads { thread.join() }
            #expect(answered.withLock { $0.sorted() } == (0..<12).map { "POST /up\($0) 60000" }.sorted())
            let statistics = server.statistics
            #expect(statistics.peakBufferedInputBytes <= cap)
            #expect(statistics.peakBufferedInputBytes >= 3 * 60_000)
            #expect(eventually { server.statistics.bufferedInputBytes == 0 })
            #expect(server.statistics.connectionsPausedForInput == 0)
        }
    }

    @Test func aBodyThatCouldNeverFitIs503BeforeItIsRead() throws {
        var configuration = inputConfiguration(cap: 256 * 1024)
        configuration.limits = HTTPParserLimits(maxHeaderBytes: 4096, maxHeaderCount: 50, maxBodyBytes: 1 << 20)
        try withServer(configuration) { server, _ in
            // Under the body limit, but over the three quarters of the cap that bodies may use.
            let client = try #require(TestClient(port: server.port))
            client.send(upload("/big", bytes: 200_000))
            let refused = try #require(client.readResponse())
            #expect(refused.status == 503)
            #expect(refused.headers["Retry-After"] == "1")
            #expect(refused.headers["Connection"] == "close")
            #expect(server.statistics.requestsRefusedForInputCap == 1)
            #expect(server.statistics.bufferedInputBytes == 0)
            // One that fits is read as usual.
            let fits = try #require(TestClient(port: server.port))
            fits.send(upload("/fits", bytes: 190_000) + String(repeating: "z", count: 190_000))
            #expect(fits.readResponse()?.text.hasPrefix("POST /fits 190000\n") == true)
            #expect(eventually { server.statistics.bufferedInputBytes == 0 })
        }
    }

    @Test func aConnectionPausedPastItsBodyTimeoutGets408() throws {
        var configuration = inputConfiguration(cap: 256 * 1024)
        configuration.workers = 1
        configuration.bodyTimeout = .milliseconds(300)
        let responder = EchoResponder()
        try withServer(configuration, responder: responder) { server, _ in
            // Three complete bodies held by the blocked worker and its queue: 180,000 of the 196,608 bodies may use.
            let holders = try (0..<3).map { _ in
                let client = try #require(TestClient(port: server.port))
                client.send(upload("/block", bytes: 60_000) + String(repeating: "h", count: 60_000))
                return client
            }
            #expect(eventually { server.statistics.requestsAtWorkers == 3 })
            #expect(server.statistics.bufferedInputBytes == 180_000)
            let waiter = try #require(TestClient(port: server.port))
            waiter.send(upload("/wait", bytes: 60_000))
            #expect(eventually { server.statistics.connectionsPausedForInput == 1 })
            #expect(waiter.readResponse()?.status == 408)
            #expect(server.statistics.connectionsPausedForInput == 0)
            responder.gate.release()
            for holder in holders { #expect(holder.readResponse()?.status == 200) }
            #expect(eventually { server.statistics.bufferedInputBytes == 0 })
        }
    }

    @Test func aWaitingBodysContinueIsSentOnlyOnceItIsAdmitted() throws {
        var configuration = inputConfiguration(cap: 256 * 1024)
        configuration.workers = 1
        let responder = EchoResponder()
        try withServer(configuration, responder: responder) { server, _ in
            let holders = try (0..<3).map { _ in
                let client = try #require(TestClient(port: server.port))
                client.send(upload("/block", bytes: 60_000) + String(repeating: "h", count: 60_000))
                return client
            }
            #expect(eventually { server.statistics.requestsAtWorkers == 3 })
            let waiter = try #require(TestClient(port: server.port, receiveTimeoutMilliseconds: 300))
            waiter.send(upload("/wait", bytes: 60_000, extraHeaders: "Expect: 100-continue\r\n"))
            #expect(eventually { server.statistics.connectionsPausedForInput == 1 })
            #expect(waiter.readResponse() == nil)  // no 100 Continue while the body cannot be admitted
            responder.gate.release()
            #expect(waiter.readResponse()?.status == 100)
            waiter.send(String(repeating: "w", count: 60_000))
            #expect(waiter.readResponse()?.text.hasPrefix("POST /wait 60000\n") == true)
            for holder in holders { #expect(holder.readResponse()?.status == 200) }
            #expect(eventually { server.statistics.bufferedInputBytes == 0 })
        }
    }

    @Test func aHeaderSectionThatDoesNotFitWaitsAndIsReadWhenRoomReturns() throws {
        var configuration = inputConfiguration(cap: 16 * 1024)
        configuration.workers = 1
        let responder = EchoResponder()
        try withServer(configuration, responder: responder) { server, _ in
            let busy = try #require(TestClient(port: server.port))
            busy.send(upload("/block", bytes: 12_000) + String(repeating: "b", count: 12_000))
            #expect(responder.gate.waitUntilEntered())
            // An incomplete header section takes most of what is left: 16,384 − 12,000 − 4,090 = 294 bytes.
            let filler = try #require(TestClient(port: server.port))
            let fillerStart = "GET /fill HTTP/1.1\r\nHost: t\r\nX-Pad: "
            filler.send(fillerStart + String(repeating: "f", count: 4_090 - fillerStart.utf8.count))
            #expect(eventually { server.statistics.bufferedInputBytes == 16_090 })
            // The late request's first 294 bytes fit; the rest waits in the socket.
            let late = try #require(TestClient(port: server.port))
            late.send("GET /late HTTP/1.1\r\nHost: t\r\nX-Pad: \(String(repeating: "l", count: 400))\r\n\r\n")
            #expect(eventually { server.statistics.connectionsPausedForInput == 1 })
            #expect(server.statistics.bufferedInputBytes == 16 * 1024)
            responder.gate.release()
            #expect(busy.readResponse()?.text == "released")
            #expect(late.readResponse()?.text == "GET /late 0\n")
            filler.send("\r\n\r\n")
            #expect(filler.readResponse()?.text == "GET /fill 0\n")
            #expect(server.statistics.peakBufferedInputBytes == 16 * 1024)
            #expect(eventually { server.statistics.bufferedInputBytes == 0 })
        }
    }

    @Test func pipelinedInputBehindABusyRequestIsHeldToOneRead() throws {
        let responder = EchoResponder()
        try withServer(responder: responder) { server, _ in
            let client = try #require(TestClient(port: server.port, receiveTimeoutMilliseconds: 10_000))
            client.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.gate.waitUntilEntered())
            // 600 KB of pipelined uploads; the server reads one 64 KiB piece and then leaves the rest in the socket.
            let pipelined = (0..<10).map { upload("/p\($0)", bytes: 60_000) + String(repeating: "p", count: 60_000) }
            let fd = client.fd
            let bytes = Array(pipelined.joined().utf8)
            let sender = JoinableThread { sendAll(fd, bytes) }
            #expect(eventually { server.statistics.bufferedInputBytes > 0 })
            usleep(200_000)
            #expect(server.statistics.bufferedInputBytes <= 64 * 1024)
            responder.gate.release()
            #expect(client.readResponse()?.text == "released")
            for index in 0..<10 {
                #expect(client.readResponse()?.text.hasPrefix("POST /p\(index) 60000\n") == true)
            }
            sender.join()
            #expect(eventually { server.statistics.bufferedInputBytes == 0 })
            #expect(server.statistics.peakBufferedInputBytes <= 64 * 1024 + 60_000)
        }
    }

    @Test func nothingStaysCountedWhenClientsResetMidBodyOrWhilePaused() throws {
        try withServer(inputConfiguration(cap: 256 * 1024)) { server, _ in
            // Three admitted bodies, partly sent, and three connections paused for admission.
            var clients = (0..<6).compactMap { index -> TestClient? in
                let client = TestClient(port: server.port)
                client?.send(upload("/r\(index)", bytes: 60_000) + String(repeating: "r", count: 20_000))
                return client
            }
            #expect(eventually { server.statistics.connectionsPausedForInput == 3 })
            #expect(server.statistics.bufferedInputBytes >= 3 * 60_000)
            clients.forEach(resetOnClose)
            clients.removeAll()
            #expect(eventually { server.statistics.openConnections == 0 })
            #expect(server.statistics.bufferedInputBytes == 0)
            #expect(server.statistics.connectionsPausedForInput == 0)
        }
    }

    @Test func queuedBodiesStayCountedUntilTheWorkerDropsThem() throws {
        var configuration = testConfiguration()
        configuration.workers = 1
        let responder = EchoResponder()
        try withServer(configuration, responder: responder) { server, _ in
            let busy = try #require(TestClient(port: server.port))
            busy.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.gate.waitUntilEntered())
            var leavers = (0..<3).compactMap { index -> TestClient? in
                let client = TestClient(port: server.port)
                client?.send(upload("/never\(index)", bytes: 30_000) + String(repeating: "n", count: 30_000))
                return client
            }
            #expect(eventually { server.statistics.requestsAtWorkers == 4 })
            #expect(server.statistics.bufferedInputBytes == 90_000)
            leavers.forEach(resetOnClose)
            leavers.removeAll()
            #expect(eventually { server.statistics.requestsCancelledClientGone == 3 })
            #expect(eventually { server.statistics.openConnections == 1 })
            // The clients are gone, but their bodies are still in the queue: still counted.
            #expect(server.statistics.bufferedInputBytes == 90_000)
            responder.gate.release()
            #expect(busy.readResponse()?.text == "released")
            #expect(eventually { server.statistics.requestsDroppedBeforeStart == 3 })
            #expect(eventually { server.statistics.bufferedInputBytes == 0 })
        }
    }
}
