import ChartService
import HTTPServer
import Testing

/// `--poller` / `POLLER`: which readiness mechanism chartd's server runs.
struct ChartdPollerOptionTests {
    @Test(arguments: [
        ([String](), [String: String](), PollerChoice.automatic),
        (["--poller", "poll"], [:], .poll),
        (["--poller=AUTO"], ["POLLER": "poll"], .automatic),
        ([], ["POLLER": "poll"], .poll),
    ])
    func choosesThePoller(arguments: [String], environment: [String: String], expected: PollerChoice) throws {
        #expect(try ChartdOptions.parse(arguments: arguments, environment: environment).server.poller == expected)
    }

    @Test func epollIsAcceptedExactlyWhereItExists() throws {
        if PollerChoice.epollAvailable {
            #expect(try ChartdOptions.parse(arguments: ["--poller", "epoll"], environment: [:]).server.poller == .epoll)
        } else {
            #expect(throws: ChartdOptions.Invalid.self) {
                try ChartdOptions.parse(arguments: ["--poller", "epoll"], environment: [:])
            }
        }
    }

    @Test(arguments: ["kqueue", "", "select", "poll "])
    func refusesUnknownPollers(value: String) {
        #expect(throws: ChartdOptions.Invalid.self) {
            try ChartdOptions.parse(arguments: ["--poller=\(value)"], environment: [:])
        }
    }
}
