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
// Every line it writes goes through one `Logger` to stderr, in the run's `--log-format`.

func fail(_ message: String, code: Int32, _ logger: Logger) -> Never {
    logger.error(message)
    exit(code)
}

// Only the variables chartd documents are read, with getenv(3): portable (Darwin has no `environ` to import), and
// `--help` lists exactly what is read.
var environment: [String: String] = [:]
for name in ChartdOptions.environmentVariables {
    if let value = getenv(name) { environment[name] = String(cString: value) }
}

let options: ChartdOptions
do {
    options = try ChartdOptions.parse(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
} catch {
    // The options are not known: the variable's format if it is a valid one, else text.
    fail(error.description, code: 2, Logger(format: LogFormat(rawValue: environment["LOG_FORMAT"] ?? "") ?? .text))
}
let logger = options.logger
if options.showHelp {
    print(ChartdOptions.help, terminator: "")
    exit(0)
}
if options.showVersion {
    print(BuildInfo.versionLine)
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

// Fonts load once here (CHART_FONTS or the Debian locations, plus --fonts-dir/CHART_FONTS_DIR). Unusable fonts or a
// configured file that does not load refuse the start (exit 78) unless --allow-missing-fonts, which starts degraded
// (StartupCheck).
let renderer = options.fontsDirectory.map { ChartRenderer(text: .loadDefault(fontsDirectory: $0)) }
    ?? ChartRenderer.shared
let fontReport = renderer.text.fontReport
let service: ChartService
var degradedReason: String?
if let size = options.constantRenderBytes {
    service = ChartService(configuration: options.service, renderer: ConstantRenderer(size: size))
} else {
    let fontList = environment["CHART_FONTS"].flatMap { $0.isEmpty ? nil : $0 }
    switch StartupCheck.fonts(fontReport, fontList: fontList,
                              allowMissingFonts: options.allowMissingFonts) {
    case .start: break
    case .startDegraded(let reason): degradedReason = reason
    case .refuse(let message):
        logger.error(message)
        exit(StartupCheck.exitStatus)
    }
    service = ChartService(configuration: options.service, renderer: renderer)
}
service.info = ServiceInfo(server: options.server, service: options.service, fonts: fontReport)
// The keys file, if any: a bad one is a usage error before the port opens.
do {
    let count = try service.access.reloadKeys()
    if let file = options.service.access.keysFile {
        logger.info("API keys loaded", [("keys", String(count)), ("file", file),
                                        ("auth", options.service.access.mode.rawValue)])
    }
} catch {
    fail(error.description, code: 2, logger)
}
let server: HTTPServer
do {
    server = try HTTPServer.start(configuration: options.server, responder: service)
} catch {
    fail(error.description, code: 1, logger)
}
service.metrics.reportServerStatistics { server.statistics }
// Say what text can be drawn with, so a missing CJK font is visible in the logs rather than in the images.
let fonts = StartupCheck.fontSummary(renderer.text)
logger.log(degradedReason == nil ? .info : .warning, fonts.message, fonts.fields)
service.info.poller = server.pollerName
// Scripts find the port with `sed 's/.*listening on [^ ]*:\([0-9]*\) .*/\1/p'`: keep the space after it.
logger.info("listening on \(options.server.host):\(server.port) with \(options.server.workers) workers",
            [("poller", server.pollerName), ("version", BuildInfo.version), ("commit", BuildInfo.commit)])
// /readyz is 503 "starting" until one small chart has been rendered through every backend, off the I/O thread.
if options.constantRenderBytes != nil {
    service.readiness.markReady()
} else {
    service.warmUp(degradedReason: degradedReason, logger: logger)
}

var received: Int32 = 0
while sigwait(&signals, &received) == 0 && received == SIGHUP {
    do {
        logger.info("SIGHUP: API keys reloaded", [("keys", String(try service.access.reloadKeys()))])
    } catch {
        logger.warning("SIGHUP: keys file not reloaded, the keys in use stay", [("error", error.description)])
    }
}
logger.info("draining", [("signal", String(received))])
let result = server.shutdown()
let outcome: [(String, String)] = [("abandoned_requests", String(result.abandonedRequests)),
                                   ("workers_still_busy", String(result.workersStillRunning))]
if result.drainedCleanly { logger.info("stopped", outcome) } else { logger.warning("stopped", outcome) }
// A non-zero status tells the supervisor that the drain timeout cut clients off (see `--drain-timeout`).
exit(result.drainedCleanly ? 0 : 3)
