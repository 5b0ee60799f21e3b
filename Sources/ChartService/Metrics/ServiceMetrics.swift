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

    func recordStop(_ reason: RenderStop) {
        state.withLock { $0.stops[reason, default: 0] += 1 }
    }

    /// Renders stopped for `reason` so far.
    func stopCount(_ reason: RenderStop) -> Int {
        state.withLock { $0.stops[reason] ?? 0 }
    }

    /// Requests counted for one label set (for tests and dashboards).
    public func requestCount(route: String, status: Int, format: String = "") -> Int {
        state.withLock { $0.requests[RequestKey(route: route, status: status, format: format)] ?? 0 }
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
        return out
    }
}
