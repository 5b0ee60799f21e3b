import Foundation

/// One named measurement: `run` does the work once and returns a byte count (so it cannot be optimized away).
struct Benchmark {
    var name: String
    var run: () throws -> Int
}

/// Runs each benchmark for about `seconds` after a warm-up and prints median, p10 and p90 in milliseconds.
func runBenchmarks(_ benchmarks: [Benchmark], seconds: Double, filter: String?) throws {
    print("benchmark".padding(toLength: 44, withPad: " ", startingAt: 0) + "  median ms     p10 ms     p90 ms   bytes  runs")
    for bench in benchmarks where filter.map({ bench.name.contains($0) }) ?? true {
        var bytes = try bench.run()  // warm-up
        var samples: [Double] = []
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let start = DispatchTime.now().uptimeNanoseconds
            bytes = try bench.run()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        } while Date() < deadline || samples.count < 5
        samples.sort()
        func pct(_ p: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
        let row = bench.name.padding(toLength: 44, withPad: " ", startingAt: 0)
            + String(format: " %10.3f %10.3f %10.3f %7d %5d", pct(0.5), pct(0.1), pct(0.9), bytes, samples.count)
        print(row)
    }
}
