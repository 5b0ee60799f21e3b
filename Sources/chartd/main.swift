import ChartRender
import ChartService
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer

// chartd: the chart HTTP service. Flags and environment variables are listed by `chartd --help`.

func log(_ text: String) {
    _ = text.utf8.withContiguousStorageIfAvailable { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String, code: Int32) -> Never {
    let text = "chartd: \(message)\n"
    _ = text.utf8.withContiguousStorageIfAvailable { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(code)
}

var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
    let pair = String(cString: pointer)
    if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    entry += 1
}

let options: ChartdOptions
do {
    options = try ChartdOptions.parse(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
} catch {
    fail(error.description, code: 2)
}
if options.showHelp {
    print(ChartdOptions.help, terminator: "")
    exit(0)
}
options.useZoneDatabase()

// Block the shutdown signals (and SIGHUP, which reloads the keys file) before any thread starts, so every thread
// inherits the mask and only `sigwait` below receives them — no async-signal-safety concerns.
var signals = sigset_t()
sigemptyset(&signals)
sigaddset(&signals, SIGTERM)
sigaddset(&signals, SIGINT)
sigaddset(&signals, SIGHUP)
pthread_sigmask(SIG_BLOCK, &signals, nil)

// Fonts load once here (CHART_FONTS or the Debian locations; approximate metrics without any font file).
let service: ChartService
if let size = options.constantRenderBytes {
    service = ChartService(configuration: options.service, renderer: ConstantRenderer(size: size))
} else {
    service = ChartService(configuration: options.service, renderer: ChartRenderer.shared)
}
// The keys file, if any: a bad one is a usage error before the port opens.
do {
    let count = try service.access.reloadKeys()
    if let file = options.service.access.keysFile {
        log("chartd: \(count) API keys loaded from \(file); auth \(options.service.access.mode.rawValue)\n")
    }
} catch {
    fail(error.description, code: 2)
}
let server: HTTPServer
do {
    server = try HTTPServer.start(configuration: options.server, responder: service)
} catch {
    fail(error.description, code: 1)
}
service.metrics.reportServerStatistics { server.statistics }
// Say what text can be drawn with, so a missing CJK font is visible in the logs rather than in the images.
let fonts: String = switch ChartRenderer.shared.text {
case .fonts(let set): "chartd: fonts: \(set.coverageReport)\n"
case .approximate(let reason): "chartd: warning: no font loaded (\(reason)); PNG text cannot be drawn\n"
}
_ = fonts.utf8.withContiguousStorageIfAvailable { write(STDERR_FILENO, $0.baseAddress, $0.count) }
let banner = "chartd: listening on \(options.server.host):\(server.port) with \(options.server.workers) workers\n"
_ = banner.utf8.withContiguousStorageIfAvailable { write(STDERR_FILENO, $0.baseAddress, $0.count) }

var received: Int32 = 0
while sigwait(&signals, &received) == 0 && received == SIGHUP {
    do {
        log("chartd: SIGHUP: \(try service.access.reloadKeys()) API keys loaded\n")
    } catch {
        log("chartd: SIGHUP: keys file not reloaded, the keys in use stay: \(error.description)\n")
    }
}
let stopping = "chartd: signal \(received), draining\n"
_ = stopping.utf8.withContiguousStorageIfAvailable { write(STDERR_FILENO, $0.baseAddress, $0.count) }
let result = server.shutdown()
var outcome = "chartd: stopped; \(result.abandonedRequests) request(s) abandoned at the drain deadline"
if result.workersStillRunning > 0 { outcome += ", \(result.workersStillRunning) worker(s) still busy" }
_ = (outcome + "\n").utf8.withContiguousStorageIfAvailable { write(STDERR_FILENO, $0.baseAddress, $0.count) }
// A non-zero status tells the supervisor that the drain timeout cut clients off (see `--drain-timeout`).
exit(result.drainedCleanly ? 0 : 3)
