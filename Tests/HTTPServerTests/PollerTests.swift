#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import HTTPServer
import SocketTestSupport

/// Every poller this build has: epoll and poll(2) on Linux, poll(2) elsewhere.
let availablePollers: [PollerChoice] = PollerChoice.epollAvailable ? [.epoll, .poll] : [.poll]

/// A non-blocking pipe, closed when released.
final class TestPipe {
    let readFD: Int32
    private(set) var writeFD: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        readFD = ends[0]
        writeFD = ends[1]
        for fd in ends { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    func put(_ count: Int = 1) {
        let bytes = [UInt8](repeating: 7, count: count)
        _ = write(writeFD, bytes, count)
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(readFD, &buffer, buffer.count) > 0 {}
    }

    func closeWriteEnd() {
        close(writeFD)
        writeFD = -1
    }

    deinit {
        close(readFD)
        if writeFD >= 0 { close(writeFD) }
    }
}

/// Lets a test thread call `wake()`, the one poller method other threads may call.
final class PollerHandle: @unchecked Sendable {
    let poller: any Poller
    init(_ poller: any Poller) { self.poller = poller }
}

/// The poller seam, run against each implementation: both must report the same things.
struct PollerTests {
    private func ready(_ poller: any Poller, timeoutMilliseconds: Int32 = 0) -> [PollEvent] {
        var events: [PollEvent] = []
        poller.wait(timeoutMilliseconds: timeoutMilliseconds, into: &events)
        return events
    }

    @Test(arguments: availablePollers)
    func reportsWhatIsReadyAndWatchedLevelTriggered(choice: PollerChoice) throws {
        let poller = try choice.makePoller()
        defer { poller.close() }
        #expect(poller.name == choice.rawValue)
        let a = try TestPipe()
        let b = try TestPipe()
        #expect(poller.register(a.readFD, interest: .read))
        #expect(poller.register(b.readFD, interest: .read))
        #expect(ready(poller).isEmpty)

        a.put()
        for _ in 0..<2 {  // level-triggered: reported again while unread
            let events = ready(poller)
            #expect(events.map(\.fd) == [a.readFD])
            #expect(events.first.map { $0.readable && !$0.writable && !$0.hangUp && !$0.error } == true)
        }
        poller.modify(a.readFD, interest: [])
        #expect(ready(poller).isEmpty, "data waits, but nobody asked")
        poller.modify(a.readFD, interest: .read)
        #expect(ready(poller).map(\.fd) == [a.readFD])
        a.drain()
        #expect(ready(poller).isEmpty)

        #expect(poller.register(b.writeFD, interest: .write))
        let writable = ready(poller)
        #expect(writable.map(\.fd) == [b.writeFD])
        #expect(writable.first.map { $0.writable && !$0.readable } == true)
        poller.remove(b.writeFD)
        #expect(ready(poller).isEmpty)

        // A hang-up is reported even with no interest at all.
        poller.modify(a.readFD, interest: [])
        a.closeWriteEnd()
        let hangUps = ready(poller)
        #expect(hangUps.map(\.fd) == [a.readFD])
        #expect(hangUps.first?.hangUp == true)
        poller.remove(a.readFD)
        poller.remove(a.readFD)  // unknown now: ignored
        #expect(ready(poller).isEmpty)
    }

    /// Many registrations and removals in scattered order (poll(2) moves its last entry into each hole).
    @Test(arguments: availablePollers)
    func tracksManyDescriptorsThroughRemovals(choice: PollerChoice) throws {
        let poller = try choice.makePoller()
        defer { poller.close() }
        let pipes = try (0..<40).map { _ in try TestPipe() }
        for pipe in pipes { #expect(poller.register(pipe.readFD, interest: .read)) }
        #expect(!poller.register(pipes[5].readFD, interest: .read), "registered twice")
        let removed: Set<Int> = [0, 39, 17, 3, 4, 38, 20, 21, 22, 11]
        for index in removed.sorted(by: { ($0 * 7) % 40 < ($1 * 7) % 40 }) { poller.remove(pipes[index].readFD) }
        for pipe in pipes { pipe.put() }
        let expected = Set(pipes.indices.filter { !removed.contains($0) }.map { pipes[$0].readFD })
        let events = ready(poller)
        #expect(events.count == expected.count, "each ready descriptor once")
        #expect(Set(events.map(\.fd)) == expected)
        #expect(poller.register(pipes[17].readFD, interest: .read))
        #expect(Set(ready(poller).map(\.fd)) == expected.union([pipes[17].readFD]))
    }

    @Test(arguments: availablePollers)
    func wakeFromAnotherThreadEndsTheWaitAndIsNotReported(choice: PollerChoice) throws {
        let poller = try choice.makePoller()
        defer { poller.close() }
        let handle = PollerHandle(poller)
        let waker = JoinableThread {
            usleep(50_000)
            handle.poller.wake()
        }
        let start = monotonicNanoseconds()
        #expect(ready(poller, timeoutMilliseconds: 10_000).isEmpty)
        #expect(monotonicNanoseconds() - start < 5_000_000_000, "woken, not timed out")
        waker.join()
        // Many wake-ups before a wait: one wait consumes them all, and the next one sleeps again.
        for _ in 0..<100 { poller.wake() }
        #expect(ready(poller, timeoutMilliseconds: 1000).isEmpty)
        let quiet = monotonicNanoseconds()
        #expect(ready(poller, timeoutMilliseconds: 50).isEmpty)
        #expect(monotonicNanoseconds() - quiet >= 40_000_000, "no wake-up left over")
    }

    /// `.automatic` follows `CHART_POLLER` where epoll exists; explicit choices ignore it.
    @Test(arguments: [
        (PollerChoice.automatic, [String: String](), PollerChoice.epollAvailable ? PollerChoice.epoll : .poll),
        (.automatic, ["CHART_POLLER": "poll"], .poll),
        (.automatic, ["CHART_POLLER": "epoll"], PollerChoice.epollAvailable ? .epoll : .poll),
        (.automatic, ["CHART_POLLER": "kqueue"], PollerChoice.epollAvailable ? .epoll : .poll),
        (.poll, [:], .poll),
        (.epoll, ["CHART_POLLER": "poll"], .epoll),
    ])
    func automaticChoiceFollowsTheEnvironment(choice: PollerChoice, environment: [String: String],
                                              expected: PollerChoice) {
        #expect(choice.resolved(environment: environment) == expected)
    }

    /// The test run with `CHART_POLLER=poll` (scripts/test) really runs every server test on poll(2): a server
    /// started with the default configuration says which poller it runs.
    @Test func theDefaultServerRunsThePollerTheEnvironmentAsksFor() throws {
        let variable = getenv("CHART_POLLER").map { String(cString: $0) }
        let expected = variable == "poll" || !PollerChoice.epollAvailable ? "poll" : "epoll"
        try withServer { server, _ in
            #expect(server.pollerName == expected)
            #expect(exchange(port: server.port, "GET /x HTTP/1.1\r\nHost: t\r\n\r\n")?.status == 200)
        }
    }

    /// Each poller serves keep-alive, pipelined and large (many write-ready waits) responses, and half-closes.
    @Test(arguments: availablePollers)
    func eachPollerServesTheSameHTTP(choice: PollerChoice) throws {
        var configuration = testConfiguration()
        configuration.poller = choice
        try withServer(configuration) { server, _ in
            #expect(server.pollerName == choice.rawValue)
            let client = try #require(TestClient(port: server.port))
            client.send((0..<3).map { "GET /p\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
            for index in 0..<3 { #expect(client.readResponse()?.text == "GET /p\(index) 0\n") }
            client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
            let big = try #require(client.readResponse())
            #expect(big.body.count == 4 << 20)
            client.send("GET /last HTTP/1.1\r\nHost: t\r\n\r\n")
            shutdown(client.fd, Int32(SHUT_WR))
            #expect(client.readResponse()?.text == "GET /last 0\n")
            #expect(client.readsEOF())
        }
    }
}
