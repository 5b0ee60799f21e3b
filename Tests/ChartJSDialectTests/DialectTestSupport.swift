import Testing
@testable import ChartJSDialect
import ChartSpec

/// Parses a config written as a JavaScript literal (as QuickChart users write them).
func config(_ literal: String) throws -> JSONValue {
    try JSLiteralParser.parse(Array(literal.utf8))
}

/// The native JSON a config translates to (before native decoding, so fields other parts add are visible).
func nativeJSON(_ literal: String, version: ChartJSVersion = .v2) throws -> JSONValue {
    try ChartJSDialect.nativeSpec(try config(literal), ChartJSRequest(version: version)).json
}

extension JSONValue {
    /// The value at a native path such as `series[0].dots.radius`; nil when absent.
    subscript(path path: String) -> JSONValue? {
        var current: JSONValue? = self
        var rest = Substring(path)
        while !rest.isEmpty, let value = current {
            if rest.hasPrefix(".") { rest = rest.dropFirst() }
            if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]"),
                      let i = Int(rest[rest.index(after: rest.startIndex)..<close]),
                      case .array(let elements) = value, elements.indices.contains(i)
                else { return nil }
                current = elements[i]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(where: { $0 == "." || $0 == "[" }) ?? rest.endIndex
                let key = rest[..<end]
                guard case .object(let members) = value else { return nil }
                current = members.first(where: { $0.key == key })?.value
                rest = rest[end...]
            }
        }
        return current
    }
}

/// One Chart.js config and facts about the native spec it becomes: each path's value, or nil for "absent".
struct Fact: Sendable, CustomTestStringConvertible {
    var config: String
    var version: ChartJSVersion
    var expected: [(String, JSONValue?)]
    var testDescription: String { expected.map(\.0).joined(separator: ", ") + " ← " + config.prefix(80) }

    init(_ config: String, _ version: ChartJSVersion = .v2, _ expected: [(String, JSONValue?)]) {
        self.config = config
        self.version = version
        self.expected = expected
    }
}

/// One refused config: its first issue is at `path` (a Chart.js path or a request name) and says `fragment`.
struct Refusal: Sendable, CustomTestStringConvertible {
    var config: String
    var request: ChartJSRequest
    var path: String
    var fragment: String
    var testDescription: String { "\(path): \(fragment)" }

    init(_ config: String, request: ChartJSRequest = ChartJSRequest(), _ path: String, _ fragment: String) {
        self.init(request: request, config, path, fragment)
    }

    init(request: ChartJSRequest, _ config: String, _ path: String, _ fragment: String) {
        self.config = config
        self.request = request
        self.path = path
        self.fragment = fragment
    }
}
