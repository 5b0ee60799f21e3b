public import ChartRender
public import ChartSpec
public import HTTPServer

/// A problem as an `Error`, for `Result`.
struct ProblemResponse: Error {
    var problem: Problem
    init(_ problem: Problem) { self.problem = problem }
}

/// An RFC 9457 problem detail: the body of every error response, `application/problem+json`.
/// This is the one place where errors (the validator's and the server's) become HTTP.
public struct Problem: Sendable, Equatable {
    /// A URI reference naming the problem kind; `about:blank` means "just the status".
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    /// Each problem in the request, with the JSON path of the offending value.
    public var errors: [SpecIssue]

    public init(type: String = "about:blank", title: String? = nil, status: Int, detail: String,
                errors: [SpecIssue] = []) {
        self.type = type
        self.title = title ?? HTTPStatus.reasonPhrase(status)
        self.status = status
        self.detail = detail
        self.errors = errors
    }

    /// A spec the validator refused: 422, with every issue and its path — or 400 when the body is not JSON at all.
    public static func invalidSpec(_ error: SpecError) -> Problem {
        if error.isMalformedJSON {
            return Problem(type: "/problems/malformed-json", title: "Malformed JSON", status: 400,
                           detail: error.issues.first?.message ?? "The body is not JSON.", errors: error.issues)
        }
        let count = error.issues.count
        return Problem(
            type: "/problems/invalid-spec", title: "Invalid chart spec", status: 422,
            detail: count == 1 ? "The chart spec has 1 problem." : "The chart spec has \(count) problems.",
            errors: error.issues)
    }

    /// A failed render: the spec's fault (422), a chart over the render budget (422), a render stopped at its
    /// deadline (503: retry later or ask for less), or a backend bug on a validated spec (500, always a bug).
    public static func renderFailure(_ error: RenderError) -> Problem {
        switch error {
        case .invalidSpec(let specError):
            return invalidSpec(specError)
        case .tooComplex(let issues):
            return Problem(type: "/problems/too-complex", title: "Chart too complex", status: 422,
                           detail: "The chart would cost more to render than this server allows; "
                               + (issues.count == 1 ? "reduce what the problem names." : "reduce what the problems name."),
                           errors: issues)
        case .cancelled:
            return Problem(type: "/problems/render-timeout", title: "Render deadline exceeded", status: 503,
                           detail: "The chart took longer to render than this server allows; retry later or ask for "
                               + "a smaller chart.")
        case .backendFailure(let message):
            return Problem(status: 500, detail: "internal rendering failure: \(message)")
        }
    }

    /// A request that is wrong before any spec is looked at (bad query parameter, missing spec…).
    public static func badRequest(_ detail: String, path: String? = nil) -> Problem {
        Problem(status: 400, detail: detail, errors: path.map { [SpecIssue(path: $0, message: detail)] } ?? [])
    }

    /// The JSON document.
    public var json: String {
        var out = "{\"type\":\(jsonStringLiteral(type)),\"title\":\(jsonStringLiteral(title)),\"status\":\(status)"
        out += ",\"detail\":\(jsonStringLiteral(detail)),\"errors\":["
        out += errors.map { "{\"path\":\(jsonStringLiteral($0.path)),\"message\":\(jsonStringLiteral($0.message))}" }
            .joined(separator: ",")
        return out + "]}"
    }

    /// The HTTP response carrying this problem. Its access-log line names the problem type, and for a 5xx the
    /// detail as `error`.
    public var response: HTTPResponse {
        var fields: [(String, String)] = []
        if type != "about:blank" { fields.append((Self.typeLogField, type)) }
        if status >= 500 { fields.append(("error", detail)) }
        return HTTPResponse(status: status, headers: ["Content-Type": "application/problem+json"],
                            body: Array(json.utf8), logFields: fields)
    }

    /// The log field that carries a problem's type (read back for `chartd_http_rejections_total`).
    static let typeLogField = "problem"
}
