public import HTTPServer
import ChartTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `chartd`'s settings from command-line flags and environment variables (a flag wins over its variable).
public struct ChartdOptions: Sendable {
    public var server = HTTPServerConfiguration()
    public var service = ChartServiceConfiguration()
    /// True when `--help` was given: print `ChartdOptions.help` and exit.
    public var showHelp = false
    /// True when `--version` was given: print `BuildInfo.versionLine` and exit.
    public var showVersion = false
    /// The format of every line chartd writes to stderr (`--log-format`, `LOG_FORMAT`).
    public var logFormat: LogFormat = .text
    /// Whether each request gets an access-log line (`--access-log`).
    public var accessLogEnabled = true

    /// The run's logger: `logFormat` on stderr.
    public var logger: Logger { Logger(format: logFormat) }
    /// When set, every chart is this many constant bytes (`ConstantRenderer`): benchmarks the server alone.
    public var constantRenderBytes: Int?
    /// Start even when the fonts are unusable or a configured font file is missing (`StartupCheck`); `/readyz` then
    /// says why the service is degraded.
    public var allowMissingFonts = false
    /// The tzdata directory (`--zoneinfo-dir`/`ZONEINFO`); nil reads `ZONEINFO`, `TZDIR` or /usr/share/zoneinfo.
    public var zoneInfoDirectory: String?
    /// A directory of extra fonts (`--fonts-dir`/`CHART_FONTS_DIR`), loaded after the defaults (`FontsDirectory`).
    public var fontsDirectory: String?

    /// A flag or variable that could not be used, with what was expected.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// One setting: its flag, its environment variable, what it means, and how to apply a value.
    struct Setting: Sendable {
        var flag: String
        var variable: String
        var help: String
        /// A flag that needs no value (`--allow-missing-fonts` means `--allow-missing-fonts=1`).
        var isSwitch = false
        var apply: @Sendable (inout ChartdOptions, String) throws(Invalid) -> Void
    }

    static let settings: [Setting] = [
        Setting(flag: "--host", variable: "HOST", help: "address to listen on (default 0.0.0.0)") { o, v in
            o.server.host = v
        },
        Setting(flag: "--port", variable: "PORT", help: "TCP port, 0 = any free one (default 8080)") {
            o, v throws(Invalid) in
            o.server.port = try int(v, "--port/PORT", 0...65535)
        },
        Setting(flag: "--workers", variable: "WORKERS", help: "render threads (default: number of cores)") {
            o, v throws(Invalid) in o.server.workers = try int(v, "--workers/WORKERS", 1...256)
        },
        Setting(flag: "--max-body-bytes", variable: "MAX_BODY_BYTES", help: "largest request body (default 2097152)") {
            o, v throws(Invalid) in o.server.limits.maxBodyBytes = try int(v, "--max-body-bytes", 1...(1 << 30))
        },
        Setting(flag: "--max-header-bytes", variable: "MAX_HEADER_BYTES",
                help: "largest request line + headers (default 16384)") { o, v throws(Invalid) in
            o.server.limits.maxHeaderBytes = try int(v, "--max-header-bytes", 256...(1 << 20))
        },
        Setting(flag: "--header-timeout", variable: "HEADER_TIMEOUT",
                help: "seconds to receive a request's headers (default 10)") { o, v throws(Invalid) in
            o.server.headerTimeout = try seconds(v, "--header-timeout")
        },
        Setting(flag: "--body-timeout", variable: "BODY_TIMEOUT", help: "seconds to receive a body (default 30)") {
            o, v throws(Invalid) in o.server.bodyTimeout = try seconds(v, "--body-timeout")
        },
        Setting(flag: "--idle-timeout", variable: "IDLE_TIMEOUT",
                help: "seconds a keep-alive connection may idle (default 60)") { o, v throws(Invalid) in
            o.server.idleTimeout = try seconds(v, "--idle-timeout")
        },
        Setting(flag: "--first-byte-timeout", variable: "FIRST_BYTE_TIMEOUT",
                help: "seconds a new connection may stay silent (default 5)") { o, v throws(Invalid) in
            o.server.firstByteTimeout = try seconds(v, "--first-byte-timeout")
        },
        Setting(flag: "--write-timeout", variable: "WRITE_TIMEOUT",
                help: "seconds a client may stall a response (default 30)") { o, v throws(Invalid) in
            o.server.writeTimeout = try seconds(v, "--write-timeout")
        },
        Setting(flag: "--drain-timeout", variable: "DRAIN_TIMEOUT",
                help: "seconds shutdown waits for in-flight requests (default 10)") { o, v throws(Invalid) in
            o.server.drainTimeout = try seconds(v, "--drain-timeout")
        },
        Setting(flag: "--max-connections", variable: "MAX_CONNECTIONS",
                help: "open connections at most (default 1024)") { o, v throws(Invalid) in
            o.server.maxConnections = try int(v, "--max-connections", 1...1_000_000)
        },
        Setting(flag: "--max-connections-per-client", variable: "MAX_CONNECTIONS_PER_CLIENT",
                help: "open connections from one address at most (default 64)") { o, v throws(Invalid) in
            o.server.maxConnectionsPerClient = try int(v, "--max-connections-per-client", 1...1_000_000)
        },
        Setting(flag: "--queue", variable: "QUEUE", help: "requests waiting for a worker before 503 (default 256)") {
            o, v throws(Invalid) in o.server.queueCapacity = try int(v, "--queue", 1...1_000_000)
        },
        Setting(flag: "--max-queued-per-client", variable: "MAX_QUEUED_PER_CLIENT",
                help: "one client's requests queued or rendering before 503 (default 16)") { o, v throws(Invalid) in
            o.server.maxQueuedPerClient = try int(v, "--max-queued-per-client", 1...1_000_000)
        },
        Setting(flag: "--render-timeout", variable: "RENDER_TIMEOUT",
                help: "seconds a render may run before it is cancelled, or off (default 2)") { o, v throws(Invalid) in
            o.server.processingTimeout = v.lowercased() == "off" ? nil : try seconds(v, "--render-timeout")
        },
        Setting(flag: "--poller", variable: "POLLER", help: "auto|epoll|poll: how sockets are watched (default auto: "
                    + "epoll on Linux)") { o, v throws(Invalid) in o.server.poller = try poller(v) },
        // The render budget (`RenderBudget`): over any of these a chart is a 422 /problems/too-complex.
        Setting(flag: "--max-dashes", variable: "MAX_DASHES", help: "dashes one chart may draw (default 50000)") {
            o, v throws(Invalid) in o.service.budget.maxDashes = try int(v, "--max-dashes", 0...100_000_000)
        },
        Setting(flag: "--max-path-segments", variable: "MAX_PATH_SEGMENTS",
                help: "path segments one chart may draw (default 2000000)") { o, v throws(Invalid) in
            o.service.budget.maxSegments = try int(v, "--max-path-segments", 1000...1_000_000_000)
        },
        Setting(flag: "--max-glyphs", variable: "MAX_GLYPHS", help: "characters of text one chart may draw (default "
                    + "50000)") { o, v throws(Invalid) in
            o.service.budget.maxGlyphs = try int(v, "--max-glyphs", 100...100_000_000)
        },
        Setting(flag: "--max-raster-ms", variable: "MAX_RASTER_MS",
                help: "estimated CPU ms to rasterize one PNG (default 600)") { o, v throws(Invalid) in
            o.service.budget.maxRasterWork = Double(try int(v, "--max-raster-ms", 1...3_600_000)) * 1e6
        },
        Setting(flag: "--max-animated-frames", variable: "MAX_ANIMATED_FRAMES",
                help: "frames of one APNG or GIF (default 3600)") { o, v throws(Invalid) in
            o.service.budget.maxAnimatedFrames = try int(v, "--max-animated-frames", 1...1_000_000)
        },
        Setting(flag: "--max-animated-pixels", variable: "MAX_ANIMATED_PIXELS",
                help: "device pixels of all frames of one APNG or GIF (default 60000000)") { o, v throws(Invalid) in
            o.service.budget.maxAnimatedPixels = Double(try int(v, "--max-animated-pixels", 1...1_000_000_000_000))
        },
        Setting(flag: "--max-animated-raster-ms", variable: "MAX_ANIMATED_RASTER_MS",
                help: "estimated CPU ms to rasterize all frames of one APNG or GIF (default 800)") {
            o, v throws(Invalid) in
            let milliseconds = try int(v, "--max-animated-raster-ms", 1...3_600_000)
            o.service.budget.maxAnimatedRasterWork = Double(milliseconds) * 1e6
        },
        Setting(flag: "--max-output-bytes", variable: "MAX_OUTPUT_BYTES",
                help: "largest image or layout JSON in bytes (default 16777216)") { o, v throws(Invalid) in
            o.service.budget.maxOutputBytes = try int(v, "--max-output-bytes", (64 << 10)...(1 << 30))
        },
        Setting(flag: "--max-pending-output-bytes", variable: "MAX_PENDING_OUTPUT_BYTES",
                help: "unsent response bytes held for all clients (default 67108864)") { o, v throws(Invalid) in
            o.server.maxPendingOutputBytes = try int(v, "--max-pending-output-bytes", (1 << 20)...(1 << 40))
        },
        Setting(flag: "--max-buffered-input-bytes", variable: "MAX_BUFFERED_INPUT_BYTES",
                help: "request bytes held before reads wait (default 67108864)") {
            o, v throws(Invalid) in
            o.server.maxBufferedInputBytes = try int(v, "--max-buffered-input-bytes", (1 << 20)...(1 << 40))
        },
        Setting(flag: "--min-send-rate", variable: "MIN_SEND_RATE",
                help: "bytes/s a client must read a response at, 0 = any (default 1024)") { o, v throws(Invalid) in
            o.server.minSendBytesPerSecond = try int(v, "--min-send-rate", 0...(1 << 30))
        },
        Setting(flag: "--cache-bytes", variable: "CACHE_BYTES",
                help: "rendered-image cache size, 0 = off (default 67108864)") { o, v throws(Invalid) in
            o.service.cacheBytes = try int(v, "--cache-bytes", 0...(1 << 40))
        },
        Setting(flag: "--cors-origins", variable: "CORS_ORIGINS",
                help: "comma-separated origins allowed cross-origin, or * (default none)") { o, v in
            o.service.corsOrigins = v.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        },
        Setting(flag: "--assets", variable: "ASSETS_DIR",
                help: "directory with index.html and openapi.yaml (default .)") { o, v in
            o.service.assetsDirectory = v
        },
        Setting(flag: "--zoneinfo-dir", variable: "ZONEINFO",
                help: "tzdata directory for time zones (default $TZDIR or /usr/share/zoneinfo)") {
            o, v throws(Invalid) in
            guard !ZoneDatabase(directory: v).names.isEmpty else {
                throw Invalid(description: "--zoneinfo-dir/ZONEINFO: no zone files in \"\(v.prefix(200))\"")
            }
            o.zoneInfoDirectory = v
        },
        Setting(flag: "--fonts-dir", variable: "CHART_FONTS_DIR",
                help: "directory of extra .ttf/.otf/.ttc fonts, after the defaults (limits: docs/deploy.md)") {
            o, v throws(Invalid) in
            var info = stat()
            guard stat(v, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, access(v, R_OK | X_OK) == 0 else {
                throw Invalid(description: "--fonts-dir/CHART_FONTS_DIR: \"\(v.prefix(200))\" is not a readable "
                    + "directory")
            }
            o.fontsDirectory = v
        },
        Setting(flag: "--constant-render-bytes", variable: "CONSTANT_RENDER_BYTES",
                help: "benchmark only: answer every chart with N fixed bytes") { o, v throws(Invalid) in
            o.constantRenderBytes = try int(v, "--constant-render-bytes", 0...(64 << 20))
        },
        Setting(flag: "--allow-missing-fonts", variable: "ALLOW_MISSING_FONTS",
                help: "start without usable fonts, /readyz degraded (default: refuse, exit 78)", isSwitch: true) {
            o, v throws(Invalid) in o.allowMissingFonts = try bool(v, "--allow-missing-fonts/ALLOW_MISSING_FONTS")
        },
        Setting(flag: "--log-format", variable: "LOG_FORMAT", help: "json|text: the format of every log line on "
                    + "stderr (text)") { o, v throws(Invalid) in
            guard let format = LogFormat(rawValue: v.lowercased()) else {
                throw Invalid(description: "--log-format/LOG_FORMAT must be json or text, not \"\(v)\"")
            }
            o.logFormat = format
        },
        Setting(flag: "--access-log", variable: "ACCESS_LOG", help: "on|off: a log line per request (on)") {
            o, v throws(Invalid) in
            switch v.lowercased() {
            case "on", "1", "true": o.accessLogEnabled = true
            case "off", "0", "false": o.accessLogEnabled = false
            default: throw Invalid(description: "--access-log/ACCESS_LOG must be on or off, not \"\(v)\"")
            }
        },
    ] + accessSettings

    /// Makes time zones come from `zoneInfoDirectory` for the whole process, when one was given.
    public func useZoneDatabase() {
        if let zoneInfoDirectory { ZoneDatabase.useShared(directory: zoneInfoDirectory) }
    }

    public init() {
        server.host = "0.0.0.0"
        server.processingTimeout = .seconds(2)
    }

    /// Applies the environment first, then the flags (`--name value` or `--name=value`).
    public static func parse(arguments: [String], environment: [String: String]) throws(Invalid) -> ChartdOptions {
        var options = ChartdOptions()
        for setting in settings {
            if let value = environment[setting.variable], !value.isEmpty { try setting.apply(&options, value) }
        }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" {
                options.showHelp = true
                continue
            }
            if argument == "--version" {
                options.showVersion = true
                continue
            }
            let (name, inline) = argument.split(separator: "=", maxSplits: 1).map(String.init).pair
            guard let setting = settings.first(where: { $0.flag == name }) else {
                throw Invalid(description: "unknown option \(argument) (see --help)")
            }
            guard let value = inline ?? (setting.isSwitch ? "1" : rest.popFirst()) else {
                throw Invalid(description: "\(name) needs a value")
            }
            try setting.apply(&options, value)
        }
        options.server.accessLog = options.accessLogEnabled ? options.logger : nil
        options.service.logger = options.logger
        try options.checkAccess()
        if !options.showHelp { try options.checkInputRoom() }
        return options
    }

    /// Bodies may fill three quarters of `maxBufferedInputBytes` (see `HTTPServerConfiguration`); below one largest
    /// request every large body would be refused, so that is a configuration error, not a run-time surprise.
    private func checkInputRoom() throws(Invalid) {
        let largest = server.limits.maxBodyBytes + server.limits.maxHeaderBytes
        let cap = server.maxBufferedInputBytes
        guard largest > cap - cap / 4 else { return }
        let needed = (largest * 4 - 1) / 3  // the least cap whose three quarters (cap - cap / 4) hold `largest`
        throw Invalid(description: "--max-buffered-input-bytes (\(cap)) must be at least \(needed) so that a body "
            + "of --max-body-bytes (\(server.limits.maxBodyBytes)) fits in the three quarters bodies may use")
    }

    /// Environment variables read without a flag, with what they mean (listed by `--help`).
    static let environmentOnly: [(String, String)] = [
        ("CHART_FONTS", "regular:bold:fallback... font files (path#N: face N of a collection; default: Debian's "
            + "DejaVu Sans, Noto Sans Arabic/Hebrew/Devanagari/Bengali/Tamil/Thai, WenQuanYi Micro Hei, Droid Sans "
            + "Fallback, Symbola)"),
        ("CHART_POLLER", "poll: use poll(2) even where epoll exists (with --poller auto)"),
        ("TZDIR", "tzdata directory when ZONEINFO is not set (the C library's variable)"),
    ]

    /// Every environment variable chartd reads: each setting's and `environmentOnly`.
    public static var environmentVariables: [String] {
        settings.map(\.variable) + environmentOnly.map(\.0)
    }

    /// The `--help` text: every flag with its variable, and the variables without a flag.
    public static var help: String {
        var out = "usage: chartd [options]\n\nServes charts over HTTP: POST /v1/chart, GET /v1/chart?spec=|?c=,"
        out += " GET|POST /chart (Chart.js configs, QuickChart's parameters),\n/healthz, /readyz, /metrics, "
            + "/v1/info.\n"
        out += "Each option can also be set by the environment variable shown.\n\n"
        for setting in settings {
            let left = "  \(setting.flag)\(setting.isSwitch ? "" : " <v>"), \(setting.variable)"
            out += left.padded(to: 44) + setting.help + "\n"
        }
        out += "  --help".padded(to: 44) + "show this text\n"
        out += "  --version".padded(to: 44) + "print the version, commit and build date\n"
        out += "\nRead from the environment only:\n"
        for (variable, help) in environmentOnly {
            out += "  \(variable)".padded(to: 44) + help + "\n"
        }
        out += "\nSIGTERM or SIGINT: stop accepting, finish in-flight requests, exit 0\n"
        out += "(3 when the drain timeout cut some off).\n"
        out += "SIGHUP: reload --keys-file (a bad file keeps the keys in use).\n"
        return out
    }

    private static func int(_ text: String, _ name: String, _ range: ClosedRange<Int>) throws(Invalid) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw Invalid(description: "\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), "
                + "not \"\(text)\"")
        }
        return value
    }

    private static func bool(_ text: String, _ name: String) throws(Invalid) -> Bool {
        switch text.lowercased() {
        case "1", "true", "on", "yes": return true
        case "0", "false", "off", "no": return false
        default: throw Invalid(description: "\(name) must be 1 or 0 (true/false, on/off), not \"\(text)\"")
        }
    }

    private static func poller(_ text: String) throws(Invalid) -> PollerChoice {
        guard let choice = PollerChoice(rawValue: text.lowercased()) else {
            throw Invalid(description: "--poller/POLLER must be auto, epoll or poll, not \"\(text)\"")
        }
        guard choice != .epoll || PollerChoice.epollAvailable else {
            throw Invalid(description: "--poller/POLLER epoll: this system has no epoll (use auto or poll)")
        }
        return choice
    }

    private static func seconds(_ text: String, _ name: String) throws(Invalid) -> Duration {
        guard let value = Double(text), value > 0, value <= 86400 else {
            throw Invalid(description: "\(name) must be a number of seconds in (0, 86400], not \"\(text)\"")
        }
        return .milliseconds(Int((value * 1000).rounded()))
    }
}

extension Array where Element == String {
    fileprivate var pair: (String, String?) { (first ?? "", count > 1 ? self[1] : nil) }
}

extension String {
    fileprivate func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
