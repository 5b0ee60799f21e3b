import ChartRender
import ChartSpec
import Foundation

/// The standard chart (800×400, 3 monotone series × 100 points, grid, legend, one gradient area — the same data as
/// `../shared/bench/peers.py`), end to end from JSON bytes, as the server runs it.
func coreBenchmarks() -> [Benchmark] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/standard-chart.json").standardized.path
    guard let data = FileManager.default.contents(atPath: path) else {
        return [Benchmark(name: "pipeline (missing \(path))") { throw CocoaError(.fileNoSuchFile) }]
    }
    let json = Array(data)
    let renderer = ChartRenderer.shared
    func pipeline(_ format: OutputFormat, scale: Double = 1) -> () throws -> Int {
        return {
            var spec = try ChartSpec.parse(json)
            spec.scale = scale
            return try renderer.render(spec, format: format).bytes.count
        }
    }
    return [
        Benchmark(name: "pipeline standard json→svg", run: pipeline(.svg)),
        Benchmark(name: "pipeline standard json→smil", run: pipeline(.smil)),
        Benchmark(name: "pipeline standard json→png scale 1", run: pipeline(.png)),
        Benchmark(name: "pipeline standard json→png scale 2", run: pipeline(.png, scale: 2)),
    ]
}
