public import HTTPServer
import Synchronization

/// Counters behind `GET /metrics`, rendered in the Prometheus text exposition format (version 0.0.4).
public final class ServiceMetrics: Sendable {
    struct RequestKey: Hashable {
        var route: String
        var status: Int
        var format: String
    }

    /// A request-duration series: the route (a fixed set) and the status class (`2xx`…).
    struct DurationKey: Hashable, Comparable {
        var route: String
        var statusClass: String

        static func < (a: DurationKey, b: DurationKey) -> Bool { (a.route, a.statusClass) < (b.route, b.statusClass) }
    }

    /// Upper bounds, in seconds, of the render-time histogram buckets.
    static let renderBuckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]
    /// Upper bounds, in seconds, of the request-duration buckets: from a cache hit to a slow client's upload.
    static let requestBuckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
                                           10]

    struct State {
        var requests: [RequestKey: Int] = [:]
        /// By `DurationKey`: from the request's first byte to the response's last.
        var requestDurations: [DurationKey: Histogram] = [:]
        /// By output format (`OutputFormat` raw values): cache misses only.
        var renderDurations: [String: Histogram] = [:]
        var rejections: [RejectionReason: Int] = [:]
        var bytesOut = 0
        /// Access control (see `AccessControl`): keyed by `AuthFailure` raw values, and by configured key ids or
        /// `-`, so each label set is bounded.
        var authFailures: [String: Int] = [:]
        var requestsByKey: [String: Int] = [:]
        var rateLimited: [String: Int] = [:]
        /// Renders that did not finish, by reason (a fixed set: `RenderStop`).
        var stops: [RenderStop: Int] = [:]
    }

    /// Why a render did not produce an image.
    enum RenderStop: String, CaseIterable {
        /// Over the render budget: refused with 422 before the backend ran.
        case tooComplex = "too_complex"
        /// Past the render deadline: stopped, 503.
        case deadline
        /// The client left: stopped, nothing sent.
        case clientGone = "client_gone"
    }

    private let state = Mutex(State())
    /// Requests currently inside the service's handler.
    let inFlight = Atomic<Int>(0)
    /// Where the HTTP server's own counters come from, once the server runs (`reportServerStatistics`).
    private let serverStatistics = Mutex<(@Sendable () -> HTTPServerStatistics)?>(nil)

    /// Adds the server's counters (cancellations, per-client refusals, resets, pending output, buffered input) to
    /// the exposition; call once the server is started, e.g. `metrics.reportServerStatistics { server.statistics }`.
    public func reportServerStatistics(from source: @escaping @Sendable () -> HTTPServerStatistics) {
        serverStatistics.withLock { $0 = source }
    }

    public init() {}

    /// Counts one finished request and its duration. `route` must come from a fixed set and `format` be an
    /// `OutputFormat` raw value or empty, so label cardinality stays bounded.
    func recordRequest(route: String, status: Int, format: String, bytes: Int, seconds: Double = 0,
                       problemType: String? = nil) {
        let durationKey = DurationKey(route: route, statusClass: Self.statusClass(status))
        let rejection = RejectionReason(status: status, problemType: problemType, route: route)
        state.withLock { state in
            state.requests[RequestKey(route: route, status: status, format: format), default: 0] += 1
            state.requestDurations[durationKey, default: Histogram(bounds: Self.requestBuckets)].observe(seconds)
            if let rejection { state.rejections[rejection, default: 0] += 1 }
            state.bytesOut += bytes
        }
    }

    /// `2xx` for 200…299 and so on; `other` outside 100…599.
    static func statusClass(_ status: Int) -> String {
        (100...599).contains(status) ? "\(status / 100)xx" : "other"
    }

    /// One render's duration; `format` is an `OutputFormat` raw value.
    func observeRender(seconds: Double, format: String) {
        state.withLock { state in
            state.renderDurations[format, default: Histogram(bounds: Self.renderBuckets)].observe(seconds)
        }
    }

    /// Requests refused for `reason` so far.
    func rejectionCount(_ reason: RejectionReason) -> Int {
        state.withLock { $0.rejections[reason] ?? 0 }
    }

    func recordStop(_ reason: RenderStop) {
        state.withLock { $0.stops[reason, default: 0] += 1 }
    }

    /// Renders stopped for `reason` so far.
    func stopCount(_ reason: RenderStop) -> Int {
        state.withLock { $0.stops[reason] ?? 0 }
    }

    /// Counts a render request refused by access control; `reason` is an `AuthFailure` raw value.
    func recordAuthFailure(reason: String) {
        state.withLock { $0.authFailures[reason, default: 0] += 1 }
    }

    /// Counts a render request answered for `key` (a configured key id, or `-` without one).
    func recordRequest(key: String) {
        state.withLock { $0.requestsByKey[key, default: 0] += 1 }
    }

    /// Counts a render request refused for being over `key`'s rate limit (`-` without a key).
    func recordRateLimited(key: String) {
        state.withLock { $0.rateLimited[key, default: 0] += 1 }
    }

    /// The access-control counters, for tests.
    public func accessCounts()
        -> (authFailures: [String: Int], requestsByKey: [String: Int], rateLimited: [String: Int])
    {
        state.withLock { ($0.authFailures, $0.requestsByKey, $0.rateLimited) }
    }

    /// Requests counted for one label set (for tests and dashboards).
    public func requestCount(route: String, status: Int, format: String = "") -> Int {
        state.withLock { $0.requests[RequestKey(route: route, status: status, format: format)] ?? 0 }
    }

    /// One counter family with one label, its series sorted by label value. Label values come from fixed sets or
    /// key ids (`[A-Za-z0-9._-]`), so they need no escaping.
    private static func counter(_ name: String, _ help: String, label: String, _ counts: [String: Int]) -> String {
        var out = "# HELP \(name) \(help)\n# TYPE \(name) counter\n"
        for (value, count) in counts.sorted(by: { $0.key < $1.key }) {
            out += "\(name){\(label)=\"\(value)\"} \(count)\n"
        }
        return out
    }

    /// The exposition text, including the cache's statistics.
    public func prometheusText(cache: ChartCache.Statistics) -> String {
        let snapshot = state.withLock { $0 }
        var out = "# HELP chartd_http_requests_total Requests answered, by route, status and image format.\n"
        out += "# TYPE chartd_http_requests_total counter\n"
        for (key, count) in snapshot.requests.sorted(by: { ($0.key.route, $0.key.status, $0.key.format)
            < ($1.key.route, $1.key.status, $1.key.format) })
        {
            out += "chartd_http_requests_total{route=\"\(key.route)\",status=\"\(key.status)\""
                + ",format=\"\(key.format)\"} \(count)\n"
        }
        out += "# HELP chartd_http_request_duration_seconds Time from a request's first byte to its response's "
            + "last, by route and status class.\n# TYPE chartd_http_request_duration_seconds histogram\n"
        for (key, histogram) in snapshot.requestDurations.sorted(by: { $0.key < $1.key }) {
            out += histogram.lines("chartd_http_request_duration_seconds",
                                   labels: "route=\"\(key.route)\",status_class=\"\(key.statusClass)\"")
        }
        out += "# HELP chartd_http_rejections_total Requests refused, by reason: invalid, too_large, too_complex, "
            + "client_timeout, render_timeout, overload, auth, rate_limit.\n"
            + "# TYPE chartd_http_rejections_total counter\n"
        for reason in RejectionReason.allCases {
            out += "chartd_http_rejections_total{reason=\"\(reason.rawValue)\"} \(snapshot.rejections[reason] ?? 0)\n"
        }
        out += "# HELP chartd_render_duration_seconds Time to render one chart, by format (cache misses only).\n"
        out += "# TYPE chartd_render_duration_seconds histogram\n"
        for (format, histogram) in snapshot.renderDurations.sorted(by: { $0.key < $1.key }) {
            out += histogram.lines("chartd_render_duration_seconds", labels: "format=\"\(format)\"")
        }
        out += "# HELP chartd_render_stops_total Renders refused or stopped: over the budget (422), past the "
            + "deadline (503), client gone.\n# TYPE chartd_render_stops_total counter\n"
        for reason in RenderStop.allCases {
            out += "chartd_render_stops_total{reason=\"\(reason.rawValue)\"} \(snapshot.stops[reason] ?? 0)\n"
        }
        out += "# HELP chartd_requests_in_flight Requests being handled right now.\n"
        out += "# TYPE chartd_requests_in_flight gauge\n"
        out += "chartd_requests_in_flight \(inFlight.load(ordering: .relaxed))\n"
        out += "# HELP chartd_response_bytes_total Response body bytes sent.\n"
        out += "# TYPE chartd_response_bytes_total counter\n"
        out += "chartd_response_bytes_total \(snapshot.bytesOut)\n"
        out += "# HELP chartd_cache_hits_total Rendered-image cache hits.\n# TYPE chartd_cache_hits_total counter\n"
        out += "chartd_cache_hits_total \(cache.hits)\n"
        out += "# HELP chartd_cache_misses_total Rendered-image cache misses.\n"
        out += "# TYPE chartd_cache_misses_total counter\nchartd_cache_misses_total \(cache.misses)\n"
        out += "# HELP chartd_cache_evictions_total Images evicted to stay within the cache size.\n"
        out += "# TYPE chartd_cache_evictions_total counter\nchartd_cache_evictions_total \(cache.evictions)\n"
        out += "# HELP chartd_cache_bytes Image bytes held by the cache.\n# TYPE chartd_cache_bytes gauge\n"
        out += "chartd_cache_bytes \(cache.bytes)\n"
        out += "# HELP chartd_cache_entries Images held by the cache.\n# TYPE chartd_cache_entries gauge\n"
        out += "chartd_cache_entries \(cache.entries)\n"
        out += Self.counter("chartd_auth_failures_total", "Render requests refused by access control, by reason.",
                            label: "reason", snapshot.authFailures)
        out += Self.counter("chartd_requests_by_key_total", "Render requests answered, by API key id (- for none).",
                            label: "key", snapshot.requestsByKey)
        out += Self.counter("chartd_rate_limited_total", "Render requests refused with 429, by API key id (- for "
                            + "none).", label: "key", snapshot.rateLimited)
        if let source = serverStatistics.withLock({ $0 }) { out += Self.serverText(source()) }
        out += "# HELP chartd_build_info The running build: always 1, its version and commit as labels.\n"
        out += "# TYPE chartd_build_info gauge\nchartd_build_info{version=\"\(Self.labelValue(BuildInfo.version))\""
            + ",commit=\"\(Self.labelValue(BuildInfo.commit))\"} 1\n"
        out += ProcessMetrics.current().prometheusText
        return out
    }

    /// A label value escaped for the text format: backslash, double quote and line feed.
    static func labelValue(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// The HTTP server's counters in the exposition format.
    static func serverText(_ s: HTTPServerStatistics) -> String {
        let counters: [(String, String, Int)] = [
            ("requests_dropped_before_start_total", "Requests cancelled while queued and never started.",
             s.requestsDroppedBeforeStart),
            ("requests_cancelled_deadline_total", "Requests cancelled for running past the render timeout.",
             s.requestsCancelledByDeadline),
            ("requests_cancelled_client_gone_total", "Requests cancelled because their client reset the connection.",
             s.requestsCancelledClientGone),
            ("connections_refused_per_client_total", "Connections refused at the per-client connection cap.",
             s.connectionsRefusedPerClient),
            ("requests_refused_per_client_total", "Requests answered 503 at the per-client queue cap.",
             s.requestsRefusedPerClient),
            ("idle_connections_evicted_total", "Idle keep-alive connections closed to admit a new one.",
             s.idleConnectionsEvicted),
            ("slow_readers_reset_total", "Connections reset for reading below the minimum send rate.",
             s.slowReadersReset),
            ("writers_reset_output_cap_total", "Writing connections reset to stay under the pending-output cap.",
             s.writersResetForOutputCap),
            ("responses_refused_output_cap_total", "Responses replaced by 503 at the pending-output cap.",
             s.responsesRefusedForOutputCap),
            ("requests_refused_input_cap_total", "Requests answered 503 because their body can never fit the "
             + "buffered-input cap.", s.requestsRefusedForInputCap),
            ("memory_trims_total", "Times freed heap memory was returned to the OS.", s.memoryTrims),
        ]
        var out = ""
        for (name, help, value) in counters {
            out += "# HELP chartd_\(name) \(help)\n# TYPE chartd_\(name) counter\nchartd_\(name) \(value)\n"
        }
        out += "# HELP chartd_requests_at_workers Requests queued for or running on render workers.\n"
        out += "# TYPE chartd_requests_at_workers gauge\nchartd_requests_at_workers \(s.requestsAtWorkers)\n"
        out += "# HELP chartd_pending_output_bytes Response bytes waiting for slow clients.\n"
        out += "# TYPE chartd_pending_output_bytes gauge\nchartd_pending_output_bytes \(s.pendingOutputBytes)\n"
        out += "# HELP chartd_buffered_input_bytes Request bytes held: partial requests, pipelined input, "
            + "queued bodies.\n"
        out += "# TYPE chartd_buffered_input_bytes gauge\nchartd_buffered_input_bytes \(s.bufferedInputBytes)\n"
        out += "# HELP chartd_connections_paused_for_input Connections not read because buffered input is at its cap.\n"
        out += "# TYPE chartd_connections_paused_for_input gauge\n"
            + "chartd_connections_paused_for_input \(s.connectionsPausedForInput)\n"
        out += "# HELP chartd_queue_depth Requests waiting in the queue for a render worker.\n"
        out += "# TYPE chartd_queue_depth gauge\nchartd_queue_depth \(s.queuedRequests)\n"
        out += "# HELP chartd_open_connections Open client connections.\n"
        out += "# TYPE chartd_open_connections gauge\nchartd_open_connections \(s.openConnections)\n"
        return out
    }
}
