/// The readiness seam under `EventLoop`: which descriptors the loop wants to read or write, and which of them are
/// ready. Level-triggered: a descriptor stays ready (and is reported on every `wait`) until it is read, written or
/// its interest changes. Hang-ups and errors are reported whatever the interest, as epoll and poll(2) both do.
///
/// Two implementations: `EpollPoller` (Linux) and `PollPoller` (POSIX poll(2), every platform); `PollerChoice`
/// picks one. Each owns a `Waker`, so other threads can end a `wait` early.
///
/// Thread confinement: every method except `wake()` is called only on the I/O thread; `wake()` may be called from
/// any thread (it only writes to the waker's descriptor).
protocol Poller: AnyObject {
    /// "epoll" or "poll" (`HTTPServer.pollerName`).
    var name: String { get }
    /// Starts watching `fd`; false (with `errno` set) when the system refused it.
    func register(_ fd: Int32, interest: PollInterest) -> Bool
    /// Changes what `fd` is watched for; `fd` must be registered.
    func modify(_ fd: Int32, interest: PollInterest)
    /// Stops watching `fd`; call before closing it. Unknown descriptors are ignored.
    func remove(_ fd: Int32)
    /// Waits up to `timeoutMilliseconds` for readiness and replaces `events` with what is ready (the waker's own
    /// readiness is consumed here, never reported). An interrupted or woken wait returns with fewer or no events.
    func wait(timeoutMilliseconds: Int32, into events: inout [PollEvent])
    /// Ends a `wait` in progress (or the next one) on the I/O thread. Safe from any thread.
    func wake()
    /// Closes the poller's own descriptors; only once no thread can still call `wake()`.
    func close()
}
