import Synchronization

/// Why a request's work should stop: shared between the I/O thread, which notices, and the worker, which checks.
/// The handler polls `isCancelled` (one relaxed atomic load) inside its long loops and gives up when it is set.
public final class RequestCancellation: Sendable {
    /// Why the work was cancelled.
    public enum Reason: UInt8, Sendable {
        case none = 0
        /// The client went away (reset, error); no one will read the answer.
        case clientGone = 1
        /// The request ran past the server's processing deadline.
        case deadline = 2
    }

    private let state = Atomic<UInt8>(0)
    /// Monotonic nanoseconds at which a worker started the request; 0 while it waits in the queue.
    private let started = Atomic<UInt64>(0)

    public init() {}

    /// True once the work should stop; cheap enough for inner loops.
    public var isCancelled: Bool { state.load(ordering: .relaxed) != 0 }

    /// The first reason given, or `.none`.
    public var reason: Reason { Reason(rawValue: state.load(ordering: .acquiring)) ?? .none }

    /// Cancels for `reason`; the first reason sticks.
    public func cancel(_ reason: Reason) {
        _ = state.compareExchange(expected: 0, desired: reason.rawValue, ordering: .acquiringAndReleasing)
    }

    /// When a worker took the request (monotonic nanoseconds), 0 before.
    public var startedAt: UInt64 { started.load(ordering: .acquiring) }

    /// Called by the worker as it starts the request.
    public func markStarted(at nanoseconds: UInt64) {
        started.store(max(1, nanoseconds), ordering: .releasing)
    }
}
