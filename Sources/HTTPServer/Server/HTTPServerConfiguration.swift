import Glibc

/// Everything the server can be told: where to listen, how many workers, and every limit and timeout.
/// Each limit exists so that no client can hold resources without bound.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind: an IPv4/IPv6 literal or a host name.
    public var host: String = "127.0.0.1"
    /// TCP port; 0 picks a free one (read it back from `HTTPServer.port`).
    public var port: Int = 8080
    /// Threads running `HTTPResponder.respond`; defaults to the number of online cores.
    public var workers: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    /// Header/body size limits (431 / 413).
    public var limits = HTTPParserLimits()
    /// From the first byte of a request until its header section is complete (slowloris defence); then 408.
    public var headerTimeout: Duration = .seconds(10)
    /// From the end of the header section until the body is complete; then 408.
    public var bodyTimeout: Duration = .seconds(30)
    /// How long a keep-alive connection may sit between requests before it is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// How long a response may wait for the client to accept more bytes before the connection is dropped.
    public var writeTimeout: Duration = .seconds(30)
    /// Open connections at most; further ones get a 503 and are closed.
    public var maxConnections: Int = 1024
    /// Requests waiting for a worker at most; further ones get 503 with `Retry-After`.
    public var queueCapacity: Int = 256
    /// Seconds sent in `Retry-After` with a 503.
    public var retryAfterSeconds: Int = 1
    /// How long shutdown waits for in-flight requests before closing everything.
    public var drainTimeout: Duration = .seconds(10)
    /// Methods the server knows; any other is 405 with this list in `Allow`.
    public var allowedMethods: [String] = ["GET", "HEAD", "POST", "OPTIONS"]
    /// Where access-log lines (one JSON object each, newline-terminated) go; nil disables the log.
    public var accessLog: (@Sendable ([UInt8]) -> Void)? = { line in
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(STDOUT_FILENO, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    public init() {}
}
