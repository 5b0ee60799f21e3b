import Foundation

/// One named measurement: `run` does the work once and returns a byte count (so it cannot be optimized away).
struct Benchmark {
    var name: String
    var run: () throws -> Int
}

/// Runs each benchmark for about `seconds` after a warm-up and prints median, p10 and p90 in milliseconds.
///
/// The timed loop does nothing but run the benchmark and read the monotonic clock, and a row is formatted only after
/// its loop, with plain integer arithmetic: no `String(format:)` (whose `CVarArg` boxing casts each argument to a
/// protocol, a conformance-table scan the first time a process does it), no Foundation padding. Under callgrind
/// (`--seconds 0`: the warm-up and five runs) the rows' counts are then the renders' own, not the reporting's.
func runBenchmarks(_ benchmarks: [Benchmark], seconds: Double, filter: String?) throws {
    print(BenchmarkRow.padded("benchmark", to: BenchmarkRow.nameWidth)
          + "  median ms     p10 ms     p90 ms   bytes  runs")
    let duration = UInt64(max(0, seconds) * 1e9)
    for bench in benchmarks where filter.map({ bench.name.contains($0) }) ?? true {
        var bytes = try bench.run()  // warm-up
        var samples: [UInt64] = []
        samples.reserveCapacity(1024)
        let deadline = DispatchTime.now().uptimeNanoseconds &+ duration
        var now: UInt64
        repeat {
            let start = DispatchTime.now().uptimeNanoseconds
            bytes = try bench.run()
            now = DispatchTime.now().uptimeNanoseconds
            samples.append(now &- start)
        } while now < deadline || samples.count < 5
        print(BenchmarkRow(name: bench.name, nanoseconds: samples, bytes: bytes).text)
    }
}

/// One printed row: the name padded to a column, median, p10 and p90 in milliseconds with three decimals, the last
/// run's byte count and the number of timed runs, in the columns `String(format: " %10.3f %10.3f %10.3f %7d %5d")`
/// gave them.
struct BenchmarkRow {
    static let nameWidth = 44

    var name: String
    var nanoseconds: [UInt64]
    var bytes: Int

    var text: String {
        let sorted = nanoseconds.sorted()
        func pct(_ p: Double) -> UInt64 { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        return Self.padded(name, to: Self.nameWidth)
            + " " + Self.right(Self.milliseconds(pct(0.5)), 10)
            + " " + Self.right(Self.milliseconds(pct(0.1)), 10)
            + " " + Self.right(Self.milliseconds(pct(0.9)), 10)
            + " " + Self.right(String(bytes), 7)
            + " " + Self.right(String(sorted.count), 5)
    }

    /// Nanoseconds as milliseconds with three decimals, rounded to the nearest microsecond (`1234567` → `1.235`).
    static func milliseconds(_ nanoseconds: UInt64) -> String {
        let micro = (nanoseconds + 500) / 1000
        let fraction = String(micro % 1000)
        return String(micro / 1000) + "." + String(repeating: "0", count: 3 - fraction.utf8.count) + fraction
    }

    /// `text` right-aligned in `width` columns (never cut).
    static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.utf16.count)) + text
    }

    /// `text` cut or padded with spaces to `width` UTF-16 units, as `NSString.padding(toLength:…)` did.
    static func padded(_ text: String, to width: Int) -> String {
        let units = text.utf16
        if units.count >= width {
            return String(decoding: units.prefix(width), as: UTF16.self)
        }
        return text + String(repeating: " ", count: width - units.count)
    }
}
