/// A small HTTP/1.1 server on raw sockets.
public final class HTTPServer: Sendable {
    public init() {}
}
