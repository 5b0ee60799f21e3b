/// A response built by a handler. The server adds `Date`, `Content-Length`, `Connection`, `X-Request-Id` and
/// `X-Content-Type-Options: nosniff`.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Extra fields for this request's access-log line (e.g. `format`, `cache`); never sent to the client.
    public var logFields: [(String, String)]

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = [], logFields: [(String, String)] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.logFields = logFields
    }

    /// A plain-text response, used when no responder supplies a richer error body.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// Whether this status may carry content (RFC 9110 §6.4.1: not 1xx, 204 or 304).
    public var allowsBody: Bool {
        !(100..<200).contains(status) && status != 204 && status != 304
    }

    /// The status line and header section, ending with the blank line.
    /// `omitBody` (HEAD) keeps the `Content-Length` of the body that would have been sent.
    func serializedHead(date: String, keepAlive: Bool, requestVersion: HTTPVersion, requestID: String?) -> [UInt8] {
        var out = "HTTP/1.1 \(status) \(HTTPStatus.reasonPhrase(status))\r\n"
        out.reserveCapacity(256)
        for (name, value) in headers.fields
        where !Self.serverOwned.contains(where: { HTTPHeaders.equalNames($0, name) }) {
            // A handler that echoes input into a header must not be able to split the response.
            out += Self.fieldSafe(name)
            out += ": "
            out += Self.fieldSafe(value)
            out += "\r\n"
        }
        out += "Date: \(date)\r\n"
        // 1xx, 204 and 304 are framed by their status; a 304's length would have to be the full image's.
        if allowsBody {
            out += "Content-Length: \(body.count)\r\n"
        }
        if !keepAlive {
            out += "Connection: close\r\n"
        } else if requestVersion.minor == 0 {
            out += "Connection: keep-alive\r\n"
        }
        if let requestID {
            out += "X-Request-Id: \(requestID)\r\n"
        }
        // Every response, whatever its handler: a browser must never sniff an error body or an image as HTML.
        out += "X-Content-Type-Options: nosniff\r\n\r\n"
        return Array(out.utf8)
    }

    /// Framing and connection headers only the server may write; a handler's copies are dropped.
    private static let serverOwned = ["Content-Length", "Transfer-Encoding", "Connection", "Date", "X-Request-Id",
                                      "X-Content-Type-Options"]

    private static func fieldSafe(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else { return text }
        return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\0" || $0 == "\r\n" ? " " : $0 })
    }
}

/// Reason phrases for the statuses this server sends (RFC 9110 §15).
public enum HTTPStatus {
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
