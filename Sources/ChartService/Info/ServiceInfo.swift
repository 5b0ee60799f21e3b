import ChartSpec
public import ChartText
public import HTTPServer

/// What `GET /v1/info` says: which build runs, what it can draw, and the limits in force.
///
/// ```json
/// {"name":"chartd","version":"0.16.0","commit":"abc123def456","buildDate":"2026-12-02T10:00:00Z",
///  "formats":["svg","png",…],"kinds":["line","area",…],
///  "fonts":{"files":[{"path":"…","family":"…"}],"families":["DejaVu Sans",…],"scripts":["Latin",…],
///           "degraded":null},
///  "limits":{"maxBodyBytes":2097152,…,"rateLimit":null},"poller":"epoll"}
/// ```
public struct ServiceInfo: Sendable, Equatable {
    /// A token bucket: tokens a second and its size.
    public struct RateLimit: Sendable, Equatable {
        public var rate: Double
        public var burst: Double
    }

    /// The bounds a request meets on this server, from its configuration.
    public struct Limits: Sendable, Equatable {
        public var maxBodyBytes: Int
        public var maxHeaderBytes: Int
        public var maxOutputBytes: Int
        /// Device pixels of one raster image.
        public var maxPixels: Int
        public var maxSeries: Int
        /// Points of one series.
        public var maxPoints: Int
        /// Points of all series together.
        public var maxTotalPoints: Int
        /// Nil when renders are not timed out (`--render-timeout off`): the document leaves the member out.
        public var renderTimeoutSeconds: Double?
        /// Tokens a second and bucket size per client (or key); nil without a limit.
        public var rateLimit: RateLimit?
        /// `off` or `keys` (`--auth`).
        public var auth: String
    }

    public var name = "chartd"
    public var version = BuildInfo.version
    public var commit = BuildInfo.commit
    public var buildDate = BuildInfo.buildDate
    /// Every output format's name (`OutputFormat`).
    public var formats = OutputFormat.allCases.map(\.rawValue)
    /// Every chart kind's name (`ChartType`).
    public var kinds = ChartType.allCases.map(\.rawValue)
    public var fonts: FontReport
    public var limits: Limits
    /// The event loop's readiness poller (`epoll`, `poll`), when the server says; left out otherwise.
    public var poller: String?

    /// The information for a server run with `server` and `service`, drawing text as `fonts` says.
    public init(server: HTTPServerConfiguration, service: ChartServiceConfiguration, fonts: FontReport,
                poller: String? = nil) {
        self.fonts = fonts
        self.poller = poller
        let access = service.access
        let rateLimit = access.rate > 0
            ? RateLimit(rate: access.rate, burst: access.burst ?? max(1, access.rate)) : nil
        limits = Limits(
            maxBodyBytes: server.limits.maxBodyBytes, maxHeaderBytes: server.limits.maxHeaderBytes,
            maxOutputBytes: service.budget.maxOutputBytes, maxPixels: ChartSpec.maxRasterPixels,
            maxSeries: ChartSpec.Limits.seriesCount.upperBound, maxPoints: ChartSpec.Limits.maxPointsPerSeries,
            maxTotalPoints: ChartSpec.Limits.maxTotalPoints,
            renderTimeoutSeconds: server.processingTimeout.map { Double($0.components.seconds)
                + Double($0.components.attoseconds) / 1e18 },
            rateLimit: rateLimit, auth: access.mode.rawValue)
    }

    /// The document `GET /v1/info` answers.
    public var json: String {
        func strings(_ values: [String]) -> String { "[" + values.map(jsonStringLiteral).joined(separator: ",") + "]" }
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        var out = "{\"name\":\(jsonStringLiteral(name)),\"version\":\(jsonStringLiteral(version))"
        out += ",\"commit\":\(jsonStringLiteral(commit)),\"buildDate\":\(jsonStringLiteral(buildDate))"
        out += ",\"formats\":\(strings(formats)),\"kinds\":\(strings(kinds))"
        out += ",\"fonts\":{\"files\":["
        out += fonts.files.map { "{\"path\":\(jsonStringLiteral($0.path)),\"family\":\(jsonStringLiteral($0.family))}" }
            .joined(separator: ",")
        out += "],\"families\":\(strings(fonts.families)),\"scripts\":\(strings(fonts.scripts)),\"degraded\":"
        out += fonts.degraded.map(jsonStringLiteral) ?? "null"
        out += "},\"limits\":{\"maxBodyBytes\":\(limits.maxBodyBytes),\"maxHeaderBytes\":\(limits.maxHeaderBytes)"
        out += ",\"maxOutputBytes\":\(limits.maxOutputBytes),\"maxPixels\":\(limits.maxPixels)"
        out += ",\"maxSeries\":\(limits.maxSeries),\"maxPoints\":\(limits.maxPoints)"
        out += ",\"maxTotalPoints\":\(limits.maxTotalPoints)"
        if let timeout = limits.renderTimeoutSeconds { out += ",\"renderTimeoutSeconds\":\(number(timeout))" }
        out += ",\"rateLimit\":"
        out += limits.rateLimit.map { "{\"rate\":\(number($0.rate)),\"burst\":\(number($0.burst))}" } ?? "null"
        out += ",\"auth\":\(jsonStringLiteral(limits.auth))}"
        if let poller { out += ",\"poller\":" + jsonStringLiteral(poller) }
        return out + "}"
    }
}
