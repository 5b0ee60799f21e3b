/// The application behind the server. `HTTPServer` knows only this protocol, nothing of what it serves.
public protocol HTTPResponder: Sendable {
    /// Called on the I/O thread once the header section is in, before any body is read (and before
    /// `100 Continue` is sent). Return a response to refuse the request early (404, 415…); it must not block.
    func check(_ head: HTTPRequestHead) -> HTTPResponse?

    /// Called on the I/O thread with the complete request, before it is queued for a worker. Answer only what
    /// takes microseconds and never blocks (e.g. a cache hit); nil sends the request to a worker.
    func respondWithoutBlocking(to request: HTTPRequest) -> HTTPResponse?

    /// Produces the response. Runs on a worker thread, so it may block (e.g. render an image).
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// The response for an error the server itself detects (malformed request, timeout, overload).
    /// `head` is nil when the request line could not be parsed.
    func errorResponse(status: Int, detail: String, head: HTTPRequestHead?) -> HTTPResponse

    /// Called on the I/O thread with a complete request that is about to be queued for a worker: the client it
    /// counts against for `maxQueuedPerClient`. The default is the TCP peer's address; a service may return an
    /// API key, or the client a trusted proxy names in `X-Forwarded-For`. Must be cheap and must not block.
    func admissionKey(for request: HTTPRequest) -> String

    /// Called on the I/O thread after every response, including the server's own errors (for metrics).
    func didRespond(_ entry: HTTPLogEntry)

    /// Called once when graceful shutdown begins (e.g. to fail readiness checks).
    func drainDidBegin()
}

extension HTTPResponder {
    public func check(_ head: HTTPRequestHead) -> HTTPResponse? { nil }
    public func respondWithoutBlocking(to request: HTTPRequest) -> HTTPResponse? { nil }
    public func errorResponse(status: Int, detail: String, head: HTTPRequestHead?) -> HTTPResponse {
        .text(status, detail + "\n")
    }
    public func admissionKey(for request: HTTPRequest) -> String { request.peerAddress }
    public func didRespond(_ entry: HTTPLogEntry) {}
    public func drainDidBegin() {}
}

/// A responder made of one closure, for tests and small tools.
public struct ClosureResponder: HTTPResponder {
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse

    public init(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.handler = handler
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse { handler(request) }
}
