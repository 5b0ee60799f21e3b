import ChartPDF
import ChartRender
import ChartScene
import ChartSpec
import ChartText
import Foundation

/// What PDF text costs (issue 15, P2): the standard chart written without fonts, against `pdf.write standard scene`
/// (PDFBenchmarks.swift) with them — the difference is drawing its text runs and writing their fonts — and the
/// subsetter alone.
func pdfFontBenchmarks() -> [Benchmark] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/standard-chart.json").standardized.path
    guard let fonts = try? FontSet.loadDefault(), let data = FileManager.default.contents(atPath: path),
          let spec = try? ChartSpec.parse(Array(data)) else { return [] }
    let scene = ChartRenderer.shared.scene(for: spec, interactive: false)
    var glyphs = Set<UInt16>()
    scene.forEachNode { node, _ in
        guard case .text(let run) = node else { return }
        _ = fonts.walk(run.text, weight: run.weight) { _, shaped in
            if shaped.slot == 0 { glyphs.insert(shaped.glyph) }
        }
    }
    return [
        Benchmark(name: "pdf text: standard scene → pdf without text") {
            try PDFWriter(fonts: nil).write(scene).count
        },
        Benchmark(name: "pdf text: subset DejaVu Sans to the standard chart's \(glyphs.count) glyphs") {
            try TrueTypeSubsetter.subset(fonts.regular, keeping: glyphs).count
        },
    ]
}
