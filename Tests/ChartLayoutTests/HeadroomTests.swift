import ChartScene
import ChartSpec
import ChartText
import Testing
@testable import ChartLayout

/// Headroom: no dot, bubble, stroke or bar label touches the plot frame or crosses an axis line, over many random
/// series of every axis-based kind and canvas size (issue 13, item 3).
struct HeadroomTests {
    let metrics = ApproximateMetrics()

    /// The kinds of marks the property runs over.
    enum Kind: CaseIterable { case line, lineDots, area, scatter, bubbles, bars, barLabels, horizontalBarLabels }

    static let canvases: [(Double, Double)] = [(640, 360), (375, 240), (900, 500), (300, 200), (480, 640)]

    /// A random spec of `kind`: 1–3 series of 2–30 points with values from one of several ranges (positive,
    /// negative, crossing zero, all zero, all equal), sometimes a gap, random line widths and dot styles.
    static func randomSpec(_ kind: Kind, canvas: (Double, Double), rng: inout SeededRandom) -> ChartSpec {
        let count = Int.random(in: 2...30, using: &rng)
        let (lo, hi): (Double, Double) = [(0, 100), (-5, 6), (-1000, -10), (0, 0), (42, 42), (0.001, 0.009),
                                          (-3e6, 7e6)][Int.random(in: 0..<7, using: &rng)]
        var spec = makeSpec([], width: canvas.0, height: canvas.1)
        spec.title = Bool.random(using: &rng) ? "Random \(kind)" : nil
        spec.type = switch kind {
        case .line, .lineDots: .line
        case .area: .area
        case .scatter, .bubbles: .scatter
        case .bars, .barLabels, .horizontalBarLabels: .bar
        }
        spec.bars.valueLabels = kind == .barLabels || kind == .horizontalBarLabels
        if kind == .horizontalBarLabels { spec.bars.orientation = .horizontal }
        spec.series = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
            var series = Series(points: (0..<count).map { i in
                let y = lo == hi ? lo : Double.random(in: lo...hi, using: &rng).rounded()
                return DataPoint(x: kind == .bubbles || kind == .scatter ? Double.random(in: 0...70, using: &rng)
                                     : Double(i), y: i == 1 && count > 3 && Bool.random(using: &rng) ? nil : y)
            })
            series.lineWidth = [1, 2, 3.5, 6][Int.random(in: 0..<4, using: &rng)]
            series.dots = kind == .lineDots
            if kind == .bubbles { series.sizes = (0..<count).map { _ in Double.random(in: 0...500, using: &rng) } }
            return series
        }
        return spec
    }

    /// Each visible mark's pixel box (path bounds grown by half its stroke, text by its measured box), with whether
    /// it is a bar, which may stand on the axis: what is drawn in the plot group and, when `transposed`, the bar
    /// value labels, checked across only (where a label goes along the bands is label placement's, item 4).
    /// Vertical bars' labels are not checked: their reach covers the first position past the bar's end only, and
    /// a label pushed further out by its neighbours may cross the top of the plot.
    func markBoxes(_ scene: Scene, transposed: Bool = false) -> [(box: Rect, bar: Bool)] {
        var boxes: [(box: Rect, bar: Bool)] = []
        scene.forEachNode { node, parents in
            guard parents.contains(where: {
                if case .valueLabel = $0.role { return transposed } else { return $0.role == .plot }
            }), !parents.contains(where: { if case .seriesArea = $0.role { true } else { false } }) else { return }
            let bar = parents.contains { if case .bar = $0.role { true } else { false } }
            switch node {
            case .hitTarget: return  // invisible, as a transparent circle
            case .shape(let s):
                guard s.fill != .solid(.transparent) || s.stroke != nil, let b = s.path.controlBounds else { return }
                boxes.append((b.insetBy(-(s.stroke == nil ? 0 : s.strokeStyle.width / 2)), bar))
            case .text(let t):
                var box = TextBox(t, metrics: metrics).bounds
                if transposed {
                    (box.y, box.height) = (t.position.y, 0)
                } else {
                    (box.x, box.width) = (t.position.x, 0)
                }
                boxes.append((box, false))
            default: break
            }
        }
        return boxes
    }

    @Test(arguments: Kind.allCases)
    func noMarkTouchesThePlotFrame(_ kind: Kind) throws {
        var rng = SeededRandom(seed: UInt64(Kind.allCases.firstIndex(of: kind) ?? 0) + 13)
        for n in 0..<60 {
            let canvas = Self.canvases[n % Self.canvases.count]
            let spec = Self.randomSpec(kind, canvas: canvas, rng: &rng)
            let scene = ChartLayout.scene(for: spec, metrics: metrics)
            guard let plot = plotFrame(scene) else {
                Issue.record("\(kind) #\(n): no axes")
                continue
            }
            let transposed = kind == .horizontalBarLabels
            let boxes = markBoxes(scene, transposed: transposed)
            #expect(!boxes.isEmpty || kind == .bars || kind == .barLabels || transposed, "\(kind) #\(n): no marks")
            if transposed {
                expectInsideTransposed(boxes, plot: try #require(transposedPlot(scene)), "\(kind) #\(n) \(canvas)")
                continue
            }
            for (box, bar) in boxes {
                let apart = (x: box.minX >= plot.minX + 0.5 && box.maxX <= plot.maxX - 0.5,
                             top: box.minY >= plot.minY + 0.5, bottom: box.maxY <= plot.maxY - 0.5)
                // Bars stand on the zero baseline, and an area's zero values lie on it: such a mark may touch the
                // frame at that one end (the top when all values are negative). Nothing crosses the frame, and
                // nothing else reaches it.
                var inside = apart.x && apart.top && apart.bottom
                if bar || kind == .area {
                    let slack = bar ? 1e-9 : 3  // half the widest area stroke, centered on the baseline
                    inside = apart.x && (apart.top || apart.bottom) && box.minY >= plot.minY - slack
                        && box.maxY <= plot.maxY + slack
                }
                #expect(inside, "\(kind) #\(n) \(canvas): \(box) against \(plot)")
            }
        }
    }

    /// Horizontal bars' frame: the value axis line along the bottom spans the plot's width (the category axis line
    /// stands on the zero baseline, not at the plot's left edge when values are negative).
    func transposedPlot(_ scene: Scene) -> Rect? {
        guard let category = plotFrame(scene),
              case .shape(let s)? = nodes(in: scene, under: .xAxis).first(where: {
                  if case .shape = $0 { true } else { false }
              }), let bottom = s.path.controlBounds else { return nil }
        return Rect(x: bottom.minX, y: category.minY, width: bottom.width, height: category.height)
    }

    /// Horizontal bars stand on the zero baseline and may touch the frame at that end only (the left, or the right
    /// when all values are negative); their value labels and every other mark stay ≥ 0.5 px clear of the left and
    /// right edges. Labels are not checked vertically (`markBoxes`).
    func expectInsideTransposed(_ boxes: [(box: Rect, bar: Bool)], plot: Rect, _ name: String) {
        for (box, bar) in boxes {
            let left = box.minX >= plot.minX + 0.5, right = box.maxX <= plot.maxX - 0.5
            let vertical = box.height == 0 || (box.minY >= plot.minY + 0.5 && box.maxY <= plot.maxY - 0.5)
            let inside = bar ? vertical && (left || right) && box.minX >= plot.minX - 1e-9
                && box.maxX <= plot.maxX + 1e-9 : vertical && left && right
            #expect(inside, "\(name): \(bar ? "bar" : "label") \(box) against \(plot)")
        }
    }

    /// The issue's cases: Q1 = 22 no longer sits on a 20 axis, −5 not on a −5 axis, and all-zero series are off the
    /// x axis line.
    @Test(arguments: [[22.0, 45, 68, 91], [-5, -1, 3, 3, 6], [0, 0, 0]])
    func extremesGetRoomBelowAndAbove(_ values: [Double]) throws {
        var spec = makeSpec([values.map { $0 }, values.map { $0 }])
        spec.series[0].dots = true
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let plot = try #require(plotFrame(scene))
        for (box, _) in markBoxes(scene) {
            let below = plot.maxY - box.maxY, above = box.minY - plot.minY
            #expect(below > 1 && above > 1, "\(box) in \(plot)")
        }
    }

    /// Data of one sign never gets a tick of the other: goals 0…4 (and losses −4…0) keep zero as the outermost tick,
    /// and the dots at zero get a sliver of axis beyond it rather than a −1 (or +1) tick.
    @Test(arguments: [([1.0, 3, 0, 2, 4], "0"), ([0.5, 12, 37], "0"), ([-1.0, -3, 0, -2, -4], nil)])
    func oneSignedDataKeepsZeroAsItsOutermostTick(_ values: [Double], lowest: String?) throws {
        var spec = makeSpec([values])
        spec.series[0].dots = true
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let labels = yTickLabels(scene)
        if let lowest { #expect(labels.first == lowest, "\(labels)") } else { #expect(labels.last == "0", "\(labels)") }
        #expect(labels.contains { $0.hasPrefix("-") } == (lowest == nil), "\(labels)")
        let plot = try #require(plotFrame(scene))
        for (box, _) in markBoxes(scene) {  // the random-series test's margin: clear of the frame by ≥ 0.5 px
            #expect(plot.maxY - box.maxY >= 0.5 && box.minY - plot.minY >= 0.5, "\(box) in \(plot)")
        }
    }

    /// Explicit bounds are respected even when a mark then touches the frame: the line spans the plot exactly.
    @Test func explicitBoundsAreKept() throws {
        var spec = makeSpec([[22, 45, 68, 91]])
        spec.y.min = 22
        spec.y.max = 91
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let plot = try #require(plotFrame(scene))
        let line = try #require(nodes(in: scene, under: .seriesLine(0)).compactMap { node -> Rect? in
            if case .shape(let s) = node { s.path.controlBounds } else { nil }
        }.first)
        #expect(abs(line.minY - plot.minY) < 0.5 && abs(line.maxY - plot.maxY) < 0.5, "\(line) in \(plot)")
    }

    /// Bars keep their zero baseline: no negative headroom below all-positive bars.
    @Test func barsStartAtZero() throws {
        var spec = makeSpec([[3, 7, 12]])
        spec.type = .bar
        let ticks = yTickLabels(ChartLayout.scene(for: spec, metrics: metrics))
        #expect(ticks.first == "0", "\(ticks)")
    }

    /// Scatter axes end on ticks: the x axis of bubbles from 2 to 65 starts at a labelled tick at or below the
    /// first bubble's left edge, and "0" is labelled.
    @Test func scatterAxesEndOnTicks() throws {
        var spec = makeSpec([])
        spec.type = .scatter
        var series = Series(points: [DataPoint(x: 2.5, y: 70), DataPoint(x: 12, y: 78), DataPoint(x: 65, y: 83)],
                            hasNumericX: true)
        series.sizes = [1400, 1400, 5]
        spec.series = [series]
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let plot = try #require(plotFrame(scene))
        let xTexts = nodes(in: scene, under: .xAxis).compactMap { node -> TextRun? in
            if case .text(let t) = node { t } else { nil }
        }
        #expect(xTexts.contains { $0.text == "0" })
        #expect(abs((xTexts.first?.position.x ?? 0) - plot.minX) < 0.5, "the first x tick is the frame's left edge")
        let yTicks = yTickRuns(scene)
        #expect(abs((yTicks.first?.position.y ?? 0) - plot.maxY) < 6, "the lowest y tick is the frame's bottom")
    }

    func yTickRuns(_ scene: Scene) -> [TextRun] {
        nodes(in: scene, under: .yAxis).compactMap { node -> TextRun? in
            if case .text(let t) = node, t.rotation == 0 { t } else { nil }
        }
    }

    func yTickLabels(_ scene: Scene) -> [String] {
        yTickRuns(scene).map { $0.text.replacingOccurrences(of: "\u{2212}", with: "-") }
    }
}
