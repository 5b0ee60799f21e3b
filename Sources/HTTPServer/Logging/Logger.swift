#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Placeholder with the API of contract.md (part M owns this file; the integrator keeps M's version).

/// How severe a log line is.
public enum LogLevel: String, Sendable, Comparable {
    case debug, info, warning, error

    private var rank: Int {
        switch self {
        case .debug: 0
        case .info: 1
        case .warning: 2
        case .error: 3
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}

/// The shape of every line of one run: one JSON object per line, or `timestamp level message key=value…`.
public enum LogFormat: String, Sendable, CaseIterable {
    case json, text
}

/// Writes log lines, one format per run, to one sink (standard error by default). Control characters are escaped in
/// both formats, so nothing from a request can forge a line.
public struct Logger: Sendable {
    public let format: LogFormat
    public let minimumLevel: LogLevel
    private let sink: @Sendable ([UInt8]) -> Void

    public init(format: LogFormat, minimumLevel: LogLevel = .info,
                sink: @escaping @Sendable ([UInt8]) -> Void = Logger.standardError) {
        self.format = format
        self.minimumLevel = minimumLevel
        self.sink = sink
    }

    /// Writes the bytes to file descriptor 2 in one `write`.
    public static let standardError: @Sendable ([UInt8]) -> Void = { bytes in
        bytes.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
    }

    public func log(_ level: LogLevel, _ message: String, _ fields: [(String, String)] = [],
                    requestID: String? = nil, traceID: String? = nil) {
        guard level >= minimumLevel else { return }
        var all: [(String, String)] = []
        if let requestID { all.append(("request_id", requestID)) }
        if let traceID { all.append(("trace_id", traceID)) }
        all += fields
        let stamp = Self.timestamp()
        var line: String
        switch format {
        case .json:
            line = "{\"ts\":\"\(stamp)\",\"level\":\"\(level.rawValue)\",\"msg\":\(jsonStringLiteral(message))"
            for (key, value) in all { line += ",\(jsonStringLiteral(key)):\(jsonStringLiteral(value))" }
            line += "}"
        case .text:
            line = "\(stamp) \(level.rawValue) \(Self.escaped(message))"
            for (key, value) in all {
                let text = Self.escaped(value)
                line += " \(key)=" + (text.contains(" ") || text.isEmpty ? jsonStringLiteral(value) : text)
            }
        }
        sink(Array((line + "\n").utf8))
    }

    public func info(_ message: String, _ fields: [(String, String)] = []) { log(.info, message, fields) }
    public func warning(_ message: String, _ fields: [(String, String)] = []) { log(.warning, message, fields) }
    public func error(_ message: String, _ fields: [(String, String)] = []) { log(.error, message, fields) }

    /// `text` with control characters as JSON escapes (no quotes around it).
    private static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return String(jsonStringLiteral(text).dropFirst().dropLast())
    }

    /// Now as RFC 3339 UTC with milliseconds: `2026-12-02T10:00:00.123Z`.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = Int(now.tv_nsec / 1_000_000)
        let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
    }
}
