#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// How long a new connection may stay silent before its first request starts; then it is closed without an
    /// answer. Short (5 s), because a connection that never speaks holds a descriptor and a connection slot for
    /// nothing, and real clients write their request right after connecting. Blank lines do not extend it.
    public var firstByteTimeout: Duration = .seconds(5)
    /// How long a response may wait for the client to accept more bytes before the connection is dropped.
    public var writeTimeout: Duration = .seconds(30)
    /// Open connections at most. At the cap a newcomer takes the place of the longest-idle keep-alive connection
    /// (one that has finished a request and sent nothing since); only when none is idle is it refused with 503.
    public var maxConnections: Int = 1024
    /// Open connections from one peer address at most; further ones get 503 with `Retry-After` and are closed.
    /// 64 leaves room for a browser's 6 per host times several tabs, or a small NAT, while one address cannot
    /// take more than a sixteenth of the default `maxConnections`.
    public var maxConnectionsPerClient: Int = 64
    /// Requests waiting for a worker at most; further ones get 503 with `Retry-After`.
    public var queueCapacity: Int = 256
    /// Requests from one client (`HTTPResponder.admissionKey(for:)`) queued for or running on workers at most;
    /// further ones get 503 with `Retry-After` without being queued. 16 is a sixteenth of the default queue, so
    /// one busy client cannot fill it and starve the others, yet it allows a page's burst of chart requests.
    public var maxQueuedPerClient: Int = 16
    /// How long a worker may work on one request before its `cancellation` is set with `.deadline` (the handler
    /// polls it and answers, e.g. 503); nil = no limit. Counted from when a worker takes the request.
    public var processingTimeout: Duration? = nil
    /// Unsent response bytes held across all connections at most. When a new response would exceed it, the
    /// writing connections that have had at least a second to show their pace are reset slowest first to make
    /// room; if that cannot make room, the new request is answered 503 instead (bodies of 16 KiB or less always
    /// go out). Also the largest response the server will send. 64 MiB holds the largest chart the render budget
    /// allows (16 MiB) four times over, and keeps output's share of a 512 MiB pod small beside two renders.
    public var maxPendingOutputBytes: Int = 64 << 20
    /// Request input held across all connections at most: partial header sections and bodies in the parsers,
    /// pipelined bytes, and the bodies of requests queued for or running on workers (until their response is back).
    /// A connection whose read would go over it is not read (TCP pushes back on the client) until others release
    /// input, oldest paused first; one paused past its header or body timeout gets 408. A declared body is admitted
    /// whole before it is read; one that could not fit even alone gets 503 with `Retry-After` before it is read.
    /// Bodies, pipelined input and queued requests may use three quarters of it; the last quarter is kept for
    /// header sections, so a small request is still read while uploads fill the rest. Must leave room for one
    /// largest request: three quarters of it at least `limits.maxBodyBytes + limits.maxHeaderBytes`. 64 MiB: 24
    /// bodies of the default 2 MiB at once, plus a 16 KiB header section for each of 1024 connections.
    public var maxBufferedInputBytes: Int = 64 << 20
    /// The slowest a response may be read: a connection writing a response is reset when, over a window of
    /// `minSendRateWindow`, fewer than this many bytes per second went out. 0 turns the check off. 1 KiB/s is
    /// far below any real client yet ends a 1 byte/s trickle within two windows.
    public var minSendBytesPerSecond: Int = 1024
    /// The window over which `minSendBytesPerSecond` is measured, and so the grace a slow start gets.
    public var minSendRateWindow: Duration = .seconds(10)
    /// Whether to hand freed heap memory back to the OS (glibc `malloc_trim`) once the server has been idle for
    /// a second after work at the workers or large responses (at most every 10 s), so RSS returns near its idle
    /// size after a burst. Linux with glibc only; elsewhere the trim is a no-op (see `releaseFreeHeapMemory`).
    public var releaseMemoryWhenIdle: Bool = true
    /// Seconds sent in `Retry-After` with a 503.
    public var retryAfterSeconds: Int = 1
    /// How long shutdown waits for in-flight requests before closing everything.
    public var drainTimeout: Duration = .seconds(10)
    /// Methods the server knows; any other is 405 with this list in `Allow`.
    public var allowedMethods: [String] = ["GET", "HEAD", "POST", "OPTIONS"]
    /// The readiness mechanism: epoll on Linux (unless `CHART_POLLER=poll` is in the environment), poll(2)
    /// elsewhere. Only how the I/O thread waits changes; every limit and timeout behaves the same.
    public var poller: PollerChoice = .automatic
    /// Writes one line per finished exchange (`Logger.accessLine`: method, path, status, bytes, ms, the responder's
    /// fields), in the logger's format to its sink — stderr by default, with every other line of the process; nil
    /// disables the access log. Lines gathered in one loop iteration go to the sink in one call.
    public var accessLog: Logger? = Logger(format: .text)

    public init() {}
}
