import ChartJPEG
import ChartPNG
import ChartRaster
import ChartRender
import ChartSpec
import ChartWebP
import Foundation

/// WebP and JPEG of the standard chart: end to end beside `pipeline standard json→png`, and the encoders alone on
/// the pipeline's own pixels against our PNG: our lossless encoder (the default) beside libwebp's lossless settings.
func rasterFormatBenchmarks() -> [Benchmark] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/standard-chart.json").standardized.path
    guard let data = FileManager.default.contents(atPath: path), let scene = standardSpecScene(),
          let pixmap = try? Rasterizer(glyphs: ChartRenderer.shared.text.fontSet).render(scene, scale: 1)
    else {
        return [Benchmark(name: "webp/jpeg standard chart (missing \(path))") { throw CocoaError(.fileNoSuchFile) }]
    }
    let json = Array(data)
    func pipeline(_ format: OutputFormat) -> () throws -> Int {
        { try ChartRenderer.shared.render(json: json, format: format).bytes.count }
    }
    var benchmarks = [
        Benchmark(name: "pipeline standard json→webp scale 1", run: pipeline(.webp)),
        Benchmark(name: "pipeline standard json→jpeg scale 1", run: pipeline(.jpeg)),
        Benchmark(name: "encode standard png balanced") { try PNGEncoder.encode(pixmap).count },
        Benchmark(name: "encode standard webp lossless ours (default)") {
            try WebPEncoder.encode(pixmap, quality: nil).count
        },
        Benchmark(name: "encode standard webp lossy q90") { try WebPEncoder.encode(pixmap, quality: 90).count },
        Benchmark(name: "encode standard jpeg q90") {
            try JPEGEncoder.encode(pixmap, quality: 90, background: .white).count
        },
    ]
    // libwebp's lossless settings: method (0 fastest … 6) and effort (`quality`, 0 … 100); m1 e0 is
    // `WebPSettings.lossless`, the default before our own encoder.
    for (method, effort) in [(0, 0), (1, 0), (1, 20), (1, 50), (2, 25), (3, 30), (4, 50)] {
        let settings = WebPSettings(lossless: true, quality: Float(effort), method: method)
        benchmarks.append(Benchmark(name: "encode standard webp lossless m\(method) e\(effort)") {
            try WebPEncoder.encode(pixmap, settings: settings).count
        })
    }
    return benchmarks
}
