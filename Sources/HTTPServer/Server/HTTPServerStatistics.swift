import Synchronization

/// Counters of what the server refused, cancelled or reset to protect itself, for a service's `/metrics`.
/// A snapshot: read it again for fresh values (`HTTPServer.statistics`).
public struct HTTPServerStatistics: Sendable, Equatable {
    /// Requests whose cancellation was set before a worker took them; dropped without calling `respond`.
    /// (They are also counted by the reason they were cancelled for.)
    public var requestsDroppedBeforeStart = 0
    /// Requests cancelled because they ran past `processingTimeout`.
    public var requestsCancelledByDeadline = 0
    /// Requests queued or running when their client reset the connection or it failed.
    public var requestsCancelledClientGone = 0
    /// Connections refused because their address had `maxConnectionsPerClient` open.
    public var connectionsRefusedPerClient = 0
    /// Requests answered 503 because their client had `maxQueuedPerClient` queued or running.
    public var requestsRefusedPerClient = 0
    /// Idle keep-alive connections closed to make room for a new connection at `maxConnections`.
    public var idleConnectionsEvicted = 0
    /// Connections reset for reading a response slower than `minSendBytesPerSecond`.
    public var slowReadersReset = 0
    /// Writing connections reset to make room under `maxPendingOutputBytes`.
    public var writersResetForOutputCap = 0
    /// Responses replaced by 503 because `maxPendingOutputBytes` could not make room for them.
    public var responsesRefusedForOutputCap = 0
    /// Times freed heap memory was handed back to the OS (`releaseMemoryWhenIdle`).
    public var memoryTrims = 0
    /// Requests queued for or running on workers right now.
    public var requestsAtWorkers = 0
    /// Unsent response bytes held right now.
    public var pendingOutputBytes = 0
    /// Request input held right now (`maxBufferedInputBytes`): parsers' buffers and bodies, and the bodies of
    /// requests at the workers.
    public var bufferedInputBytes = 0
    /// The most request input held at once since the server started.
    public var peakBufferedInputBytes = 0
    /// Connections not being read right now because request input is at `maxBufferedInputBytes`.
    public var connectionsPausedForInput = 0
    /// Requests answered 503 before their body was read because it could never fit under `maxBufferedInputBytes`.
    public var requestsRefusedForInputCap = 0
    /// Open connections right now.
    public var openConnections = 0
    /// Requests waiting in the queue for a worker right now (part of `requestsAtWorkers`).
    public var queuedRequests = 0

    public init() {}
}

/// The live counters behind `HTTPServerStatistics`: written by the I/O thread and the workers, read by anyone.
/// Relaxed atomics: each counter is independent, and a snapshot need not be consistent across counters.
final class ServerCounters: Sendable {
    let droppedBeforeStart = Atomic<Int>(0)
    let cancelledByDeadline = Atomic<Int>(0)
    let cancelledClientGone = Atomic<Int>(0)
    let connectionsRefusedPerClient = Atomic<Int>(0)
    let requestsRefusedPerClient = Atomic<Int>(0)
    let idleConnectionsEvicted = Atomic<Int>(0)
    let slowReadersReset = Atomic<Int>(0)
    let writersResetForOutputCap = Atomic<Int>(0)
    let responsesRefusedForOutputCap = Atomic<Int>(0)
    let memoryTrims = Atomic<Int>(0)
    let requestsAtWorkers = Atomic<Int>(0)
    let pendingOutputBytes = Atomic<Int>(0)
    let bufferedInputBytes = Atomic<Int>(0)
    let peakBufferedInputBytes = Atomic<Int>(0)
    let connectionsPausedForInput = Atomic<Int>(0)
    let requestsRefusedForInputCap = Atomic<Int>(0)
    let openConnections = Atomic<Int>(0)

    var snapshot: HTTPServerStatistics {
        var s = HTTPServerStatistics()
        s.requestsDroppedBeforeStart = droppedBeforeStart.load(ordering: .relaxed)
        s.requestsCancelledByDeadline = cancelledByDeadline.load(ordering: .relaxed)
        s.requestsCancelledClientGone = cancelledClientGone.load(ordering: .relaxed)
        s.connectionsRefusedPerClient = connectionsRefusedPerClient.load(ordering: .relaxed)
        s.requestsRefusedPerClient = requestsRefusedPerClient.load(ordering: .relaxed)
        s.idleConnectionsEvicted = idleConnectionsEvicted.load(ordering: .relaxed)
        s.slowReadersReset = slowReadersReset.load(ordering: .acquiring)  // pairs with the reset's release
        s.writersResetForOutputCap = writersResetForOutputCap.load(ordering: .relaxed)
        s.responsesRefusedForOutputCap = responsesRefusedForOutputCap.load(ordering: .relaxed)
        s.memoryTrims = memoryTrims.load(ordering: .relaxed)
        s.requestsAtWorkers = requestsAtWorkers.load(ordering: .relaxed)
        s.pendingOutputBytes = pendingOutputBytes.load(ordering: .relaxed)
        s.bufferedInputBytes = bufferedInputBytes.load(ordering: .relaxed)
        s.peakBufferedInputBytes = peakBufferedInputBytes.load(ordering: .relaxed)
        s.connectionsPausedForInput = connectionsPausedForInput.load(ordering: .relaxed)
        s.requestsRefusedForInputCap = requestsRefusedForInputCap.load(ordering: .relaxed)
        s.openConnections = openConnections.load(ordering: .acquiring)  // pairs with the store after a close
        return s
    }
}

/// What a graceful shutdown left undone.
public struct HTTPServerShutdownResult: Sendable, Equatable {
    /// Requests still queued, being processed or being written when the drain deadline passed; their clients got
    /// no (or a truncated) answer.
    public var abandonedRequests = 0
    /// Worker threads still inside `respond` when shutdown gave up waiting for them.
    public var workersStillRunning = 0

    /// True when every request that had arrived was answered.
    public var drainedCleanly: Bool { abandonedRequests == 0 }

    public init(abandonedRequests: Int = 0, workersStillRunning: Int = 0) {
        self.abandonedRequests = abandonedRequests
        self.workersStillRunning = workersStillRunning
    }
}
