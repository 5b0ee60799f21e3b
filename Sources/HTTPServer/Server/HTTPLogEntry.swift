/// One finished exchange, as written to the access log (`Logger.accessLine`) and passed to
/// `HTTPResponder.didRespond`.
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
    /// The W3C trace id the responder answered under (from the `trace_id` log field, `traceIDField`).
    public var traceID: String?
    /// The responder's extra fields (`HTTPResponse.logFields`), without `trace_id`.
    public var fields: [(String, String)]

    /// The log field through which a responder names the request's trace id; the entry lifts it into `traceID`,
    /// so the logger writes it in its own place.
    public static let traceIDField = "trace_id"

    public init(method: String, path: String, status: Int, bytes: Int, durationNanoseconds: UInt64,
                requestID: String, fields: [(String, String)] = []) {
        self.method = method
        self.path = path
        self.status = status
        self.bytes = bytes
        self.durationNanoseconds = durationNanoseconds
        self.requestID = requestID
        var fields = fields
        if let index = fields.firstIndex(where: { $0.0 == Self.traceIDField }) {
            traceID = fields[index].1
            fields.remove(at: index)
        }
        self.fields = fields
    }

    /// The value of the responder's field `name`, if any.
    public func field(_ name: String) -> String? {
        fields.first { $0.0 == name }?.1
    }
}
