import HTTPServer

/// Cross-origin access (the Fetch standard's CORS protocol). Default: no origin is allowed; `*` is opt-in.
public struct CORSPolicy: Sendable {
    public var allowedOrigins: [String]

    public init(allowedOrigins: [String]) {
        self.allowedOrigins = allowedOrigins
    }

    static let allowedMethods = "GET, HEAD, POST, OPTIONS"
    static let allowedHeaders = "Content-Type, Accept, If-None-Match, X-Request-Id, traceparent"
    static let exposedHeaders = "ETag, Server-Timing, X-Request-Id, Retry-After, X-Chart-Ignored, X-quickchart-error, "
        + "Content-Disposition, traceparent"

    /// The `Access-Control-Allow-Origin` value for a request from `origin`, or nil if it is not allowed.
    func allowOrigin(for origin: String?) -> String? {
        guard let origin else { return nil }
        if allowedOrigins.contains("*") { return "*" }
        return allowedOrigins.contains(origin) ? origin : nil
    }

    /// Adds the CORS headers an allowed origin needs to read `response`.
    func decorate(_ response: inout HTTPResponse, origin: String?) {
        guard !allowedOrigins.isEmpty else { return }
        if !allowedOrigins.contains("*") { response.headers.add("Vary", "Origin") }
        guard let allowed = allowOrigin(for: origin) else { return }
        response.headers.set("Access-Control-Allow-Origin", allowed)
        response.headers.set("Access-Control-Expose-Headers", Self.exposedHeaders)
    }

    /// The answer to `OPTIONS`: a CORS preflight when it is one, otherwise the methods `allow`ed on the route.
    func options(head: HTTPRequestHead, allow: String) -> HTTPResponse {
        var response = HTTPResponse(status: 204, headers: ["Allow": allow])
        let origin = head.headers["Origin"]
        if head.headers["Access-Control-Request-Method"] != nil, let allowed = allowOrigin(for: origin) {
            response.headers.set("Access-Control-Allow-Origin", allowed)
            response.headers.set("Access-Control-Allow-Methods", allow)
            response.headers.set("Access-Control-Allow-Headers", Self.allowedHeaders)
            response.headers.set("Access-Control-Max-Age", "86400")
        }
        if !allowedOrigins.isEmpty && !allowedOrigins.contains("*") { response.headers.add("Vary", "Origin") }
        return response
    }
}
