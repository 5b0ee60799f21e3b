import ChartRender
import ChartService
import ChartSpec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer
import Synchronization

/// Stands in for the real pipeline: the "spec" is the JSON text (kept in `title`), its format is whatever
/// `"format":"…"` it contains, and the output names the chosen format and echoes the text, so tests see which
/// format won and whether rendering ran. A spec containing `"bad"` fails validation with two issues; one
/// containing `"block"` renders only after `release()` (or until cancelled); one containing `"complex"` is over
/// the budget.
final class FakeRenderer: ChartRendering {
    let calls = Atomic<Int>(0)
    let parses = Atomic<Int>(0)
    let blocked = Atomic<Int>(0)
    let released = Atomic<Bool>(false)

    init() {}

    func parse(json: [UInt8], renderingAs format: OutputFormat?) throws(SpecError) -> ChartSpec {
        parses.add(1, ordering: .sequentiallyConsistent)
        let text = String(decoding: json, as: UTF8.self)
        if text.contains("\"bad\"") {
            throw SpecError(issues: [SpecIssue(path: "series[0].values[2]", message: "expected a number"),
                                     SpecIssue(path: "width", message: "must be at most 4096")])
        }
        var spec = ChartSpec()
        spec.title = text
        spec.format = OutputFormat.allCases.first { text.contains("\"format\":\"\($0.rawValue)\"") }
        return spec
    }

    func render(_ spec: ChartSpec, format: OutputFormat, options: RenderOptions) throws(RenderError) -> RenderedChart {
        calls.add(1, ordering: .sequentiallyConsistent)
        let text = spec.title ?? ""
        if text.contains("\"crash\"") { throw .backendFailure("the fake backend failed") }
        if format == .json { throw .invalidSpec(SpecError(path: "format", message: "json is not supported")) }
        if text.contains("\"block\"") {
            blocked.add(1, ordering: .sequentiallyConsistent)
            while !released.load(ordering: .sequentiallyConsistent) {
                if options.cancellation.isCancelled { throw .cancelled }
                usleep(1000)
            }
        }
        if text.contains("\"complex\"") {
            throw .tooComplex([SpecIssue(path: "series[0].dash", message: "too many dashes")])
        }
        return RenderedChart(bytes: Array("\(format.rawValue):\(text)".utf8), format: format)
    }

    var callCount: Int { calls.load(ordering: .sequentiallyConsistent) }
    var parseCount: Int { parses.load(ordering: .sequentiallyConsistent) }
    func release() { released.store(true, ordering: .sequentiallyConsistent) }
}

/// Builds a request as the server would hand it over.
func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: String = "") -> HTTPRequest {
    var all = HTTPHeaders([(name: "Host", value: "test")] + headers.map { (name: $0.0, value: $0.1) })
    if method == "POST" && !headers.contains(where: { $0.0 == "Content-Type" }) {
        all.add("Content-Type", "application/json")
    }
    let head = HTTPRequestHead(method: method, target: target, version: .http1_1, headers: all,
                               framing: body.isEmpty ? .none : .contentLength(body.utf8.count))
    return HTTPRequest(head: head, body: Array(body.utf8), id: "t")
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Percent-encodes everything but unreserved characters (RFC 3986 §2.3), like `encodeURIComponent`.
func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            out += "%" + (hex.count == 1 ? "0" : "") + hex
        }
    }
    return out
}
