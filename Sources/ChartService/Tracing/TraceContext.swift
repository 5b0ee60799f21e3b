public import HTTPServer
import Synchronization

/// W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` a request brings, and the one each
/// response carries back.
///
/// `traceparent: 00-<32 hex trace id>-<16 hex parent span id>-<2 hex flags>`. Only version `00` is accepted, exactly
/// as the specification writes it: lower-case hex, neither id all zeros, one header. Anything else is ignored (never
/// echoed): the request gets a new trace id, as one without the header does. Every response carries
/// `traceparent` with the request's trace id and a span id of chartd's own, and the log lines of the request carry
/// the trace id.
public struct TraceContext: Sendable, Equatable {
    /// 32 lower-case hex digits, not all zeros.
    public var traceID: String
    /// 16 lower-case hex digits, not all zeros: this server's span.
    public var spanID: String
    /// The trace flags (bit 0: sampled), passed on from the caller; 00 for a trace started here.
    public var flags: String

    /// The context for a request: the caller's trace id and flags when `headers` hold a valid `traceparent`, else a
    /// new trace id (also when there are no headers: an unreadable request); always a new span id.
    public init(headers: HTTPHeaders?, ids: TraceIDSource = .shared) {
        if let headers, let parent = Self.parse(headers.values(for: "traceparent")) {
            traceID = parent.traceID
            flags = parent.flags
        } else {
            traceID = ids.traceID()
            flags = "00"
        }
        spanID = ids.spanID()
    }

    /// The response header's value: `00-<trace id>-<span id>-<flags>`.
    public var traceparent: String { "00-\(traceID)-\(spanID)-\(flags)" }

    /// The trace id and flags of a valid version-00 `traceparent` (one header value), or nil.
    public static func parse(_ values: [String]) -> (traceID: String, parentID: String, flags: String)? {
        guard values.count == 1, let value = values.first else { return nil }
        let bytes = Array(value.utf8)
        guard bytes.count == 55, bytes[2] == UInt8(ascii: "-"), bytes[35] == UInt8(ascii: "-"),
            bytes[52] == UInt8(ascii: "-"), bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "0")
        else { return nil }
        let trace = bytes[3..<35], parent = bytes[36..<52], flags = bytes[53..<55]
        guard isLowerHex(trace), isLowerHex(parent), isLowerHex(flags),
            trace.contains(where: { $0 != UInt8(ascii: "0") }), parent.contains(where: { $0 != UInt8(ascii: "0") })
        else { return nil }
        return (String(decoding: trace, as: UTF8.self), String(decoding: parent, as: UTF8.self),
                String(decoding: flags, as: UTF8.self))
    }

    private static func isLowerHex(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// Where new trace and span ids come from: a SplitMix64 stream seeded from the system's random source, behind a
/// `Mutex` (ids need to be unique, not secret, and a system call per response would cost more than the rest).
public final class TraceIDSource: Sendable {
    private let state: Mutex<UInt64>

    /// The process's source.
    public static let shared = TraceIDSource()

    public init(seed: UInt64? = nil) {
        var rng = SystemRandomNumberGenerator()
        state = Mutex(seed ?? rng.next())
    }

    /// 32 lower-case hex digits, never all zeros.
    public func traceID() -> String { Self.hex(next() | 1 << 63) + Self.hex(next()) }

    /// 16 lower-case hex digits, never all zeros.
    public func spanID() -> String { Self.hex(next() | 1) }

    private func next() -> UInt64 {
        state.withLock { state in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
