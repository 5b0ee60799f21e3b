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

/// Cancellation of requests whose answer is no longer wanted.
struct CancellationTests {
    @Test func workersMarkTheStartBeforeResponding() throws {
        let responder = EchoResponder()
        try withServer(responder: responder) { server, _ in
            let before = monotonicNanoseconds()
            #expect(exchange(port: server.port, "GET /a HTTP/1.1\r\nHost: t\r\n\r\n")?.status == 200)
            let started = try #require(responder.startTimes.withLock { $0.first })
            #expect(started >= before && started <= monotonicNanoseconds())
        }
    }

    @Test func aQueuedRequestWhoseClientResetsIsDroppedUnstarted() throws {
        var configuration = testConfiguration()
        configuration.workers = 1
        let responder = EchoResponder()
        try withServer(configuration, responder: responder) { server, _ in
            let busy = try #require(TestClient(port: server.port))
            busy.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.gate.waitUntilEntered())
            var leaver = TestClient(port: server.port)
            leaver?.send("GET /never HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { server.statistics.requestsAtWorkers == 2 })
            resetOnClose(leaver)
            leaver = nil
            #expect(eventually { server.statistics.requestsCancelledClientGone == 1 })
            responder.gate.release()
            #expect(busy.readResponse()?.text == "released")
            #expect(eventually { server.statistics.requestsDroppedBeforeStart == 1 })
            #expect(responder.started.withLock { $0 } == ["/block"])
        }
    }

    @Test func aRunningRequestIsCancelledWhenItsClientResets() throws {
        let responder = EchoResponder()
        try withServer(responder: responder) { server, _ in
            var leaver = TestClient(port: server.port)
            leaver?.send("GET /poll HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { responder.started.withLock { $0 } == ["/poll"] })
            resetOnClose(leaver)
            leaver = nil
            #expect(eventually { server.statistics.requestsCancelledClientGone == 1 })
            // The handler saw `.clientGone` and stopped; its answer went nowhere and was not logged.
            #expect(eventually { server.statistics.pendingOutputBytes == 0 && server.statistics.openConnections == 0 })
            usleep(50_000)
            #expect(responder.log.withLock { $0.isEmpty })
        }
    }

    @Test func aRequestPastTheProcessingTimeoutIsCancelledAndItsAnswerSent() throws {
        var configuration = testConfiguration()
        configuration.processingTimeout = .milliseconds(150)
        try withServer(configuration) { server, _ in
            let began = monotonicNanoseconds()
            let response = try #require(exchange(port: server.port, "GET /poll HTTP/1.1\r\nHost: t\r\n\r\n"))
            let elapsed = monotonicNanoseconds() - began
            #expect(response.status == 503)
            #expect(response.text == "deadline")
            #expect(elapsed >= 150_000_000 && elapsed < 2_000_000_000)
            #expect(server.statistics.requestsCancelledByDeadline == 1)
            #expect(server.statistics.requestsCancelledClientGone == 0)
        }
    }

    @Test func aHalfClosedClientDoesNotCancelItsRequest() throws {
        let responder = EchoResponder()
        try withServer(responder: responder) { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(responder.gate.waitUntilEntered())
            shutdown(client.fd, Int32(SHUT_WR))
            usleep(50_000)
            responder.gate.release()
            #expect(client.readResponse()?.text == "released")
            #expect(server.statistics.requestsCancelledClientGone == 0)
        }
    }
}

/// Per-client caps, eviction of idle connections at the global cap, and the first-byte timeout.
struct AdmissionTests {
    @Test func connectionsBeyondThePerClientCapAreRefused() throws {
        var configuration = testConfiguration()
        configuration.maxConnectionsPerClient = 3
        try withServer(configuration) { server, _ in
            var held = (0..<3).compactMap { _ in TestClient(port: server.port) }
            #expect(eventually { server.statistics.openConnections == 3 })
            let extra = try #require(TestClient(port: server.port))
            let refused = try #require(extra.readResponse())
            #expect(refused.status == 503)
            #expect(refused.headers["Retry-After"] == "1")
            #expect(server.statistics.connectionsRefusedPerClient == 1)
            held.removeLast()
            #expect(eventually { server.statistics.openConnections == 2 })
            let again = try #require(TestClient(port: server.port))
            again.send("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(again.readResponse()?.status == 200)
        }
    }

    @Test func requestsBeyondThePerClientQueueCapAre503WithoutQueueing() throws {
        var configuration = testConfiguration()
        configuration.workers = 1
        configuration.maxQueuedPerClient = 2
        let responder = EchoResponder()
        try withServer(configuration, responder: responder) { server, _ in
            let running = try #require(TestClient(port: server.port))
            running.send("GET /block HTTP/1.1\r\nHost: t\r\nX-Client: a\r\n\r\n")
            #expect(responder.gate.waitUntilEntered())
            let queued = try #require(TestClient(port: server.port))
            queued.send("GET /queued HTTP/1.1\r\nHost: t\r\nX-Client: a\r\n\r\n")
            #expect(eventually { server.statistics.requestsAtWorkers == 2 })
            let third = try #require(TestClient(port: server.port))
            third.send("GET /third HTTP/1.1\r\nHost: t\r\nX-Client: a\r\n\r\n")
            let refused = try #require(third.readResponse())
            #expect(refused.status == 503)
            #expect(refused.headers["Retry-After"] == "1")
            #expect(server.statistics.requestsRefusedPerClient == 1)
            // Another client still gets in line.
            let other = try #require(TestClient(port: server.port))
            other.send("GET /other HTTP/1.1\r\nHost: t\r\nX-Client: b\r\n\r\n")
            #expect(eventually { server.statistics.requestsAtWorkers == 3 })
            responder.gate.release()
            #expect(running.readResponse()?.text == "released")
            #expect(queued.readResponse()?.status == 200)
            #expect(other.readResponse()?.status == 200)
            #expect(responder.started.withLock { $0 } == ["/block", "/queued", "/other"])
            // Finished requests no longer count: client a is admitted again.
            third.send("GET /fourth HTTP/1.1\r\nHost: t\r\nX-Client: a\r\n\r\n")
            #expect(third.readResponse()?.status == 200)
        }
    }

    @Test func atTheConnectionCapTheLongestIdleKeepAliveConnectionMakesRoom() throws {
        var configuration = testConfiguration()
        configuration.maxConnections = 2
        try withServer(configuration) { server, _ in
            let older = try #require(TestClient(port: server.port))
            let newer = try #require(TestClient(port: server.port))
            for client in [older, newer] {
                client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(client.readResponse()?.status == 200)
                usleep(10_000)
            }
            let third = try #require(TestClient(port: server.port))
            third.send("GET /third HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(third.readResponse()?.status == 200)
            #expect(older.readsEOF())
            newer.send("GET /still HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(newer.readResponse()?.status == 200)
            #expect(server.statistics.idleConnectionsEvicted == 1)
        }
    }

    @Test func atTheConnectionCapWithNoIdleConnectionTheNewcomerIsRefused() throws {
        var configuration = testConfiguration()
        configuration.maxConnections = 2
        try withServer(configuration) { server, _ in
            // Connections that have not sent a request yet are not evicted.
            let first = try #require(TestClient(port: server.port))
            let second = try #require(TestClient(port: server.port))
            #expect(eventually { server.statistics.openConnections == 2 })
            let third = try #require(TestClient(port: server.port))
            #expect(third.readResponse()?.status == 503)
            first.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(first.readResponse()?.status == 200)
            second.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(second.readResponse()?.status == 200)
        }
    }

    @Test func aSilentConnectionIsClosedAfterTheFirstByteTimeoutButAnIdleOneIsNot() throws {
        var configuration = testConfiguration()
        configuration.firstByteTimeout = .milliseconds(200)
        configuration.idleTimeout = .seconds(5)
        try withServer(configuration) { server, _ in
            let began = monotonicNanoseconds()
            let silent = try #require(TestClient(port: server.port))
            let served = try #require(TestClient(port: server.port))
            served.send("GET /one HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(served.readResponse()?.status == 200)
            silent.send("\r\n")  // blank lines are not a request and do not extend the timeout
            #expect(silent.readsEOF())
            let elapsed = monotonicNanoseconds() - began
            #expect(elapsed >= 200_000_000 && elapsed < 2_000_000_000)
            usleep(200_000)
            served.send("GET /two HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(served.readResponse()?.status == 200)
        }
    }
}

/// What slow readers can hold: a minimum send rate and a cap on unsent bytes.
struct OutputBoundTests {
    @Test func aReaderBelowTheMinimumRateIsReset() throws {
        var configuration = testConfiguration()
        configuration.minSendBytesPerSecond = 256 * 1024
        configuration.minSendRateWindow = .milliseconds(200)
        try withServer(configuration) { server, _ in
            let stalled = try #require(stalledClient(port: server.port))
            stalled.send("GET /huge HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { server.statistics.slowReadersReset == 1 })
            #expect(server.statistics.pendingOutputBytes == 0)
            #expect(stalled.readResponse() == nil)
        }
    }

    @Test func aNewResponseOverTheCapResetsAStalledWriter() throws {
        var configuration = testConfiguration()
        configuration.maxPendingOutputBytes = 24 << 20
        configuration.minSendBytesPerSecond = 0
        try withServer(configuration) { server, _ in
            let stalled = try #require(stalledClient(port: server.port))
            stalled.send("GET /huge HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { server.statistics.pendingOutputBytes > 8 << 20 })
            usleep(1_100_000)  // a writer must have had a second to show its pace before it can be reset
            let client = try #require(TestClient(port: server.port))
            client.send("GET /huge HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.body.count == 16 << 20)
            #expect(server.statistics.writersResetForOutputCap == 1)
            #expect(stalled.readResponse() == nil)
        }
    }

    @Test func aNewResponseOverTheCapIs503WhenNoWriterCanMakeRoom() throws {
        var configuration = testConfiguration()
        configuration.maxPendingOutputBytes = 20 << 20
        configuration.minSendBytesPerSecond = 0
        try withServer(configuration) { server, _ in
            let stalled = try #require(stalledClient(port: server.port))
            stalled.send("GET /huge HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { server.statistics.pendingOutputBytes > 8 << 20 })
            // The stalled writer is younger than a second, so it cannot be reset for room.
            let client = try #require(TestClient(port: server.port))
            client.send("GET /huge HTTP/1.1\r\nHost: t\r\n\r\n")
            let refused = try #require(client.readResponse())
            #expect(refused.status == 503)
            #expect(refused.headers["Retry-After"] == "1")
            #expect(server.statistics.responsesRefusedForOutputCap == 1)
            #expect(server.statistics.writersResetForOutputCap == 0)
            // Small answers still go out.
            client.send("GET /small HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.status == 200)
        }
    }
}

/// Pipelined requests after the client's FIN, and what a drain answers and reports.
struct HalfCloseAndDrainTests {
    @Test func everyPipelinedRequestIsAnsweredAfterTheClientsFIN() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send((0..<10).map { "GET /p\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
            shutdown(client.fd, Int32(SHUT_WR))
            for index in 0..<10 {
                let response = try #require(client.readResponse())
                #expect(response.text == "GET /p\(index) 0\n")
                // The last answer says "close" only when the FIN was read before it was written: under load the
                // server may answer all ten first, and then closes without announcing it (both are valid HTTP).
                if index < 9 { #expect(response.headers["Connection"] == nil) }
            }
            #expect(client.readsEOF())
        }
    }

    @Test func pipelinedRequestsBehindABusyOneSurviveTheFIN() throws {
        let responder = EchoResponder()
        try withServer(responder: responder) { server, _ in
            let client = try #require(TestClient(port: server.port))
            let rest = (1..<10).map { "POST /p\($0) HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\n\($0)" }
            client.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n" + rest.joined())
            #expect(responder.gate.waitUntilEntered())
            shutdown(client.fd, Int32(SHUT_WR))
            usleep(50_000)
            responder.gate.release()
            #expect(client.readResponse()?.text == "released")
            for index in 1..<10 {
                #expect(client.readResponse()?.text == "POST /p\(index) 1\n\(index)")
            }
            #expect(client.readsEOF())
        }
    }

    @Test func anIncompleteRequestAfterTheFINIsNotWaitedFor() throws {
        let responder = EchoResponder()
        try withServer(responder: responder) { server, _ in
            let client = try #require(TestClient(port: server.port))
            client.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHo")
            #expect(responder.gate.waitUntilEntered())
            shutdown(client.fd, Int32(SHUT_WR))
            usleep(50_000)
            responder.gate.release()
            let response = try #require(client.readResponse())
            #expect(response.text == "released")
            #expect(response.headers["Connection"] == "close")
            #expect(client.readsEOF())
        }
    }

    @Test func shutdownReportsRequestsAbandonedAtTheDrainDeadline() throws {
        var configuration = testConfiguration()
        configuration.drainTimeout = .milliseconds(300)
        let responder = EchoResponder()
        let server = try HTTPServer.start(configuration: configuration, responder: responder)
        let client = try #require(TestClient(port: server.port))
        client.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(responder.gate.waitUntilEntered())
        let result = server.shutdown()
        #expect(result.abandonedRequests == 1)
        #expect(result.workersStillRunning == 1)
        #expect(!result.drainedCleanly)
        #expect(server.shutdown() == result)
        responder.gate.release()
        #expect(client.readResponse() == nil)
    }

    @Test func aBodyStillArrivingAtTheDrainDeadlineIsAbandonedButHalfSentHeadersAreNot() throws {
        var configuration = testConfiguration()
        configuration.drainTimeout = .milliseconds(300)
        // The drain deadline, not the body or header timeout, must be what ends both clients.
        configuration.bodyTimeout = .seconds(5)
        configuration.headerTimeout = .seconds(5)
        let server = try HTTPServer.start(configuration: configuration, responder: EchoResponder())
        let uploading = try #require(TestClient(port: server.port))
        uploading.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\npart of it")
        let slow = try #require(TestClient(port: server.port))
        slow.send("GET /slow HTTP/1.1\r\nHo")
        usleep(100_000)
        let result = server.shutdown()
        #expect(result.abandonedRequests == 1)
        #expect(!result.drainedCleanly)
        #expect(uploading.readResponse() == nil)
    }

    @Test func shutdownWithNothingInFlightAbandonsNothing() throws {
        let server = try HTTPServer.start(configuration: testConfiguration(), responder: EchoResponder())
        #expect(exchange(port: server.port, "GET / HTTP/1.1\r\nHost: t\r\n\r\n")?.status == 200)
        let result = server.shutdown()
        #expect(result == HTTPServerShutdownResult(abandonedRequests: 0, workersStillRunning: 0))
        #expect(result.drainedCleanly)
    }

    @Test func aRequestArrivingOnAnIdleConnectionAsTheDrainBeginsIsAnswered() throws {
        for _ in 0..<10 {
            let server = try HTTPServer.start(configuration: testConfiguration(), responder: EchoResponder())
            let client = try #require(TestClient(port: server.port))
            client.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.status == 200)
            client.send("GET /second HTTP/1.1\r\nHost: t\r\n\r\n")
            let result = server.shutdown()
            // Read before the drain or during it, the request is answered, and then the connection closes.
            let response = try #require(client.readResponse())
            #expect(response.text == "GET /second 0\n")
            #expect(client.readsEOF())
            #expect(result.abandonedRequests == 0)
        }
    }
}

struct MemoryTrimTests {
    @Test func freeMemoryIsReleasedOnceAfterLargeResponsesWhenIdle() throws {
        try withServer { server, _ in
            let client = try #require(TestClient(port: server.port))
            for _ in 0..<3 {
                client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(client.readResponse()?.body.count == 4 << 20)
            }
            #expect(server.statistics.memoryTrims == 0)
            #expect(eventually(within: 3000) { server.statistics.memoryTrims == 1 })
            usleep(300_000)
            #expect(server.statistics.memoryTrims == 1)
        }
    }
}
