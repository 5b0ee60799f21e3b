/// Why a request was refused before reaching a handler. The server answers `status` and closes the connection,
/// since after a framing error it can no longer tell where the next request would begin.
public struct HTTPParseError: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var reason: String
    /// The request head, when the header section parsed but its framing was refused (for logs and metrics).
    public var head: HTTPRequestHead?

    public init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    static func badRequest(_ reason: String) -> HTTPParseError { HTTPParseError(status: 400, reason: reason) }

    public var description: String { "\(status): \(reason)" }
}
