#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard `process_*` metrics of Prometheus client libraries, read when `/metrics` is scraped: on Linux from
/// `/proc/self/stat`, `/proc/stat` and `/proc/self/fd` (as the Go and Python clients do), elsewhere from
/// `getrusage` and `/dev/fd` (no resident-memory reading there: `ru_maxrss` is a peak, not the current size).
struct ProcessMetrics: Sendable, Equatable {
    var cpuSeconds: Double
    var residentBytes: Int?
    var virtualBytes: Int?
    var openFDs: Int?
    var maxFDs: Int?
    var startTimeSeconds: Double

    /// When the process started, as Unix seconds; computed once.
    static let startTime: Double = linuxStartTime() ?? wallClockNow()

    /// A reading now.
    static func current() -> ProcessMetrics {
        var metrics = ProcessMetrics(cpuSeconds: usageCPUSeconds(), residentBytes: nil, virtualBytes: nil,
                                     openFDs: openDescriptorCount(), maxFDs: fileLimit(),
                                     startTimeSeconds: startTime)
        #if os(Linux)
        if let stat = readFile("/proc/self/stat").flatMap(statFields) {
            let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
            if ticks > 0, let user = Double(stat[11]), let system = Double(stat[12]) {
                metrics.cpuSeconds = (user + system) / ticks
            }
            metrics.virtualBytes = Int(stat[20])
            metrics.residentBytes = Int(stat[21]).map { $0 * Int(sysconf(Int32(_SC_PAGESIZE))) }
        }
        #endif
        return metrics
    }

    /// The exposition lines of every reading available.
    var prometheusText: String {
        var out = Self.family("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.",
                              "\(cpuSeconds)")
        if let residentBytes {
            out += Self.family("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.",
                               "\(residentBytes)")
        }
        if let virtualBytes {
            out += Self.family("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.",
                               "\(virtualBytes)")
        }
        if let openFDs {
            out += Self.family("process_open_fds", "gauge", "Number of open file descriptors.", "\(openFDs)")
        }
        if let maxFDs {
            out += Self.family("process_max_fds", "gauge", "Maximum number of open file descriptors.", "\(maxFDs)")
        }
        out += Self.family("process_start_time_seconds", "gauge",
                           "Start time of the process since unix epoch in seconds.", "\(startTimeSeconds)")
        return out
    }

    /// One unlabelled metric family: its HELP and TYPE lines and its one sample.
    private static func family(_ name: String, _ type: String, _ help: String, _ value: String) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
    }

    // MARK: Readings

    #if os(Linux)
    private static let openFDDirectory = "/proc/self/fd"
    #else
    private static let openFDDirectory = "/dev/fd"
    #endif

    /// The fields of `/proc/self/stat` after the command name (which may hold spaces and parentheses): index 0 is
    /// the state (field 3 of proc(5)), so field N is at N - 3.
    static func statFields(_ text: String) -> [String]? {
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ").map(String.init)
        return fields.count >= 22 ? fields : nil
    }

    /// Start time from `/proc/self/stat` (ticks after boot) and `/proc/stat`'s `btime`.
    private static func linuxStartTime() -> Double? {
        #if os(Linux)
        guard let stat = readFile("/proc/self/stat").flatMap(statFields), let ticksAfterBoot = Double(stat[19]),
            let system = readFile("/proc/stat"),
            let line = system.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
            let boot = Double(line.dropFirst(6).trimmingSpaces)
        else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ticks > 0 ? boot + ticksAfterBoot / ticks : nil
        #else
        return nil
        #endif
    }

    private static func wallClockNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private static func usageCPUSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func fileLimit() -> Int? {
        var limit = rlimit()
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        // RLIM_INFINITY is all ones on Linux and Int64.max on Darwin: neither is a real limit.
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int.max) else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// Open descriptors: the entries of the descriptor directory, less the one the listing itself holds open.
    private static func openDescriptorCount() -> Int? {
        countEntries(in: openFDDirectory).map { max(0, $0 - 1) }
    }

    /// Entries of a directory other than `.` and `..`.
    static func countEntries(in path: String) -> Int? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == UInt8(ascii: ".") && (name[1] == 0 || (name[1] == UInt8(ascii: ".") && name[2] == 0))
            }
            if !isDot { count += 1 }
        }
        return count
    }

    /// A small file's text (at most 64 KiB), or nil.
    private static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65536 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
