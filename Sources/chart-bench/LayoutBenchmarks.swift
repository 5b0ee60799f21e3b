import ChartLayout
import ChartScene
import ChartSpec
import ChartText

/// The standard chart: 800×400, three monotone series of 100 points, grid, legend, one gradient area.
func standardLayoutSpec() -> ChartSpec {
    var spec = ChartSpec()
    spec.width = 800
    spec.height = 400
    spec.title = "Standard chart"
    spec.subtitle = "3 series × 100 points"
    spec.labels = (0..<100).map { "Day \($0 + 1)" }
    spec.series = (0..<3).map { k in
        // Deterministic smooth-ish data, different per series.
        let points = (0..<100).map { i -> DataPoint in
            let t = Double(i)
            let wave = Double((i * (7 + k * 3) + k * 11) % 37) - 18
            return DataPoint(x: t, y: 50 + Double(k) * 20 + wave + t * 0.3)
        }
        var s = Series(name: ["Home", "Away", "Neutral"][k], points: points)
        s.curve = .monotone
        if k == 0 { s.fill = .gradient }
        return s
    }
    spec.legend = true
    return spec
}

/// Spec → scene for the standard chart (layout only: ticks, margins, curves, arc lengths, tooltips), and for
/// a million-point series that LTTB decimates.
func layoutBenchmarks() -> [Benchmark] {
    let spec = standardLayoutSpec()
    let metrics = ApproximateMetrics()
    var big = ChartSpec()
    big.width = 800
    big.height = 400
    let noisy: [DataPoint] = (0..<1_000_000).map { (i: Int) -> DataPoint in
        let noise = Double((i &* 2_654_435_761) % 1000) / 10
        return DataPoint(x: Double(i), y: noise + Double(i / 10_000))
    }
    big.series = [Series(name: "Sensor", points: noisy)]
    var list = [
        Benchmark(name: "layout standard 800x400 3x100 monotone") {
            let scene = ChartLayout.scene(for: spec, metrics: metrics)
            return scene.nodes.count
        },
        Benchmark(name: "layout 1M points (LTTB) 800x400") {
            let scene = ChartLayout.scene(for: big, metrics: metrics)
            return scene.nodes.count
        },
    ]
    // The same standard chart measured with the real fonts, as the service does when they are installed.
    if let fonts = try? FontSet.loadDefault() {
        list.append(Benchmark(name: "layout standard, DejaVu metrics") {
            ChartLayout.scene(for: spec, metrics: fonts).nodes.count
        })
    }
    return list
}
