public import ChartRender
import Synchronization

/// A least-recently-used cache of rendered images, bounded by the total bytes it holds.
public final class ChartCache: Sendable {
    /// Counters for `/metrics`.
    public struct Statistics: Sendable, Equatable {
        public var hits = 0
        public var misses = 0
        public var evictions = 0
        public var entries = 0
        public var bytes = 0
    }

    private struct Node {
        var key: ChartCacheKey
        var chart: RenderedChart
        var previous: Int?
        var next: Int?
    }

    /// Invariants: `index[k] == i` iff `nodes[i]` is live with key `k`; live nodes form one list from `newest`
    /// (most recently used) to `oldest` through `next`; `bytes` is the sum of their image sizes, at most `capacity`.
    private struct State {
        var index: [ChartCacheKey: Int] = [:]
        var nodes: [Node] = []
        var free: [Int] = []
        var newest: Int?
        var oldest: Int?
        var statistics = Statistics()
    }

    public let capacity: Int
    private let state = Mutex(State())

    /// `capacity` in bytes of image data; 0 disables caching.
    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The cached image for `key`, marking it most recently used; counts a hit or (if `countingMiss`) a miss.
    public func get(_ key: ChartCacheKey, countingMiss: Bool = true) -> RenderedChart? {
        state.withLock { state in
            guard let i = state.index[key] else {
                if countingMiss { state.statistics.misses += 1 }
                return nil
            }
            state.statistics.hits += 1
            Self.unlink(i, &state)
            Self.pushFront(i, &state)
            return state.nodes[i].chart
        }
    }

    /// Stores an image, evicting the least recently used ones until it fits. Images larger than a quarter of
    /// the capacity are not cached, so one huge chart cannot flush everything else.
    public func put(_ key: ChartCacheKey, _ chart: RenderedChart) {
        let size = chart.bytes.count
        guard size <= capacity / 4 else { return }
        state.withLock { state in
            if let existing = state.index[key] {
                Self.remove(existing, &state)
            }
            while state.statistics.bytes + size > capacity, let oldest = state.oldest {
                Self.remove(oldest, &state)
                state.statistics.evictions += 1
            }
            let node = Node(key: key, chart: chart, previous: nil, next: nil)
            let i: Int
            if let reused = state.free.popLast() {
                state.nodes[reused] = node
                i = reused
            } else {
                state.nodes.append(node)
                i = state.nodes.count - 1
            }
            state.index[key] = i
            Self.pushFront(i, &state)
            state.statistics.bytes += size
            state.statistics.entries += 1
        }
    }

    private static func remove(_ i: Int, _ state: inout State) {
        unlink(i, &state)
        state.index[state.nodes[i].key] = nil
        state.statistics.bytes -= state.nodes[i].chart.bytes.count
        state.statistics.entries -= 1
        state.nodes[i].chart = RenderedChart(bytes: [], format: state.nodes[i].chart.format)
        state.free.append(i)
    }

    private static func unlink(_ i: Int, _ state: inout State) {
        let previous = state.nodes[i].previous, next = state.nodes[i].next
        if let previous { state.nodes[previous].next = next } else { state.newest = next }
        if let next { state.nodes[next].previous = previous } else { state.oldest = previous }
        state.nodes[i].previous = nil
        state.nodes[i].next = nil
    }

    private static func pushFront(_ i: Int, _ state: inout State) {
        state.nodes[i].next = state.newest
        if let newest = state.newest { state.nodes[newest].previous = i }
        state.newest = i
        if state.oldest == nil { state.oldest = i }
    }
}
