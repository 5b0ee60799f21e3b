import ChartRender
import ChartSpec
import Foundation

/// APNG and GIF of the standard chart (bench/standard-chart.json) at the default 30 fps, end to end from JSON bytes
/// (layout, every frame rasterized, encoded), next to its static PNG in the same run. Goals: ≤ 150 ms and ≤ 6× the
/// PNG's bytes (docs/benchmarks.md, "APNG and GIF").
func animatedBenchmarks() -> [Benchmark] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/standard-chart.json").standardized.path
    guard let data = FileManager.default.contents(atPath: path) else {
        return [Benchmark(name: "animated (missing \(path))") { throw CocoaError(.fileNoSuchFile) }]
    }
    let json = Array(data)
    func pipeline(_ format: OutputFormat) -> () throws -> Int {
        { try ChartRenderer.shared.render(json: json, format: format).bytes.count }
    }
    return [
        Benchmark(name: "animated standard json→png (static, for scale)", run: pipeline(.png)),
        Benchmark(name: "animated standard json→apng 30 fps", run: pipeline(.apng)),
        Benchmark(name: "animated standard json→gif 30 fps", run: pipeline(.gif)),
    ]
}
