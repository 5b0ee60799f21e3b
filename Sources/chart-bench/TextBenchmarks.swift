import ChartScene
import ChartText

/// Font loading, label measurement and text → path lowering (the per-chart text cost at scale 1).
func textBenchmarks() -> [Benchmark] {
    guard let fonts = try? FontSet.loadDefault() else { return [] }
    // About 30 typical labels: ticks, categories, legend entries, a title, CJK and mixed labels.
    let labels = ["0", "20", "40", "60", "80", "100", "Q1", "Q2", "Q3", "Q4", "Jan", "Feb", "Mar", "Apr", "May",
                  "Jun", "Revenue", "Costs", "Profit margin", "Home", "Away", "Quarterly revenue by region (EUR)",
                  "第1节", "第2节", "第3节", "第4节", "主队", "客队", "−12.5 %", "1,234,567"]
    var nodes: [Node] = []
    for (i, label) in labels.enumerated() {
        let anchor: TextAnchor = [.start, .middle, .end][i % 3]
        nodes.append(.text(TextRun(text: label, position: Point(40 + Double(i) * 20, 300), size: 12,
                                   weight: i == 21 ? .bold : .regular, anchor: anchor, color: .black,
                                   rotation: i % 5 == 0 ? -45 : 0)))
    }
    let scene = Scene(width: 800, height: 400, background: .white, title: "bench", description: "", nodes: nodes)
    _ = lowerText(in: scene, fonts: fonts)  // warm the outline caches
    return [
        Benchmark(name: "text: load default FontSet (all faces)") {
            let set = try FontSet.loadDefault()
            return set.faces.count
        },
        Benchmark(name: "text: load DejaVu Sans") {
            let face = try FontFace(path: FontSet.defaultRegularPaths[0])
            return face.glyphCount
        },
        Benchmark(name: "text: measure 30 labels") {
            var total = 0.0
            for label in labels { total += fonts.width(of: label, size: 12, weight: .regular) }
            return Int(total)
        },
        Benchmark(name: "text: lower 30 runs (warm cache)") {
            let lowered = lowerText(in: scene, fonts: fonts)
            var elements = 0
            lowered.forEachNode { node, _ in if case .shape(let s) = node { elements += s.path.elements.count } }
            return elements
        },
    ]
}
