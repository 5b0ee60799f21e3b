import ChartJSDialect
import ChartSpec
import Testing
@testable import ChartService

/// QuickChart's parameters, by name and alias, in a query and in a POST body.
struct QuickChartRequestTests {
    static let config = "{type:'bar',data:{labels:['a'],datasets:[{data:[1]}]}}"

    /// What the parameters set, as one comparable string: width, height, pixel ratio, background, version, format
    /// (and `data URI` for `format=base64`).
    static func summary(_ request: QuickChartRequest) -> String {
        let o = request.options
        return "\(o.width)x\(o.height)@\(o.devicePixelRatio) \(o.backgroundColor ?? "-") \(o.version) "
            + (o.format?.rawValue ?? "-") + (request.dataURI ? " data URI" : "")
    }

    /// Query (besides the config) → summary.
    static let queries: [(String, String)] = [
        ("", "500.0x300.0@2.0 - v2 -"),
        ("&width=640&height=480", "640.0x480.0@2.0 - v2 -"),
        ("&w=640&h=480", "640.0x480.0@2.0 - v2 -"),
        ("&w=640.5&h=4.8e2", "640.5x480.0@2.0 - v2 -"),
        ("&devicePixelRatio=1", "500.0x300.0@1.0 - v2 -"),
        ("&backgroundColor=%23ff00ff", "500.0x300.0@2.0 #ff00ff v2 -"),
        ("&bkg=rgb(255,255,120)", "500.0x300.0@2.0 rgb(255,255,120) v2 -"),
        ("&bkg=white", "500.0x300.0@2.0 white v2 -"),
        ("&format=svg", "500.0x300.0@2.0 - v2 svg"),
        ("&f=SMIL", "500.0x300.0@2.0 - v2 smil"),
        ("&f=json", "500.0x300.0@2.0 - v2 json"),
        ("&f=png", "500.0x300.0@2.0 - v2 png"),
        ("&f=jpg", "500.0x300.0@2.0 - v2 jpeg"),
        ("&format=PDF", "500.0x300.0@2.0 - v2 pdf"),
        ("&format=webp", "500.0x300.0@2.0 - v2 webp"),
        ("&format=base64", "500.0x300.0@2.0 - v2 png data URI"),
        ("&format=base64&encoding=url", "500.0x300.0@2.0 - v2 png data URI"),
        ("&version=3", "500.0x300.0@2.0 - v3 -"),
        ("&v=2.9.4", "500.0x300.0@2.0 - v2 -"),
        ("&v=3.9.1", "500.0x300.0@2.0 - v3 -"),
        ("&v=4", "500.0x300.0@2.0 - v4 -"),
        ("&v=4.0.1", "500.0x300.0@2.0 - v4 -"),
        ("&encoding=url", "500.0x300.0@2.0 - v2 -"),
        ("&w=&h=", "500.0x300.0@2.0 - v2 -"),  // empty is absent, as in QuickChart
        ("&key=abc&kid=k&exp=1&sig=x&unknown=1", "500.0x300.0@2.0 - v2 -"),  // not ours to read
    ]

    @Test(arguments: queries)
    func readsEveryParameterAndAliasFromTheQuery(query: String, expected: String) throws {
        let request = try QuickChartRequest(query: Substring("c=" + percentEncoded(Self.config) + query))
        #expect(Self.summary(request) == expected)
        #expect(request.format == request.options.format ?? .png)
    }

    @Test func readsTheSameNamesFromAPostBody() throws {
        let body = ##"{"chart": {"type": "bar"}, "width": 640, "h": "480", "devicePixelRatio": 1, "bkg": "#fff","##
            + #" "f": "svg", "v": 3, "encoding": "url", "key": "ignored"}"#
        let request = try QuickChartRequest(body: Array(body.utf8))
        #expect(Self.summary(request) == "640.0x480.0@1.0 #fff v3 svg")
        #expect(request.config.value == .object([JSONMember(key: "type", value: .string("bar"))]))
        #expect(request.config.text == nil)
    }

    /// A generated client sends every unset member as `null`: that is the member left out, as an empty query value
    /// is; a null `chart` is still no config.
    @Test func nullMembersOfAPostBodyAreAbsent() throws {
        let body = #"{"chart": {"type": "bar"}, "width": null, "height": null, "devicePixelRatio": null,"#
            + #" "backgroundColor": null, "format": null, "version": null, "encoding": null}"#
        let request = try QuickChartRequest(body: Array(body.utf8))
        #expect(Self.summary(request) == "500.0x300.0@2.0 - v2 -")
        #expect {
            _ = try QuickChartRequest(body: Array(#"{"chart": null, "c": null}"#.utf8))
        } throws: { error in
            (error as? ProblemResponse)?.problem.errors.first?.path == "chart"
        }
    }

    /// The chart parameter in each encoding QuickChart's clients send: all read to the same config.
    @Test func readsTheConfigInEveryForm() throws {
        let json = #"{"type":"bar","data":{"labels":["a?>~"],"datasets":[{"data":[1]}]}}"#
        let literal = "{type:'bar',data:{labels:['a?>~'],datasets:[{data:[1]}]}}"
        let expected = try ChartJSConfig(text: Array(json.utf8)).value
        let standard = Self.base64(json)
        #expect(standard.contains("+") && standard.hasSuffix("="))  // the standard alphabet, padded
        let queries = [
            "c=" + percentEncoded(literal),
            "chart=" + percentEncoded(json),
            "c=" + percentEncoded("\"" + json.replacing("\"", with: "\\\"") + "\""),  // JSON-encoded twice
            "c=" + percentEncoded(standard) + "&encoding=base64",
            "c=" + standard + "&encoding=base64",  // '+' left unescaped arrives as a space
            "c=" + Base64URL.encode(Array(json.utf8)) + "&encoding=base64",
        ]
        for query in queries {
            #expect(try QuickChartRequest(query: Substring(query)).config.value == expected, "\(query)")
        }
        let bodies = [
            #"{"chart": \#(json)}"#,
            #"{"chart": "\#(json.replacing("\"", with: "\\\""))"}"#,
            #"{"c": "\#(literal)"}"#,
            #"{"chart": "\#(standard)", "encoding": "base64"}"#,
        ]
        for body in bodies {
            #expect(try QuickChartRequest(body: Array(body.utf8)).config.value == expected, "\(body)")
        }
    }

    /// A config sent as one JSON string (the Python client's form) may be longer than a spec's strings (64 KiB):
    /// the body's own limit bounds it, and the config inside is parsed with the usual limits.
    @Test func aConfigStringMayBeAsLongAsTheBody() throws {
        let labels = (0..<12_000).map { "'label \($0)'" }.joined(separator: ",")
        let literal = "{type:'bar',data:{labels:[\(labels)],datasets:[{data:[1]}]}}"
        #expect(literal.utf8.count > JSONParser.maxStringBytes)
        let body = #"{"chart": "\#(literal)"}"#
        let request = try QuickChartRequest(body: Array(body.utf8))
        guard case .object(let members) = request.config.value,
              case .object(let data)? = members.first(where: { $0.key == "data" })?.value,
              case .array(let read)? = data.first(where: { $0.key == "labels" })?.value else {
            Issue.record("no labels read")
            return
        }
        #expect(read.count == 12_000)
    }

    /// Query → (status, the parameter the problem names, a fragment of its message).
    static let refusals: [(String, Int, String, String)] = [
        ("w=600", 400, "chart", "give the Chart.js config as chart (or c)"),
        ("c={}&chart={}", 400, "chart", "c and chart are the same parameter"),
        ("c={}&w=1&w=2", 400, "w", "w is given twice"),
        ("c={}&w=wide", 400, "w", "w must be a number"),
        ("c={}&height=0x20", 400, "height", "must be a number"),
        ("c={}&devicePixelRatio=Infinity", 400, "devicePixelRatio", "must be a number"),
        ("c={}&f=bmp", 400, "f", "f must be one of svg, png, smil, json, pdf"),
        ("c={}&format=tiff", 400, "format", "format must be one of"),
        ("c={}&v=5", 400, "v", "v must be 2, 3 or 4"),
        ("c={}&version=latest", 400, "version", "must be 2, 3 or 4"),
        ("c={}&encoding=gzip", 400, "encoding", "must be url or base64"),
        ("c=e30*&encoding=base64", 400, "c", "c is not valid base64"),
        ("c=%7G", 400, "c", "malformed percent-encoding"),
        ("c={type:", 400, "type", "not a valid literal at line 1, column 7"),
        ("c={data:function(){}}", 422, "data", "functions are not evaluated"),
    ]

    @Test(arguments: refusals)
    func refusesWrongParametersNamingThem(query: String, status: Int, path: String, fragment: String) {
        #expect {
            _ = try QuickChartRequest(query: Substring(query))
        } throws: { error in
            guard let problem = (error as? ProblemResponse)?.problem else { return false }
            return problem.status == status && (problem.errors.first?.path ?? "") == path
                && (problem.errors.first?.message ?? "").contains(fragment)
        }
    }

    /// Body → (the parameter the problem names, a fragment of its message); all 400.
    static let bodyRefusals: [(String, String, String)] = [
        ("[1]", "", "must be a JSON object"),
        ("{\"chart\": 1}", "chart", "not a number"),
        ("{\"chart\": {}, \"width\": true}", "width", "must be a number, not a boolean"),
        ("{\"chart\": {}, \"format\": 2}", "format", "must be a string, not a number"),
        ("{\"chart\": {}, \"v\": 5}", "v", "must be 2, 3 or 4"),
        ("{\"chart\": {}, \"c\": {}}", "c", "chart and c are the same parameter"),
        ("{\"chart\": {", "chart", "invalid JSON at line 1, column 12"),
    ]

    @Test(arguments: bodyRefusals)
    func refusesWrongBodiesNamingTheMember(body: String, path: String, fragment: String) {
        #expect {
            _ = try QuickChartRequest(body: Array(body.utf8))
        } throws: { error in
            guard let problem = (error as? ProblemResponse)?.problem else { return false }
            return problem.status == 400 && (problem.errors.first?.path ?? "") == path
                && (problem.errors.first?.message ?? problem.detail).contains(fragment)
        }
    }

    @Test func translationIssuesAboutAParameterAreTheRequestsFaultNamedAsSpelled() throws {
        let request = try QuickChartRequest(query: "c=%7B%7D&bkg=nope&w=10")
        let problem = request.problem(for: SpecError(issues: [
            SpecIssue(path: "backgroundColor", message: "not a colour"), SpecIssue(path: "width", message: "too small"),
        ]))
        #expect(problem.status == 400)
        #expect(problem.errors.map(\.path) == ["bkg", "w"])
        let config = request.problem(for: SpecError(path: "data", message: "missing"))
        #expect(config.status == 422 && config.errors.map(\.path) == ["data"])
    }

    static func base64(_ text: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = Array(bytes[start..<min(start + 3, bytes.count)]) + [0, 0]
            let n = Int(chunk[0]) << 16 | Int(chunk[1]) << 8 | Int(chunk[2])
            let count = min(3, bytes.count - start) + 1
            for k in 0..<4 { out.append(k < count ? alphabet[n >> (18 - 6 * k) & 63] : UInt8(ascii: "=")) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
