import ChartScene
import ChartSpec
import ChartText
import Testing
@testable import ChartLayout

/// The chrome around the plot: small canvases keep most of their height for the plot, charts without data say so,
/// `axes: false` keeps the title, and x labels stay inside the canvas (issue 13, items 7 and 8).
struct ChromeTests {
    let metrics = ApproximateMetrics()

    func texts(_ scene: Scene, under role: Role) -> [TextRun] {
        nodes(in: scene, under: role).compactMap { node -> TextRun? in if case .text(let t) = node { t } else { nil } }
    }

    /// A 375×240 chart with title, subtitle and a two-series legend (the case: 52 % before) keeps ≥ 60 % of
    /// its height for the plot; the legend shares the title or subtitle row and overlaps neither.
    @Test(arguments: [("Weekly sales", "Last 8 weeks", ["2025", "2026"]),
                      ("Revenue by region, quarterly", "Grouped by quarter, in millions", ["North", "South"])])
    func smallCanvasKeepsTheSpaceForThePlot(title: String, subtitle: String, names: [String]) throws {
        var spec = makeSpec([[3, 7, 4, 9, 12, 8, 10, 14], [5, 6, 8, 7, 9, 11, 10, 12]], names: names,
                            width: 375, height: 240)
        spec.title = title
        spec.subtitle = subtitle
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let plot = try #require(plotFrame(scene))
        #expect(plot.height >= 0.6 * 240, "plot \(plot.height) px of 240")
        let legend = texts(scene, under: .legend).map { TextBox($0, metrics: metrics).bounds }
        let header = texts(scene, under: .title).map { TextBox($0, metrics: metrics).bounds }
        #expect(legend.count == 2)
        for a in legend {
            #expect(a.maxX <= 375 - 12 + 1e-9)
            for b in header { #expect(a.intersection(b) == nil, "\(a) overlaps \(b)") }
        }
    }

    /// A large canvas keeps the legend on its own centered row under the header.
    @Test func largeCanvasKeepsTheLegendRow() throws {
        var spec = makeSpec([[3, 7, 4], [5, 6, 8]], names: ["A", "B"])
        spec.title = "Title"
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let title = try #require(texts(scene, under: .title).first.map { TextBox($0, metrics: metrics).bounds })
        let legend = try #require(texts(scene, under: .legend).first.map { TextBox($0, metrics: metrics).bounds })
        #expect(legend.minY > title.maxY)
    }

    /// Empty and all-null charts show their title and "No data" instead of bare 0–1 axes.
    @Test(arguments: [[[Double?]](), [[nil, nil]], [[nil], [.nan]]])
    func noDataIsSaid(_ values: [[Double?]]) {
        for type in [ChartType.line, .area, .bar, .scatter, .diff] {
            var spec = makeSpec(values)
            spec.type = type
            spec.title = "Sales"
            let scene = ChartLayout.scene(for: spec, metrics: metrics)
            #expect(texts(scene, under: .plot).map(\.text) == ["No data"], "\(type)")
            #expect(texts(scene, under: .title).map(\.text) == ["Sales"], "\(type)")
            #expect(nodes(in: scene, under: .yAxis).isEmpty && nodes(in: scene, under: .xAxis).isEmpty, "\(type)")
            #expect(scene.description.hasSuffix("with no data"))
        }
    }

    /// `axes: false` draws no axes but keeps the title, with the marks below it.
    @Test func axesFalseKeepsTheTitle() throws {
        var spec = makeSpec([[3, 7, 4, 9]])
        spec.axes = false
        spec.title = "Trend"
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let title = try #require(texts(scene, under: .title).first)
        #expect(title.text == "Trend")
        #expect(nodes(in: scene, under: .yAxis).isEmpty)
        let titleBottom = TextBox(title, metrics: metrics).bounds.maxY
        let marks = nodes(in: scene, under: .seriesLine(0)).compactMap { node -> Rect? in
            if case .shape(let s) = node { s.path.controlBounds } else { nil }
        }
        #expect(!marks.isEmpty && marks.allSatisfy { $0.minY > titleBottom })
        spec.title = nil  // a sparkline without a title still fills the canvas
        let bare = ChartLayout.scene(for: spec, metrics: metrics)
        #expect(groups(bare).allSatisfy { $0.role != .title })
    }

    /// The first and last x labels end at least 4 px inside the canvas, whatever the width and label length.
    @Test(arguments: [240.0, 375, 500, 640, 901])
    func xLabelsStayFourPixelsInside(width: Double) {
        for labels in [["Q1", "Q2", "Q3", "Q4"], ["January", "February", "March"], ["Sat 28", "Sun 29", "Tue 31"]] {
            let spec = makeSpec([labels.indices.map { Double($0 * 3) }], labels: labels, width: width, height: 240)
            let boxes = texts(ChartLayout.scene(for: spec, metrics: metrics), under: .xAxis)
                .map { TextBox($0, metrics: metrics).bounds }
            #expect(!boxes.isEmpty)
            for box in boxes { #expect(box.minX >= 4 - 1e-9 && box.maxX <= width - 4 + 1e-9, "\(labels) at \(width)") }
        }
    }
}
