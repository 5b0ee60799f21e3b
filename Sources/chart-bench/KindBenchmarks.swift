import ChartLayout
import ChartScene
import ChartSpec
import ChartText

/// Spec → scene for the ring, lead (diff), pie and radar kinds: typical sizes, and the large inputs their limits allow.
func kindBenchmarks() -> [Benchmark] {
    let metrics = ApproximateMetrics()
    func spec(_ type: ChartType, _ series: [[Double?]]) -> ChartSpec {
        var spec = ChartSpec()
        spec.type = type
        spec.width = 800
        spec.height = 400
        spec.title = "Benchmark"
        spec.series = series.enumerated().map { k, values in
            Series(name: "S\(k)", points: values.enumerated().map { DataPoint(x: Double($0.offset), y: $0.element) })
        }
        return spec
    }
    var rings = spec(.ring, [[0.62], [0.24], [0.07]])
    rings.ring.thresholds = [RingThreshold(below: 0.3, color: Color(rgb: 0xFFA500))]
    // Two teams over a season: a zig-zag lead with many changes.
    let home = (0..<100).map { Double?(Double(($0 * 37) % 23)) }
    let guest = (0..<100).map { Double?(Double(($0 * 17) % 19)) }
    var lead = spec(.diff, [home, guest])
    lead.diff.labels = true
    let bigHome = (0..<500_000).map { Double?(Double(($0 &* 2_654_435_761) % 1000)) }
    let bigGuest = (0..<500_000).map { Double?(Double(($0 &* 40503) % 1000)) }
    let bigLead = spec(.diff, [bigHome, bigGuest])
    let pie = spec(.pie, [[6420, 1890, 530, 410, 160, 120, 40, 25]])
    var manySlices = spec(.doughnut, [(0..<10_000).map { Double?(Double($0 % 97 + 1)) }])
    manySlices.pie.otherBelow = 0
    var gauge = pie
    gauge.pie.rotation = -90
    gauge.pie.circumference = 180
    var radar = spec(.radar, [[65, 59, 90, 81, 56, 55, 40], [28, 48, 40, 19, 96, 27, 100]])
    radar.labels = ["Eating", "Drinking", "Sleeping", "Designing", "Coding", "Cycling", "Running"]
    // The largest radar the limits allow: 64 series on 360 spokes, with dots and fills.
    var bigRadar = spec(.radar, (1...64).map { k in (0..<360).map { Double?(Double(($0 * k) % 97)) } })
    for k in bigRadar.series.indices {
        bigRadar.series[k].dots = true
        bigRadar.series[k].fill = .solid
    }
    return [
        Benchmark(name: "layout ring 3 rings 800x400") { ChartLayout.scene(for: rings, metrics: metrics).nodes.count },
        Benchmark(name: "layout diff 2x100 with labels") { ChartLayout.scene(for: lead, metrics: metrics).nodes.count },
        Benchmark(name: "layout diff 2x500k (decimated)") {
            ChartLayout.scene(for: bigLead, metrics: metrics).nodes.count
        },
        Benchmark(name: "layout pie 8 slices") { ChartLayout.scene(for: pie, metrics: metrics).nodes.count },
        Benchmark(name: "layout doughnut 10k values (360 slices)") {
            ChartLayout.scene(for: manySlices, metrics: metrics).nodes.count
        },
        Benchmark(name: "layout half gauge 8 slices") { ChartLayout.scene(for: gauge, metrics: metrics).nodes.count },
        Benchmark(name: "layout radar 2x7") { ChartLayout.scene(for: radar, metrics: metrics).nodes.count },
        Benchmark(name: "layout radar 64x360 dots and fills") {
            ChartLayout.scene(for: bigRadar, metrics: metrics).nodes.count
        },
    ]
}
