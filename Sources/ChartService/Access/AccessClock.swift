#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The two clocks access control reads, injected so tests can move time without sleeping.
public protocol AccessClock: Sendable {
    /// Seconds on a clock that never jumps (token buckets refill by it).
    func monotonicSeconds() -> Double
    /// Whole seconds since the Unix epoch (a signed URL's `exp` is compared with it).
    func unixSeconds() -> Int64
}

/// The system's clocks: `CLOCK_MONOTONIC` and `CLOCK_REALTIME`.
public struct SystemAccessClock: AccessClock {
    public init() {}

    public func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    public func unixSeconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec)
    }
}
