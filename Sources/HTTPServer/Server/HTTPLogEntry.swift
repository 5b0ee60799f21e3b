/// One finished exchange, as written to the access log.
public struct HTTPLogEntry: Sendable {
    public var method: String
    /// The request path without the query (which may hold a whole spec); `-` if the request line was unreadable.
    public var path: String
    public var status: Int
    /// Body bytes sent (0 for HEAD and 304).
    public var bytes: Int
    /// From the first byte of the request to the last byte of the response.
    public var durationNanoseconds: UInt64
    public var requestID: String
    /// The responder's extra fields (`HTTPResponse.logFields`).
    public var fields: [(String, String)]

    public init(method: String, path: String, status: Int, bytes: Int, durationNanoseconds: UInt64,
                requestID: String, fields: [(String, String)] = []) {
        self.method = method
        self.path = path
        self.status = status
        self.bytes = bytes
        self.durationNanoseconds = durationNanoseconds
        self.requestID = requestID
        self.fields = fields
    }

    /// The entry as one JSON object on one line, newline-terminated.
    public var jsonLine: String {
        let micros = durationNanoseconds / 1000
        let fraction = String(micros % 1000)
        var line = "{\"id\":\(jsonStringLiteral(requestID)),\"method\":\(jsonStringLiteral(method))"
        line += ",\"path\":\(jsonStringLiteral(path)),\"status\":\(status),\"bytes\":\(bytes)"
        line += ",\"ms\":\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        for (key, value) in fields {
            line += ",\(jsonStringLiteral(key)):\(jsonStringLiteral(value))"
        }
        return line + "}\n"
    }
}
