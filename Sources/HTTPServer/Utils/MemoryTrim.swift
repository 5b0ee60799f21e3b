#if os(Linux) && !CHART_PORTABLE_IO
import CLinuxIO
#endif

/// Decides when to hand freed heap memory back to the OS: once the server has been idle (no request being
/// processed or written) for `idleDelay` after a worker finished a request or at least `minimumTraffic` response
/// bytes went out since the last trim, and never more often than `minimumInterval`. glibc keeps the freed memory
/// of render buffers and large responses in its arenas, so RSS would otherwise stay at the peak of the last burst.
struct MemoryTrimPolicy {
    var idleDelay: UInt64 = 1_000_000_000
    var minimumInterval: UInt64 = 10_000_000_000
    var minimumTraffic = 8 << 20

    private var trafficSinceTrim = 0
    private var workSinceTrim = false
    private var lastBusy: UInt64 = 0
    private var lastTrim: UInt64 = 0

    init() {}

    /// Response bytes queued for sending at `now` (which also makes `now` busy).
    mutating func noteTraffic(_ bytes: Int, at now: UInt64) {
        trafficSinceTrim &+= bytes
        lastBusy = now
    }

    /// A worker finished a request at `now` (renders allocate and free large buffers).
    mutating func noteWork(at now: UInt64) {
        workSinceTrim = true
        lastBusy = now
    }

    /// Something was being processed or written at `now`.
    mutating func noteBusy(at now: UInt64) { lastBusy = now }

    /// True when a trim is due at `now`; the caller trims, and the policy starts counting afresh.
    mutating func shouldTrim(at now: UInt64) -> Bool {
        guard workSinceTrim || trafficSinceTrim >= minimumTraffic, now &- lastBusy >= idleDelay,
            lastTrim == 0 || now &- lastTrim >= minimumInterval
        else { return false }
        trafficSinceTrim = 0
        workSinceTrim = false
        lastTrim = now
        return true
    }
}

/// glibc's `malloc_trim(0)`: returns the free memory at the top of the heap and whole free pages inside the
/// arenas to the kernel. Takes a few milliseconds with a large heap, so it is called rarely (`MemoryTrimPolicy`).
/// A no-op elsewhere: musl has no `malloc_trim`, and macOS's allocator returns free pages to the system by itself
/// (there RSS after a burst is the allocator's business).
func releaseFreeHeapMemory() {
    #if os(Linux) && !CHART_PORTABLE_IO
    _ = clinuxio_malloc_trim(0)
    #endif
}

/// Lets glibc keep freed memory in its arenas between requests, for `releaseFreeHeapMemory` to return when the
/// server goes idle. By default glibc serves a block of 128 KiB or more with its own `mmap` (its dynamic threshold
/// rises only per arena, up to 32 MiB) and shrinks a heap whose free top passes twice that threshold: a render's
/// pixmap and encoder buffers, 1–20 MB each, went back to the kernel on every request and were faulted in, zeroed
/// page by page, on the next one — a third of chartd's CPU at 16 connections on the Chart.js PNG (perf), and 1.7×
/// its throughput. Blocks below `mmapThreshold` (32 MiB, glibc's largest) now come from the arenas, and up to
/// `trimThreshold` of free memory stays at a heap's top; the peak resident size is unchanged (memory held is memory
/// a request already used), and the idle trim still returns it after a burst. The 64 MiB pixmap of the largest
/// budgeted image is above the threshold, so it is mapped and unmapped as before. Process-wide, so only the server
/// calls it, once, at start. True when glibc took both values; false without glibc, where it does nothing.
@discardableResult
func holdFreedMemoryUntilIdle(mmapThreshold: Int = 32 << 20, trimThreshold: Int = 64 << 20) -> Bool {
    #if os(Linux) && !CHART_PORTABLE_IO
    return clinuxio_hold_freed_memory(mmapThreshold, trimThreshold) == 1
    #else
    return false
    #endif
}
