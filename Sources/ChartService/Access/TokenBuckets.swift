import Synchronization

/// A token-bucket limit: `rate` tokens a second refill a bucket of at most `burst` tokens.
public struct RateLimit: Sendable, Equatable {
    public var rate: Double
    public var burst: Double

    public init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = max(1, burst)
    }

    /// Seconds for an empty bucket to fill, whole and at least 1 (the window of `RateLimit-Policy`).
    var window: Int { Self.wholeSeconds(burst / rate) }

    static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return Int(Int32.max) }
        return max(1, Int(min(seconds, Double(Int32.max)).rounded(.up)))
    }
}

/// Token buckets by name (a key id or a client address), bounded in number.
///
/// A bucket that has refilled to its burst is the same as no bucket, so buckets are created full on first use and
/// full ones are the first to go when the table is at capacity; if that frees too little, the eighth that has been
/// idle longest goes too (a client evicted while not full gets a full bucket back: the price of bounded memory).
final class TokenBuckets: Sendable {
    /// The outcome of charging a bucket.
    enum Decision: Equatable {
        /// Charged; `remaining` tokens are left.
        case allowed(remaining: Double)
        /// Not charged: the bucket holds `remaining` tokens, and `retryAfter` seconds (whole, ≥ 1) will refill it
        /// enough for this request.
        case limited(remaining: Double, retryAfter: Int)
    }

    private struct Bucket {
        var tokens: Double
        /// Monotonic seconds when `tokens` was last brought up to date.
        var updated: Double
        /// When the bucket will be full if nothing more is taken (for eviction).
        var fullAt: Double
    }

    /// Invariant: `buckets.count <= capacity`; each bucket's tokens lie in 0...burst of the limit it was last
    /// charged under.
    private let buckets = Mutex<[String: Bucket]>([:])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(8, capacity)
    }

    var count: Int { buckets.withLock { $0.count } }

    /// The names of the buckets held (for tests).
    var names: Set<String> { buckets.withLock { Set($0.keys) } }

    /// Takes `cost` tokens (at most the whole burst, so a request larger than the bucket can still pass once it is
    /// full) from `name`'s bucket at time `now`, or says how long to wait.
    func take(_ cost: Double, from name: String, limit: RateLimit, now: Double) -> Decision {
        let cost = min(max(cost, 0), limit.burst)
        return buckets.withLock { buckets in
            var bucket = buckets[name] ?? Bucket(tokens: limit.burst, updated: now, fullAt: now)
            if buckets[name] == nil && buckets.count >= capacity { Self.evict(&buckets, now: now, capacity: capacity) }
            Self.refill(&bucket, limit: limit, now: now)
            let decision: Decision
            if bucket.tokens >= cost {
                bucket.tokens -= cost
                decision = .allowed(remaining: bucket.tokens)
            } else {
                decision = .limited(remaining: bucket.tokens,
                                    retryAfter: RateLimit.wholeSeconds((cost - bucket.tokens) / limit.rate))
            }
            bucket.fullAt = now + (limit.burst - bucket.tokens) / limit.rate
            buckets[name] = bucket
            return decision
        }
    }

    /// The tokens `name` holds at `now`, without charging (a bucket never seen is full).
    func remaining(_ name: String, limit: RateLimit, now: Double) -> Double {
        buckets.withLock { buckets in
            guard var bucket = buckets[name] else { return limit.burst }
            Self.refill(&bucket, limit: limit, now: now)
            return bucket.tokens
        }
    }

    private static func refill(_ bucket: inout Bucket, limit: RateLimit, now: Double) {
        let elapsed = max(0, now - bucket.updated)
        bucket.tokens = min(limit.burst, bucket.tokens + elapsed * limit.rate)
        bucket.updated = max(bucket.updated, now)
    }

    /// Makes room for at least one bucket: drops the full ones, then, if fewer than an eighth went, the eighth idle
    /// longest. Amortized O(log n) per new bucket, since a sweep runs at most once per capacity/8 insertions.
    private static func evict(_ buckets: inout [String: Bucket], now: Double, capacity: Int) {
        buckets = buckets.filter { $0.value.fullAt > now }
        let target = capacity - capacity / 8
        guard buckets.count > target else { return }
        let idle = buckets.sorted { $0.value.updated < $1.value.updated }.prefix(buckets.count - target)
        for (name, _) in idle { buckets[name] = nil }
    }
}
