import Synchronization

/// Counters behind `GET /metrics`, rendered in the Prometheus text exposition format (version 0.0.4).
public final class ServiceMetrics: Sendable {
    struct RequestKey: Hashable {
        var route: String
        var status: Int
        var format: String
    }

    /// Upper bounds, in seconds, of the render-time histogram buckets.
    static let renderBuckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    /// Invariants: `renderCounts[i]` counts renders no slower than `renderBuckets[i]` (not cumulative; the last
    /// slot is +Inf); `renderTotal` is their sum.
    struct State {
        var requests: [RequestKey: Int] = [:]
        var renderCounts = [Int](repeating: 0, count: ServiceMetrics.renderBuckets.count + 1)
        var renderTotal = 0
        var renderSeconds = 0.0
        var bytesOut = 0
        /// Access control (see `AccessControl`): keyed by `AuthFailure` raw values, and by configured key ids or
        /// `-`, so each label set is bounded.
        var authFailures: [String: Int] = [:]
        var requestsByKey: [String: Int] = [:]
        var rateLimited: [String: Int] = [:]
    }

    private let state = Mutex(State())
    /// Requests currently inside the service's handler.
    let inFlight = Atomic<Int>(0)

    public init() {}

    /// Counts one finished request. `route` must come from a fixed set, so label cardinality stays bounded.
    func recordRequest(route: String, status: Int, format: String, bytes: Int) {
        state.withLock { state in
            state.requests[RequestKey(route: route, status: status, format: format), default: 0] += 1
            state.bytesOut += bytes
        }
    }

    func observeRender(seconds: Double) {
        let bucket = Self.renderBuckets.firstIndex { seconds <= $0 } ?? Self.renderBuckets.count
        state.withLock { state in
            state.renderCounts[bucket] += 1
            state.renderTotal += 1
            state.renderSeconds += seconds
        }
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
        out += "# HELP chartd_render_duration_seconds Time to render one chart (cache misses only).\n"
        out += "# TYPE chartd_render_duration_seconds histogram\n"
        var cumulative = 0
        for (index, bound) in Self.renderBuckets.enumerated() {
            cumulative += snapshot.renderCounts[index]
            out += "chartd_render_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        out += "chartd_render_duration_seconds_bucket{le=\"+Inf\"} \(snapshot.renderTotal)\n"
        out += "chartd_render_duration_seconds_sum \(snapshot.renderSeconds)\n"
        out += "chartd_render_duration_seconds_count \(snapshot.renderTotal)\n"
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
        return out
    }
}
