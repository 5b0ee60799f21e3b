import ChartPDF
import ChartRender
import ChartSVG
import ChartSpec
import Foundation

/// The standard chart as PDF next to SVG (issue 15 targets: ≤ 2× the SVG's time, ≤ 3× its bytes): end to end from
/// JSON bytes as the server runs it, and the writers alone on the same laid-out scene.
func pdfBenchmarks() -> [Benchmark] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/standard-chart.json").standardized.path
    guard let data = FileManager.default.contents(atPath: path), let spec = try? ChartSpec.parse(Array(data)) else {
        return [Benchmark(name: "pipeline standard json→pdf (missing \(path))") { throw CocoaError(.fileNoSuchFile) }]
    }
    let json = Array(data)
    let renderer = ChartRenderer.shared
    let scene = renderer.scene(for: spec, interactive: false)
    let pdf = PDFWriter(fonts: renderer.text.fontSet)
    let svg = SVGWriter()
    return [
        Benchmark(name: "pipeline standard json→pdf") {
            try renderer.render(ChartSpec.parse(json), format: .pdf).bytes.count
        },
        Benchmark(name: "pdf.write standard scene") { try pdf.write(scene).count },
        Benchmark(name: "svg.write standard scene (for pdf.write)") { svg.write(scene).count },
    ]
}
