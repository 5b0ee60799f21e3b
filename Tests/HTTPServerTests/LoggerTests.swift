import Foundation
import Synchronization
import Testing
@testable import HTTPServer

/// A logger at a fixed instant (2026-12-02T10:00:00.123Z) whose lines are collected.
private final class Capture: Sendable {
    let lines = Mutex<[String]>([])

    func logger(_ format: LogFormat, minimumLevel: LogLevel = .info) -> Logger {
        Logger(format: format, minimumLevel: minimumLevel,
               sink: { bytes in self.lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } },
               clock: { (1_796_205_600, 123_456_789) })
    }

    var text: String { lines.withLock { $0.joined() } }
}

/// Values a client controls (a path, a request id that was not sane, a header) that must never break a line.
private let hostileValues = [
    "line\nbreak", "carriage\rreturn", "quote \" and backslash \\", "tab\there", "nul\u{0}byte", "esc\u{1B}[31mred",
    "nel\u{85}next", "separator\u{2028}line", "rtl\u{202E}override", "key=value other=1", "", "ünïcödé 中文",
]

struct LoggerTests {
    /// RFC 3339 UTC with milliseconds; the expected strings are `date -u -d @SECONDS +%Y-%m-%dT%H:%M:%S`.
    @Test(arguments: [
        (0, 0, "1970-01-01T00:00:00.000Z"),
        (1_796_205_600, 123_456_789, "2026-12-02T10:00:00.123Z"),
        (951_782_400, 999_999_999, "2000-02-29T00:00:00.999Z"),
        (4_102_444_799, 1_000_000, "2099-12-31T23:59:59.001Z"),
        (1_234_567_890, 50_000_000, "2009-02-13T23:31:30.050Z"),
    ])
    func timestampsAreRFC3339UTCWithMilliseconds(seconds: Int, nanoseconds: Int, expected: String) {
        #expect(Logger.timestamp(seconds: seconds, nanoseconds: nanoseconds) == expected)
    }

    @Test func jsonLineHasTimestampLevelMessageIDsAndFields() throws {
        let capture = Capture()
        capture.logger(.json).log(.warning, "listening on 127.0.0.1:8080 with 2 workers", [("poller", "epoll")],
                                  requestID: "r-1", traceID: "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(capture.text == #"{"ts":"2026-12-02T10:00:00.123Z","level":"warning","#
            + #""msg":"listening on 127.0.0.1:8080 with 2 workers","request_id":"r-1","#
            + #""trace_id":"4bf92f3577b34da6a3ce929d0e0e4736","poller":"epoll"}"# + "\n")
    }

    @Test func textLineHasTimestampLevelMessageAndKeyValues() {
        let capture = Capture()
        capture.logger(.text).info("listening on 0.0.0.0:8080 with 2 workers", [("poller", "epoll"),
                                                                              ("fonts", "DejaVu Sans, WenQuanYi")])
        #expect(capture.text == "2026-12-02T10:00:00.123Z info listening on 0.0.0.0:8080 with 2 workers "
            + "poller=epoll fonts=\"DejaVu Sans, WenQuanYi\"\n")
    }

    /// The scripts' `sed 's/.*listening on [^ ]*:\([0-9]*\) .*/\1/p'` finds the port in both formats.
    @Test(arguments: LogFormat.allCases)
    func startupLineKeepsListeningOnHostPortSpace(format: LogFormat) throws {
        let capture = Capture()
        capture.logger(format).info("listening on 127.0.0.1:43127 with 2 workers", [("poller", "epoll")])
        let match = try #require(capture.text.firstMatch(of: #/listening on [^ ]*:([0-9]*) /#))
        #expect(match.1 == "43127")
    }

    /// Every hostile value, as message, field, request id and trace id: one line, and in JSON the very same
    /// string back from Foundation's parser.
    @Test(arguments: hostileValues)
    func hostileValuesStayOnOneLineAndRoundTripInJSON(value: String) throws {
        let capture = Capture()
        capture.logger(.json).log(.error, value, [("path", value), (value, "x")], requestID: value, traceID: value)
        let line = capture.text
        #expect(line.hasSuffix("\n"))
        #expect(Self.lineBreaks(in: line) == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["msg"] as? String == value)
        #expect(object["path"] as? String == value)
        #expect(object["request_id"] as? String == value)
        #expect(object["trace_id"] as? String == value)
        #expect(object["level"] as? String == "error")
        // A field name is never taken from input as is: anything outside [A-Za-z0-9_.-] became "_".
        #expect(object.keys.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) } })
    }

    @Test(arguments: hostileValues)
    func hostileValuesStayOnOneLineInText(value: String) throws {
        let capture = Capture()
        capture.logger(.text).log(.error, value, [("path", value)], requestID: value)
        let line = capture.text
        #expect(Self.lineBreaks(in: line) == 1)
        #expect(!line.unicodeScalars.contains { jsonNeedsEscape($0) && $0 != "\n" })
        // The value is one token: bare, or quoted with its quotes escaped, so `path=` ends where the value ends.
        let afterKey = try #require(line.range(of: " path=")).upperBound
        let token = line[afterKey...].dropLast()  // the newline
        if token.first == "\"" {
            #expect(token.last == "\"")
            #expect(!token.dropFirst().dropLast().replacingOccurrences(of: "\\\\", with: "")
                .replacingOccurrences(of: "\\\"", with: "").contains("\""))
        } else {
            #expect(!token.contains(" ") && !token.isEmpty)
        }
    }

    @Test func longValuesAreCut() {
        let capture = Capture()
        let long = String(repeating: "中", count: Logger.maximumValueBytes)  // 3 bytes each
        capture.logger(.json).info(long, [("v", long)])
        #expect(capture.text.utf8.count < 2 * Logger.maximumValueBytes + 200)
        #expect(capture.text.contains("…"))
    }

    @Test func linesBelowTheMinimumLevelAreDropped() {
        let capture = Capture()
        let logger = capture.logger(.text, minimumLevel: .warning)
        logger.info("quiet")
        logger.log(.debug, "quieter")
        logger.warning("loud")
        logger.error("louder")
        #expect(capture.lines.withLock { $0.count } == 2)
        #expect(LogLevel.debug < .info && LogLevel.info < .warning && LogLevel.warning < .error)
    }

    /// Access lines: today's fields, numbers bare in JSON, the trace id lifted from the responder's fields, and the
    /// level from the status (503 is the server shedding load; other 5xx are errors).
    @Test(arguments: [(200, LogLevel.info), (404, .info), (429, .info), (503, .warning), (500, .error)])
    func accessLinesCarryTheExchange(status: Int, level: LogLevel) throws {
        let capture = Capture()
        let entry = HTTPLogEntry(method: "POST", path: "/v1/chart", status: status, bytes: 1234,
                                 durationNanoseconds: 2_345_678, requestID: "abc",
                                 fields: [("format", "png"), ("trace_id", "4bf92f3577b34da6a3ce929d0e0e4736"),
                                          ("cache", "miss")])
        #expect(entry.traceID == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(entry.field("trace_id") == nil)
        let logger = capture.logger(.json, minimumLevel: .debug)
        logger.sink(logger.accessLine(entry))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(capture.text.utf8)) as? [String: Any])
        #expect(object["level"] as? String == level.rawValue)
        #expect(object["msg"] as? String == "access")
        #expect(object["request_id"] as? String == "abc")
        #expect(object["trace_id"] as? String == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(object["method"] as? String == "POST")
        #expect(object["path"] as? String == "/v1/chart")
        #expect(object["status"] as? Int == status)
        #expect(object["bytes"] as? Int == 1234)
        #expect((object["ms"] as? Double).map { abs($0 - 2.345) < 1e-9 } == true)
        #expect(object["format"] as? String == "png")
        #expect(object["cache"] as? String == "miss")
    }

    @Test func accessLinesBelowTheMinimumLevelAreEmpty() {
        let logger = Capture().logger(.text, minimumLevel: .warning)
        let ok = HTTPLogEntry(method: "GET", path: "/", status: 200, bytes: 0, durationNanoseconds: 0, requestID: "")
        #expect(logger.accessLine(ok).isEmpty)
        var failed = ok
        failed.status = 500
        #expect(!logger.accessLine(failed).isEmpty)
    }

    private static func lineBreaks(in line: String) -> Int {
        line.unicodeScalars.filter { $0 == "\n" || $0 == "\r" || $0 == "\u{85}" || $0 == "\u{2028}" }.count
    }
}
