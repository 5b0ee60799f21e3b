import ChartJSDialect
import ChartSpec

/// QuickChart's request surface for `GET /chart` (query parameters) and `POST /chart` (the same names as members of
/// a JSON object), as QuickChart documents it (quickchart.io/documentation/usage/parameters, "API parameters") and
/// its server reads it (typpo/quickchart `index.js`: `req.query.c || req.query.chart`, `w || width`, `h || height`,
/// `backgroundColor || bkg`, `f || format`, `encoding || 'url'`, the same names in a POST body):
///
/// | parameter          | alias | default     | values                                                        |
/// |--------------------|-------|-------------|---------------------------------------------------------------|
/// | `chart`            | `c`   | required    | a Chart.js config: JSON, a JS object literal, or a JSON string |
/// | `width`            | `w`   | 500         | CSS pixels                                                    |
/// | `height`           | `h`   | 300         | CSS pixels                                                    |
/// | `devicePixelRatio` |       | 2           | image pixels per CSS pixel                                    |
/// | `backgroundColor`  | `bkg` | transparent | any CSS colour                                                |
/// | `format`           | `f`   | png         | `OutputFormat(name:)`, or `base64`: a data URI of the PNG     |
/// | `version`          | `v`   | 2.9.4       | 2, 3, 4 or a full version such as 3.9.1: its major version    |
/// | `encoding`         |       | url         | `url` or `base64`: how the *chart* parameter is encoded       |
///
/// Numbers may be JSON numbers or text (`w=600`, `"width": "600"`); an empty query value counts as absent, as in
/// QuickChart. Unknown parameters (`key`, signed-URL `kid`/`exp`/`sig`, a client's extras) are ignored. A value of
/// the wrong kind, a parameter given twice (also as name and alias), or a missing config is a 400 naming the
/// parameter as the request spelled it; ranges (width, colour…) are the translation's to check.
struct QuickChartRequest: Sendable {
    /// The Chart.js config.
    var config: ChartJSConfig
    /// Size, pixel ratio, background, version and format for the translation; `format` nil when not given.
    var options: ChartJSRequest
    /// The name each given parameter was spelled with (`w` for `width`), to name it so in errors.
    var spelling: [Parameter: String] = [:]

    /// The format to render: the `format` parameter, or PNG as QuickChart.
    var format: OutputFormat { options.format ?? .png }

    /// `format=base64`: answer with a data URI of the PNG (`DataURI`), as QuickChart does.
    var dataURI = false

    /// The parameters, by their long names.
    enum Parameter: String, CaseIterable, Sendable {
        case chart, width, height, devicePixelRatio, backgroundColor, format, version, encoding

        var alias: String? {
            switch self {
            case .chart: "c"
            case .width: "w"
            case .height: "h"
            case .backgroundColor: "bkg"
            case .format: "f"
            case .version: "v"
            case .devicePixelRatio, .encoding: nil
            }
        }

        init?(name: String) {
            guard let found = Self.allCases.first(where: { $0.rawValue == name || $0.alias == name }) else {
                return nil
            }
            self = found
        }
    }

    /// A parameter's value as it arrived: query text (percent-decoded) or a JSON member.
    enum RawValue {
        case text([UInt8])
        case json(JSONValue)
    }

    /// Reads the query of `GET /chart`.
    init(query: Substring?) throws(ProblemResponse) {
        let parsed: QueryString
        do {
            parsed = try QueryString(query)
        } catch {
            throw ProblemResponse(Problem.badRequest("malformed percent-encoding in the query", path: error.parameter))
        }
        try self.init(pairs: parsed.pairs.compactMap { $0.value.isEmpty ? nil : ($0.name, RawValue.text($0.value)) })
    }

    /// Reads the JSON body of `POST /chart`.
    init(body: [UInt8]) throws(ProblemResponse) {
        let root: JSONValue
        do {
            // `chart` may be the whole config as one string (the Python client sends it so): as long as the body.
            root = try JSONParser.parse(body, maxStringBytes: max(JSONParser.maxStringBytes, body.count))
        } catch {
            throw ProblemResponse(Problem.invalidSpec(SpecError(path: error.path, message: error.positionedMessage,
                                                                isMalformedJSON: true)))
        }
        guard case .object(let members) = root else {
            throw ProblemResponse(Problem.badRequest(
                "the body must be a JSON object such as {\"chart\": {…}, \"width\": 500}, not "
                    + root.kindDescription))
        }
        // A member that is null is one left out, as an empty query value is (generated clients send unset as null).
        try self.init(pairs: members.compactMap { member in
            if case .null = member.value { return nil }
            return (member.key, RawValue.json(member.value))
        })
    }

    private init(pairs: [(String, RawValue)]) throws(ProblemResponse) {
        options = ChartJSRequest()
        config = ChartJSConfig(value: .null)
        var values: [Parameter: RawValue] = [:]
        for (name, value) in pairs {
            guard let parameter = Parameter(name: name) else { continue }
            if let earlier = spelling[parameter] {
                let both = earlier == name ? "\(name) is given twice" : "\(earlier) and \(name) are the same parameter"
                throw ProblemResponse(Problem.badRequest("\(both); give it once", path: name))
            }
            spelling[parameter] = name
            values[parameter] = value
        }
        if let raw = values[.width] { options.width = try number(raw, .width) }
        if let raw = values[.height] { options.height = try number(raw, .height) }
        if let raw = values[.devicePixelRatio] { options.devicePixelRatio = try number(raw, .devicePixelRatio) }
        if let raw = values[.backgroundColor] { options.backgroundColor = try text(raw, .backgroundColor) }
        if let raw = values[.format] {
            let name = try text(raw, .format)
            if name.lowercased() == "base64" {
                (options.format, dataURI) = (.png, true)
            } else if let format = OutputFormat(name: name) {
                options.format = format
            } else {
                throw refusal(.format, "must be one of \(OutputFormat.names), or base64 (a data URI of the PNG)")
            }
        }
        if let raw = values[.version] {
            let given: String
            if case .json(.number(let number)) = raw { given = String(number) } else { given = try text(raw, .version) }
            guard let version = ChartJSVersion(given) else {
                throw refusal(.version, "must be 2, 3 or 4, or a full Chart.js version such as 2.9.4")
            }
            options.version = version
        }
        var base64 = false
        if let raw = values[.encoding] {
            switch try text(raw, .encoding) {
            case "url": base64 = false
            case "base64": base64 = true
            default: throw refusal(.encoding, "must be url or base64")
            }
        }
        guard let raw = values[.chart] else {
            throw ProblemResponse(Problem.badRequest("give the Chart.js config as chart (or c)", path: "chart"))
        }
        config = try chart(raw, base64: base64)
    }

    /// The config: a JSON object as it is; text (a query value, a JSON string) read by `ChartJSConfig`, after
    /// base64 decoding when `encoding` says so.
    private func chart(_ raw: RawValue, base64: Bool) throws(ProblemResponse) -> ChartJSConfig {
        var bytes: [UInt8]
        switch raw {
        case .json(let value) where !base64:
            if case .string(let text) = value { bytes = Array(text.utf8) } else {
                guard case .object = value else {
                    throw refusal(.chart, "must be a Chart.js config (an object or a string), not "
                        + value.kindDescription)
                }
                return ChartJSConfig(value: value)
            }
        default:
            bytes = try Array(text(raw, .chart).utf8)
            if base64 {
                guard let decoded = Self.decodeBase64(bytes) else { throw refusal(.chart, "is not valid base64") }
                bytes = decoded
            }
        }
        do {
            return try ChartJSConfig(text: bytes)
        } catch {
            throw ProblemResponse(Problem.invalidSpec(error))
        }
    }

    /// The problem for a translation error: issues naming a request parameter (`width`, `backgroundColor`…) are the
    /// request's fault, a 400 naming the parameter as it was spelled; otherwise the config's, a 422 with each issue's
    /// line and column when the config was text.
    func problem(for error: SpecError) -> Problem {
        let names = Set(Parameter.allCases.map(\.rawValue))
        guard error.issues.contains(where: { names.contains($0.path) }) else {
            return Problem.invalidSpec(config.locating(error))
        }
        var issues = error.issues
        for index in issues.indices {
            if let parameter = Parameter(rawValue: issues[index].path), let spelled = spelling[parameter] {
                issues[index].path = spelled
            }
        }
        let detail = issues.count == 1 ? issues[0].description : "The request has \(issues.count) problems."
        return Problem(status: 400, detail: detail, errors: issues)
    }

    // MARK: Values

    private func refusal(_ parameter: Parameter, _ message: String) -> ProblemResponse {
        let name = spelling[parameter] ?? parameter.rawValue
        return ProblemResponse(Problem.badRequest("\(name) \(message)", path: name))
    }

    private func text(_ raw: RawValue, _ parameter: Parameter) throws(ProblemResponse) -> String {
        switch raw {
        case .text(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .json(.string(let text)): return text
        case .json(let other): throw refusal(parameter, "must be a string, not \(other.kindDescription)")
        }
    }

    /// A finite number: a JSON number, or text that is one (`600`, `1.5`; not `600px`, `0x20` or `inf`).
    private func number(_ raw: RawValue, _ parameter: Parameter) throws(ProblemResponse) -> Double {
        let text: String
        switch raw {
        case .json(.number(let number)): return number
        case .json(.string(let string)): text = string
        case .json(let other): throw refusal(parameter, "must be a number, not \(other.kindDescription)")
        case .text(let bytes): text = String(decoding: bytes, as: UTF8.self)
        }
        guard case .number(let number)? = try? JSONParser.parse(Array(text.utf8)) else {
            throw refusal(parameter, "must be a number")
        }
        return number
    }

    /// Base64 as QuickChart's server reads it (Node's `Buffer.from(s, 'base64')`): the standard alphabet or the
    /// URL-safe one, padding optional. A space is read as `+`: a `+` left unescaped in a URL arrives as a space after
    /// form decoding, and base64 never contains spaces.
    static func decodeBase64(_ text: [UInt8]) -> [UInt8]? {
        Base64URL.decode(text.map { byte in
            switch byte {
            case UInt8(ascii: "+"), UInt8(ascii: " "): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            default: byte
            }
        })
    }
}
