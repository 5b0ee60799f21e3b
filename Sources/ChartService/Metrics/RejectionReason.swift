/// Why a request was refused, for `chartd_http_rejections_total{reason}`: a fixed set, read off the answer's status
/// and problem type, so every refusal counts once whichever layer (server, access control, validator, budget) made it.
enum RejectionReason: String, CaseIterable, Sendable {
    /// 400, 405, 411, 415, 417, 422 (an invalid spec), 501, 505: the request itself is wrong.
    case invalid
    /// 413, 414, 431: a body, URL or header section over its limit.
    case tooLarge = "too_large"
    /// 422 `/problems/too-complex`: over the render budget.
    case tooComplex = "too_complex"
    /// 408: the client was too slow sending its request.
    case clientTimeout = "client_timeout"
    /// 503 `/problems/render-timeout`: the render ran past `--render-timeout`.
    case renderTimeout = "render_timeout"
    /// Any other 503: the server shedding load (queue full, per-client caps, output or input caps).
    case overload
    /// 401, 403: no key, a wrong key, a bad or expired signed URL.
    case auth
    /// 429: over a rate limit.
    case rateLimit = "rate_limit"

    /// The reason for an answer, or nil when it is no refusal (2xx, 3xx, 404, `/readyz`'s 503 while draining).
    init?(status: Int, problemType: String?, route: String) {
        switch status {
        case 401, 403: self = .auth
        case 429: self = .rateLimit
        case 413, 414, 431: self = .tooLarge
        case 408: self = .clientTimeout
        case 422: self = problemType == "/problems/too-complex" ? .tooComplex : .invalid
        case 400, 405, 411, 415, 417, 501, 505: self = .invalid
        case 503 where route == "/readyz": return nil
        case 503: self = problemType == "/problems/render-timeout" ? .renderTimeout : .overload
        default: return nil
        }
    }
}
