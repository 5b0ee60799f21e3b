import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

/// The second value axis (`y2`) and box annotations, read back from the scene: the plot from the axis lines, the
/// value mapping of each axis from its tick labels' positions, boxes and lines from their `.annotation` groups.
struct SecondAxisTests {
    let metrics = ApproximateMetrics()

    func scene(_ json: String) throws -> Scene {
        ChartLayout.scene(for: try ChartSpec.parse(Array(json.utf8)), metrics: metrics)
    }

    /// The first axis-line segment of the group with `role`.
    func axisLine(_ scene: Scene, _ role: Role) -> (Point, Point)? {
        var found: (Point, Point)?
        scene.forEachNode { node, parents in
            guard found == nil, case .shape(let shape) = node, parents.last?.role == role,
                  case .move(let a)? = shape.path.elements.first, case .line(let b)? = shape.path.elements.last
            else { return }
            found = (a, b)
        }
        return found
    }

    /// The plot: left and right from the y and y2 axis lines (or the x axis line), top and bottom from the y line.
    func plot(_ scene: Scene) throws -> Rect {
        let y = try #require(axisLine(scene, .yAxis)), x = try #require(axisLine(scene, .xAxis))
        return Rect(x: y.0.x, y: min(y.0.y, y.1.y), width: max(x.0.x, x.1.x) - y.0.x, height: abs(y.1.y - y.0.y))
    }

    /// The tick label texts of the axis group with `role`, unrotated (no title), as (value, label run).
    func tickLabels(_ scene: Scene, _ role: Role) -> [TextRun] {
        var runs: [TextRun] = []
        scene.forEachNode { node, parents in
            if case .text(let run) = node, run.rotation == 0, parents.last?.role == role { runs.append(run) }
        }
        return runs
    }

    /// The numbers an axis shows, bottom to top.
    func tickValues(_ scene: Scene, _ role: Role) -> [Double] {
        tickLabels(scene, role).compactMap { Double($0.text.replacing("\u{2212}", with: "-")) }
    }

    /// The union of the shapes' bounds in the `.annotation(i)` group.
    func annotationShapes(_ scene: Scene, _ i: Int) -> [Shape] {
        var shapes: [Shape] = []
        scene.forEachNode { node, parents in
            if case .shape(let s) = node, parents.last?.role == .annotation(i) { shapes.append(s) }
        }
        return shapes
    }

    /// Centers of the `.point` groups of series `k`, by index.
    func points(_ scene: Scene, series k: Int) -> [Int: Point] {
        var result: [Int: Point] = [:]
        scene.forEachNode { node, _ in
            guard case .group(let g) = node, case .point(let s, let i, _)? = g.role, s == k else { return }
            var bounds: Rect?
            for case .shape(let shape) in g.children where !shape.isInvisible {
                if let b = shape.path.controlBounds { bounds = bounds.map { $0.union(b) } ?? b }
            }
            if let bounds { result[i] = bounds.center }
        }
        return result
    }

    /// A bar chart with small bars on y and a line of large values on y2 (the classic mixed chart).
    static let mixed = #"{"type": "bar", "labels": ["a", "b", "c", "d"], "#
        + #""series": [{"values": [1, 2, 3, 2]}, {"values": [500, 700, 900, 650], "type": "line", "axis": "y2", "#
        + #""dots": true}], "y2": {"title": "Line"}}"#

    @Test func eachAxisCoversOnlyItsOwnSeries() throws {
        let scene = try scene(Self.mixed)
        let y = tickValues(scene, .yAxis), y2 = tickValues(scene, .y2Axis)
        #expect(y.first == 0, "bars keep zero: \(y)")
        #expect((y.last ?? 0) >= 3 && (y.last ?? .infinity) < 10, "y covers the bars alone: \(y)")
        // A y2 of lines only is not pulled to zero: it covers 500…900 and not much more.
        #expect((y2.first ?? 0) >= 400 && (y2.first ?? .infinity) <= 500, "\(y2)")
        #expect((y2.last ?? 0) >= 900 && (y2.last ?? .infinity) <= 1000, "\(y2)")
    }

    @Test func withoutASeriesOnY2ThereIsNoRightAxis() throws {
        let json = #"{"series": [{"values": [1, 2, 3]}], "y2": {"title": "unused"}}"#
        let scene = try scene(json)
        #expect(axisLine(scene, .y2Axis) == nil)
        let plain = try self.scene(#"{"series": [{"values": [1, 2, 3]}]}"#)
        #expect(try plot(scene) == (try plot(plain)))
    }

    /// Maps a value through an axis whose tick labels sit at their ticks (vertically centered: their baseline is
    /// (ascent − descent) / 2 below the tick), fitted from its lowest and highest tick.
    func mapping(_ scene: Scene, _ role: Role) throws -> (Double) -> Double {
        let labels = tickLabels(scene, role)
        let lo = try #require(labels.first), hi = try #require(labels.last)
        func tick(_ run: TextRun) throws -> (value: Double, y: Double) {
            let shift = (metrics.ascent(size: run.size) - metrics.descent(size: run.size)) / 2
            return (try #require(Double(run.text.replacing("\u{2212}", with: "-"))), run.position.y - shift)
        }
        let a = try tick(lo), b = try tick(hi)
        return { v in a.y + (v - a.value) * (b.y - a.y) / (b.value - a.value) }
    }

    @Test func aPointOnY2MapsThroughY2AndItsLabelsStandRightOfThePlot() throws {
        let scene = try scene(Self.mixed)
        let plot = try plot(scene)
        let y2 = try mapping(scene, .y2Axis)
        let line = points(scene, series: 1)
        #expect(line.count == 4)
        for (i, value) in [500.0, 700, 900, 650].enumerated() {
            let p = try #require(line[i])
            #expect(abs(p.y - y2(value)) < 1e-6, "point \(i) at \(p.y), y2 puts \(value) at \(y2(value))")
        }
        let y2Axis = try #require(axisLine(scene, .y2Axis))
        #expect(abs(y2Axis.0.x - plot.maxX) < 1e-9, "the y2 axis line is the plot's right edge")
        for run in tickLabels(scene, .y2Axis) {
            #expect(run.anchor == .start && run.position.x > plot.maxX)
        }
        // Its title reads downward near the canvas's right edge.
        var title: TextRun?
        scene.forEachNode { node, parents in
            if case .text(let run) = node, run.rotation != 0, parents.last?.role == .y2Axis { title = run }
        }
        #expect(title?.text == "Line" && title?.rotation == 90 && (title?.position.x ?? 0) > plot.maxX)
    }

    @Test func aLineChartSplitsItsSeriesBetweenTheAxes() throws {
        let json = #"{"labels": ["a", "b", "c"], "series": [{"values": [10, 20, 15], "dots": true}, "#
            + #"{"values": [0.1, 0.5, 0.3], "axis": "y2", "dots": true}], "y2": {"min": 0, "max": 1}}"#
        let scene = try scene(json)
        let y = try mapping(scene, .yAxis), y2 = try mapping(scene, .y2Axis)
        for (k, values, map) in [(0, [10.0, 20, 15], y), (1, [0.1, 0.5, 0.3], y2)] {
            let drawn = points(scene, series: k)
            for (i, v) in values.enumerated() {
                #expect(abs((drawn[i]?.y ?? .nan) - map(v)) < 1e-6, "series \(k) point \(i)")
            }
        }
        #expect(tickValues(scene, .y2Axis).first == 0 && tickValues(scene, .y2Axis).last == 1)
    }

    @Test func aHorizontalLineOnY2IsDrawnAtItsY2Value() throws {
        let json = #"{"labels": ["a", "b", "c"], "series": [{"values": [10, 20, 15]}, "#
            + #"{"values": [100, 500, 300], "axis": "y2"}], "y2": {"min": 0, "max": 1000}, "#
            + #""y": {"min": 0, "max": 40}, "#
            + #""annotations": [{"type": "hline", "y": 250, "axis": "y2"}, {"type": "hline", "y": 30}]}"#
        let scene = try scene(json)
        let plot = try plot(scene)
        for (i, expected) in [(0, plot.maxY - 0.25 * plot.height), (1, plot.maxY - 0.75 * plot.height)] {
            let line = try #require(annotationShapes(scene, i).first?.path.controlBounds)
            #expect(abs(line.minY - expected) < 1e-6 && line.height == 0, "line \(i) at \(line.minY), not \(expected)")
        }
    }

    @Test func aBoxCoversItsDataBoundsAndAbsentBoundsReachThePlotEdges() throws {
        let json = #"{"labels": ["a", "b", "c", "d"], "series": [{"values": [10, 20, 15, 30], "dots": true}], "#
            + #""y": {"min": 0, "max": 40}, "annotations": [{"type": "box", "xMin": 1, "xMax": 2, "yMin": 10, "#
            + #""yMax": 30, "label": "Target"}, {"type": "box", "yMin": 20}, {"type": "box", "xMin": 9, "xMax": 12}]}"#
        let scene = try scene(json)
        let plot = try plot(scene)
        let x = points(scene, series: 0)
        func y(_ v: Double) -> Double { plot.maxY - v / 40 * plot.height }
        let box = try #require(annotationShapes(scene, 0).first?.path.controlBounds)
        let expected = Rect(x: try #require(x[1]).x, y: y(30), width: try #require(x[2]).x - x[1]!.x,
                            height: y(10) - y(30))
        for (got, want) in [(box.minX, expected.minX), (box.maxX, expected.maxX), (box.minY, expected.minY),
                            (box.maxY, expected.maxY)] {
            #expect(abs(got - want) < 1e-6, "box \(box) should be \(expected)")
        }
        // Only yMin: from 20 up to the plot's top, across the whole plot.
        let open = try #require(annotationShapes(scene, 1).first?.path.controlBounds)
        #expect(abs(open.minX - plot.minX) < 1e-6 && abs(open.maxX - plot.maxX) < 1e-6)
        #expect(abs(open.minY - plot.minY) < 1e-6 && abs(open.maxY - y(20)) < 1e-6)
        // Entirely right of the data: nothing to draw.
        #expect(annotationShapes(scene, 2).isEmpty)
    }

    @Test func boxesAreDrawnBehindTheSeriesWithTheirLabel() throws {
        let json = #"{"series": [{"values": [1, 3, 2]}], "annotations": [{"type": "box", "xMin": 0.5, "xMax": 1.5, "#
            + ##""color": "#ff000040", "borderColor": "red", "label": "Zone"}]}"##
        let scene = try scene(json)
        var order: [String] = []
        var label: String?
        scene.forEachNode { node, parents in
            guard case .group(let g) = node else {
                if case .text(let run) = node, case .annotation? = parents.last?.role { label = run.text }
                return
            }
            if case .annotation? = g.role { order.append("box") }
            if g.role == .plot { order.append("plot") }
        }
        // The rectangle behind the series, its label (placed clear of them) over them.
        #expect(order == ["box", "plot", "box"])
        #expect(label == "Zone")
        let shape = try #require(annotationShapes(scene, 0).first)
        #expect(shape.fill == .solid(Color(red: 255, green: 0, blue: 0, alpha: 0x40)))
        #expect(shape.stroke == .solid(Color(rgb: 0xFF0000)))
    }

    @Test func boxBoundsOnATimeAxisAreTimestamps() throws {
        let json = #"{"x": {"type": "time"}, "series": [{"points": [["2026-03-01", 1], ["2026-03-03", 2], "#
            + #"["2026-03-05", 3]], "dots": true}], "annotations": [{"type": "box", "xMin": "2026-03-03", "#
            + #""xMax": "2026-03-05T00:00Z"}]}"#
        let scene = try scene(json)
        let x = points(scene, series: 0)
        let box = try #require(annotationShapes(scene, 0).first?.path.controlBounds)
        #expect(abs(box.minX - (x[1]?.x ?? .nan)) < 1e-6 && abs(box.maxX - (x[2]?.x ?? .nan)) < 1e-6)
    }

    @Test func theDescriptionNamesBothRanges() throws {
        let json = #"{"series": [{"values": [0, 100]}, {"values": [0, 1], "axis": "y2"}], "#
            + #""y": {"min": 0, "max": 100}, "y2": {"min": 0, "max": 1, "format": ".0%"}}"#
        #expect(try scene(json).description.hasSuffix("; y from 0 to 100; y2 from 0% to 100%"))
    }

    @Test func aLeadChartDrawsBoxesBehindItsPlot() throws {
        let json = #"{"type": "diff", "series": [{"values": [3, 5, 4]}, {"values": [1, 6, 2]}], "#
            + #""y": {"min": -4, "max": 4}, "annotations": [{"type": "box", "yMin": 0, "yMax": 2}]}"#
        let scene = try scene(json)
        let plot = try plot(scene)
        let box = try #require(annotationShapes(scene, 0).first?.path.controlBounds)
        #expect(abs(box.minY - (plot.minY + plot.height * 0.25)) < 1e-6 && abs(box.maxY - plot.center.y) < 1e-6)
        var order: [String] = []
        scene.forEachNode { node, _ in
            guard case .group(let g) = node else { return }
            if case .annotation? = g.role { order.append("box") } else if g.role == .plot { order.append("plot") }
        }
        #expect(order == ["box", "plot"])
    }

    /// Bars on a time axis sit on bands: a box's timestamps move onto them with the bars (band centers).
    @Test func boxBoundsFollowTimeBarsOntoTheirBands() throws {
        let json = #"{"type": "bar", "x": {"type": "time"}, "series": [{"points": [["2026-03-01", 1], "#
            + #"["2026-03-02", 2], ["2026-03-03", 3]]}], "annotations": [{"type": "box", "xMin": "2026-03-02", "#
            + #""xMax": "2026-03-03"}]}"#
        let scene = try scene(json)
        var centers: [Int: Double] = [:]
        scene.forEachNode { node, _ in
            guard case .group(let g) = node, case .bar(_, let i, _, _)? = g.role else { return }
            for case .shape(let shape) in g.children { centers[i] = shape.path.controlBounds?.center.x }
        }
        let box = try #require(annotationShapes(scene, 0).first?.path.controlBounds)
        #expect(abs(box.minX - (centers[1] ?? .nan)) < 1e-6 && abs(box.maxX - (centers[2] ?? .nan)) < 1e-6)
    }

    /// Hostile bounds stay on the canvas: a box from −1e300 to 1e300 is the whole plot, not an overflow.
    @Test func extremeBoundsAreCutToThePlot() throws {
        let json = #"{"series": [{"values": [1, 2]}, {"values": [1e-300, 1e300], "axis": "y2"}], "#
            + #""annotations": [{"type": "box", "xMin": -1e300, "xMax": 1e300, "yMin": -1e308, "yMax": 1e308, "#
            + #""axis": "y2"}]}"#
        let scene = try scene(json)
        let plot = try plot(scene)
        let box = try #require(annotationShapes(scene, 0).first?.path.controlBounds)
        #expect(box.minX >= plot.minX - 1e-6 && box.maxX <= plot.maxX + 1e-6)
        #expect(box.minY >= plot.minY - 1e-6 && box.maxY <= plot.maxY + 1e-6)
        #expect(geometryProblems(scene, metrics: metrics).isEmpty)
    }
}
