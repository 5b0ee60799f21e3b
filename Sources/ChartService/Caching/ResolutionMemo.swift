import ChartSpec
import Synchronization

/// What a request body resolved to: the chart's cache key and format. Computing it means parsing and
/// canonicalizing the spec; remembering it lets a repeated request (the common `<img src>` case) go straight
/// to the image cache.
struct ChartResolution: Sendable, Equatable {
    var key: ChartCacheKey
    var format: OutputFormat
    /// True when `Accept` chose the format (neither `?format=` nor the spec did), so responses carry `Vary: Accept`.
    var variesWithAccept: Bool
    /// True when the answer is the image as a data URI (`DataURI`): its own cache entry and ETag.
    var dataURI = false
    /// The `X-Chart-Ignored` value (at most 1 KiB), remembered so an answer from the memo still sends it.
    var ignored: String? = nil
}

/// A bounded map from request keys (hash of the route and the raw request: body or query, `?format=`, negotiated
/// format, renderer version) to resolutions. Two generations approximate LRU in O(1): lookups promote from the old generation; when the
/// current one fills, it becomes the old one and the previous old one is dropped. At most `2 × capacity` entries, each at most
/// about 1.2 KiB (the ignored-paths header is capped at 1 KiB).
final class ResolutionMemo: Sendable {
    /// Invariant: `current.count <= capacity` and `previous.count <= capacity`.
    private struct Generations {
        var current: [ChartCacheKey: ChartResolution] = [:]
        var previous: [ChartCacheKey: ChartResolution] = [:]
    }

    private let capacity: Int
    private let generations = Mutex(Generations())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    func get(_ key: ChartCacheKey) -> ChartResolution? {
        generations.withLock { g in
            if let found = g.current[key] { return found }
            guard let found = g.previous[key] else { return nil }
            Self.insert(key, found, into: &g, capacity: capacity)
            return found
        }
    }

    func put(_ key: ChartCacheKey, _ resolution: ChartResolution) {
        generations.withLock { Self.insert(key, resolution, into: &$0, capacity: capacity) }
    }

    private static func insert(_ key: ChartCacheKey, _ value: ChartResolution, into g: inout Generations,
                               capacity: Int) {
        if g.current.count >= capacity {
            g.previous = g.current
            g.current = [:]
        }
        g.current[key] = value
    }
}
