import ChartLayout

/// Min/max (M4) decimation of a dense signal: 1,000,000 points to 800 pixel columns.
func geometryBenchmarks() -> [Benchmark] {
    let n = 1_000_000
    let x = (0..<n).map { Double($0) * 0.001 }
    // A deterministic, noisy signal (LCG) so every column has distinct extremes.
    var state: UInt64 = 42
    let y = (0..<n).map { i -> Double in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(i % 5000) * 0.01 + Double(state >> 40) / Double(1 << 24)
    }
    return [
        Benchmark(name: "geometry: min/max decimation 1M → 800 cols") {
            MinMaxDecimation.keptIndices(x: x, y: y, columns: 800).count
        },
    ]
}
