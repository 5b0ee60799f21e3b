/// How a long render learns that its result is no longer wanted (its deadline passed, its client left).
///
/// Backends poll `isCancelled` in their long loops — per node, per raster band — and return early, leaving partial
/// output that the pipeline then discards (`ChartRenderer` checks once more after each stage and throws). Polling
/// costs one closure call reading an atomic flag that another thread sets, so no clock is read in a hot loop.
public struct CancellationCheck: Sendable {
    private let poll: (@Sendable () -> Bool)?

    /// A check that asks `poll`, which must be cheap and thread-safe.
    public init(_ poll: @escaping @Sendable () -> Bool) {
        self.poll = poll
    }

    private init() {
        poll = nil
    }

    /// Never cancelled: the CLI, tests, benchmarks.
    public static let never = CancellationCheck()

    /// True once the work should stop.
    public var isCancelled: Bool { poll?() ?? false }
}
