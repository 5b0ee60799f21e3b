public import ChartSpec

/// A 128-bit content hash identifying one rendered image: spec, format choice and renderer version.
/// Stable across processes and machines (unlike `Hasher`, which is seeded per process), so it can be an ETag.
public struct ChartCacheKey: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    /// The strong entity tag, quoted (RFC 9110 §8.8.3).
    public var etag: String { "\"\(description)\"" }

    public var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }

    /// The one place that decides what identifies a chart: the spec, the resolved output format and the
    /// renderer version.
    ///
    /// The spec is identified by its canonical JSON, so whitespace, key order, number and color spelling and
    /// spelled-out defaults do not matter; `format` is the resolved one (after `?format=`, spec and `Accept`).
    public static func forChart(spec: ChartSpec, format: OutputFormat, rendererVersion: String) -> ChartCacheKey {
        var hasher = FNV1a128()
        hasher.combine(Array(rendererVersion.utf8))
        hasher.combine([0])
        hasher.combine(Array(format.rawValue.utf8))
        hasher.combine([0])
        hasher.combine(spec.canonicalJSON)
        let value = hasher.value
        return ChartCacheKey(high: UInt64(truncatingIfNeeded: value >> 64), low: UInt64(truncatingIfNeeded: value))
    }
}

extension ChartCacheKey {
    /// Identifies a request before its spec is parsed: the raw body, `?format=`, the format `Accept` prefers and
    /// the renderer version. Only a memo key (see `ResolutionMemo`), never an ETag.
    static func forRequest(json: [UInt8], override: OutputFormat?, accepted: OutputFormat,
                           rendererVersion: String) -> ChartCacheKey {
        var hasher = FNV1a128()
        let prefix = "request\u{0}\(rendererVersion)\u{0}\(override?.rawValue ?? "-")\u{0}\(accepted.rawValue)\u{0}"
        hasher.combine(Array(prefix.utf8))
        hasher.combine(json)
        let value = hasher.value
        return ChartCacheKey(high: UInt64(truncatingIfNeeded: value >> 64), low: UInt64(truncatingIfNeeded: value))
    }
}

/// FNV-1a with the 128-bit parameters (Fowler, Noll, Vo; draft-eastlake-fnv): xor each byte, multiply by the prime.
struct FNV1a128 {
    private static let prime: UInt128 = (1 << 88) | 0x13B
    private(set) var value: UInt128 = 0x6C62_272E_07BB_0142_62B8_2175_6295_C58D

    mutating func combine(_ bytes: [UInt8]) {
        var v = value
        for byte in bytes {
            v ^= UInt128(byte)
            v &*= Self.prime
        }
        value = v
    }
}
