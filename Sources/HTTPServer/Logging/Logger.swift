#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// How severe a log line is; lines below a logger's `minimumLevel` are dropped.
public enum LogLevel: String, Sendable, Comparable, CaseIterable {
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

/// The shape of every line of one run: a JSON object per line, or `timestamp level message key=value…`.
public enum LogFormat: String, Sendable, CaseIterable {
    case json, text
}

/// chartd's one log stream: startup, shutdown, key reloads, access lines and errors all pass here, in one format.
///
/// Every line is one line: JSON strings are escaped (RFC 8259), and in text every control character, line separator
/// and bidirectional override is written as an escape, so nothing a client sends can start a line or hide one.
/// Values longer than `maximumValueBytes` are cut. Each line is handed to the sink in one call (one `write(2)` on
/// stderr), so lines from different threads never interleave.
///
/// ```
/// json: {"ts":"2026-12-02T10:00:00.123Z","level":"info","msg":"listening on 0.0.0.0:8080 with 2 workers"}
/// text: 2026-12-02T10:00:00.123Z info listening on 0.0.0.0:8080 with 2 workers
/// ```
public struct Logger: Sendable {
    public let format: LogFormat
    public let minimumLevel: LogLevel
    /// Receives whole lines (newline-terminated), one or more per call.
    public let sink: @Sendable ([UInt8]) -> Void
    /// The wall clock (seconds and nanoseconds since 1970), replaceable in tests.
    let clock: @Sendable () -> (seconds: Int, nanoseconds: Int)

    /// The longest value (or message) written, in UTF-8 bytes; longer ones end in `…`.
    public static let maximumValueBytes = 2048

    public init(format: LogFormat, minimumLevel: LogLevel = .info,
                sink: @escaping @Sendable ([UInt8]) -> Void = Logger.standardError) {
        self.init(format: format, minimumLevel: minimumLevel, sink: sink, clock: Logger.wallClock)
    }

    init(format: LogFormat, minimumLevel: LogLevel, sink: @escaping @Sendable ([UInt8]) -> Void,
         clock: @escaping @Sendable () -> (seconds: Int, nanoseconds: Int)) {
        self.format = format
        self.minimumLevel = minimumLevel
        self.sink = sink
        self.clock = clock
    }

    /// Writes to file descriptor 2, retrying short writes; one lock keeps threads' lines whole.
    public static let standardError: @Sendable ([UInt8]) -> Void = { bytes in
        standardErrorLock.withLock { _ in
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return }
                    offset += n
                }
            }
        }
    }

    private static let standardErrorLock = Mutex(())

    private static let wallClock: @Sendable () -> (seconds: Int, nanoseconds: Int) = {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return (Int(ts.tv_sec), Int(ts.tv_nsec))
    }

    // MARK: Writing

    /// Writes one line when `level` is at least `minimumLevel`. `fields` follow the message in their order.
    public func log(_ level: LogLevel, _ message: String, _ fields: [(String, String)] = [],
                    requestID: String? = nil, traceID: String? = nil) {
        guard level >= minimumLevel else { return }
        sink(line(level, message, fields.map { ($0.0, .string($0.1)) }, requestID: requestID, traceID: traceID))
    }

    public func info(_ message: String, _ fields: [(String, String)] = []) { log(.info, message, fields) }
    public func warning(_ message: String, _ fields: [(String, String)] = []) { log(.warning, message, fields) }
    public func error(_ message: String, _ fields: [(String, String)] = []) { log(.error, message, fields) }

    /// A value in a line: text, or a number written bare in JSON.
    enum Value {
        case string(String)
        case number(String)
    }

    /// One access-log line for a finished exchange: `access` with method, path, status, bytes, ms and the
    /// responder's fields; `info` below 500, `warning` for 503 (the server shedding load), `error` for other 5xx.
    /// Empty when the level is below `minimumLevel`.
    public func accessLine(_ entry: HTTPLogEntry) -> [UInt8] {
        let level = Self.level(forStatus: entry.status)
        guard level >= minimumLevel else { return [] }
        let micros = entry.durationNanoseconds / 1000
        let fraction = String(micros % 1000)
        var fields: [(String, Value)] = [
            ("method", .string(entry.method)), ("path", .string(entry.path)), ("status", .number(String(entry.status))),
            ("bytes", .number(String(entry.bytes))),
            ("ms", .number("\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)")),
        ]
        fields += entry.fields.map { ($0.0, .string($0.1)) }
        return line(level, "access", fields, requestID: entry.requestID.isEmpty ? nil : entry.requestID,
                    traceID: entry.traceID)
    }

    /// The level of an access line for `status`.
    public static func level(forStatus status: Int) -> LogLevel {
        status == 503 ? .warning : status >= 500 ? .error : .info
    }

    func line(_ level: LogLevel, _ message: String, _ fields: [(String, Value)], requestID: String?,
              traceID: String?) -> [UInt8] {
        let now = clock()
        let stamp = Self.timestamp(seconds: now.seconds, nanoseconds: now.nanoseconds)
        var out = ""
        out.reserveCapacity(128 + message.utf8.count)
        switch format {
        case .json:
            out += "{\"ts\":\"\(stamp)\",\"level\":\"\(level.rawValue)\",\"msg\":"
            out += Self.jsonValue(message)
            if let requestID { out += ",\"request_id\":" + Self.jsonValue(requestID) }
            if let traceID { out += ",\"trace_id\":" + Self.jsonValue(traceID) }
            for (key, value) in fields {
                out += ",\"" + Self.key(key) + "\":"
                switch value {
                case .string(let text): out += Self.jsonValue(text)
                case .number(let text): out += text
                }
            }
            out += "}\n"
        case .text:
            out += "\(stamp) \(level.rawValue) "
            Self.appendEscaped(Self.bounded(message), to: &out)
            if let requestID { out += " request_id=" + Self.textValue(requestID) }
            if let traceID { out += " trace_id=" + Self.textValue(traceID) }
            for (key, value) in fields {
                out += " " + Self.key(key) + "="
                switch value {
                case .string(let text): out += Self.textValue(text)
                case .number(let text): out += text
                }
            }
            out += "\n"
        }
        return Array(out.utf8)
    }

    // MARK: Formatting

    /// RFC 3339 UTC with milliseconds: `2026-12-02T10:00:00.123Z`.
    public static func timestamp(seconds: Int, nanoseconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        // Written digit by digit into 24 bytes: this runs for every access line.
        var bytes: [UInt8] = Array("0000-00-00T00:00:00.000Z".utf8)
        func put(_ value: Int, at end: Int, width: Int) {
            var value = max(0, value)
            for index in stride(from: end, to: end - width, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(Int(parts.tm_year) + 1900, at: 3, width: 4)
        put(Int(parts.tm_mon) + 1, at: 6, width: 2)
        put(Int(parts.tm_mday), at: 9, width: 2)
        put(Int(parts.tm_hour), at: 12, width: 2)
        put(Int(parts.tm_min), at: 15, width: 2)
        put(Int(parts.tm_sec), at: 18, width: 2)
        put(nanoseconds / 1_000_000, at: 22, width: 3)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A field name as written: `[A-Za-z0-9_.-]`, anything else replaced by `_` (names come from code, but a name
    /// must never be able to break a line either).
    static func key(_ name: String) -> String {
        if !name.isEmpty && name.utf8.allSatisfy(isKeyByte) { return name }
        let safe = name.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-": Character(scalar)
            default: "_"
            }
        }
        return safe.isEmpty ? "_" : String(safe)
    }

    /// A JSON string literal of `value`, cut to `maximumValueBytes` (`jsonStringLiteral`'s escaping).
    static func jsonValue(_ value: String) -> String {
        if value.utf8.count <= maximumValueBytes && value.utf8.allSatisfy(isPlainByte) { return "\"" + value + "\"" }
        return jsonStringLiteral(bounded(value))
    }

    /// `[A-Za-z0-9_.-]`.
    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// Printable ASCII other than `"` and `\\`: written as is in a JSON string.
    private static func isPlainByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// A text-format value: bare when it has only visible characters and no `"`, `\` or `=`; otherwise quoted with
    /// escapes.
    static func textValue(_ value: String) -> String {
        if !value.isEmpty && value.utf8.count <= maximumValueBytes && value.utf8.allSatisfy({ byte in
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                && byte != UInt8(ascii: "=")
        }) {
            return value
        }
        let value = bounded(value)
        let bare = !value.isEmpty && value.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar != "\"" && scalar != "\\" && scalar != "=" && !jsonNeedsEscape(scalar)
        }
        if bare { return value }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: appendEscaped(scalar, to: &out)
            }
        }
        return out + "\""
    }

    /// Appends `text` with control characters, line separators and bidi controls as escapes (`\n`, `\u{202e}`…).
    static func appendEscaped(_ text: String, to out: inout String) {
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out) }
    }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        guard jsonNeedsEscape(scalar) else {
            out.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default: out += "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }

    /// `text` cut to `maximumValueBytes` UTF-8 bytes at a scalar boundary, with `…` when cut.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumValueBytes else { return text }
        var out = ""
        var used = 0
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            guard used + size <= maximumValueBytes else { break }
            used += size
            out.unicodeScalars.append(scalar)
        }
        return out + "…"
    }
}
