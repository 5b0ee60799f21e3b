import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

/// The series and mark styling fields (issue 14): per-point colors, outlines, bar fractions, bubble radii in px,
/// fill color and target, `line: false`, dot shapes — checked on the scene's geometry and paints.
struct MarkStylingTests {
    let metrics = ApproximateMetrics()

    func scene(_ json: String) throws -> Scene {
        ChartLayout.scene(for: try ChartSpec.parse(Array(json.utf8)), metrics: metrics)
    }

    /// The shapes of every group with a role matching `match`, keyed by what `match` returns.
    func shapes<Key: Hashable>(_ scene: Scene, _ match: (Role) -> Key?) -> [Key: [Shape]] {
        var result: [Key: [Shape]] = [:]
        for g in groups(scene) {
            guard let role = g.role, let key = match(role) else { continue }
            for case .shape(let shape) in g.children { result[key, default: []].append(shape) }
        }
        return result
    }

    func bars(_ scene: Scene) -> [[Int]: [Shape]] {
        shapes(scene) { if case .bar(let s, let i, _, _) = $0 { [s, i] } else { nil } }
    }

    func points(_ scene: Scene) -> [[Int]: [Shape]] {
        shapes(scene) { if case .point(let s, let i, _) = $0 { [s, i] } else { nil } }
    }

    func solid(_ paint: Paint?) -> Color? {
        if case .solid(let c)? = paint { c } else { nil }
    }

    // MARK: Bar fractions

    /// Chart.js (controller.bar.js, category scale with offset): a category is plot width / n wide; its bars share
    /// categoryFraction of it around its center, each of the k grouped bars barFraction of a 1/k slot.
    @Test(arguments: [(0.8, 0.9), (1.0, 1.0), (0.5, 0.25), (0.05, 1.0)])
    func groupedBarsFollowChartJSFractions(_ categoryFraction: Double, _ barFraction: Double) throws {
        let scene = try scene(#"""
            {"type": "bar", "labels": ["a", "b", "c", "d"],
             "series": [{"values": [3, 5, 2, 4]}, {"values": [4, 1, 6, 2]}, {"values": [2, 2, 2, 2]}],
             "bars": {"categoryFraction": \#(categoryFraction), "barFraction": \#(barFraction)}}
            """#)
        let plot = try #require(plotFrame(scene))
        let categoryWidth = plot.width / 4
        let slot = categoryWidth * categoryFraction / 3
        let rects = bars(scene)
        for c in 0..<4 {
            let center = plot.minX + categoryWidth * (Double(c) + 0.5)
            for s in 0..<3 {
                let r = try #require(rects[[s, c]]?.first?.path.controlBounds)
                #expect(abs(r.width - slot * barFraction) < 1e-9)
                let slotCenter = center - categoryWidth * categoryFraction / 2 + slot * (Double(s) + 0.5)
                #expect(abs(r.center.x - slotCenter) < 1e-9)
            }
        }
    }

    @Test func stackedAndHorizontalBarsTakeTheWholeBand() throws {
        let stacked = try scene(#"""
            {"type": "bar", "labels": ["a", "b"], "series": [{"values": [3, 5]}, {"values": [4, 1]}],
             "bars": {"mode": "stacked", "categoryFraction": 0.6}}
            """#)
        let plot = try #require(plotFrame(stacked))
        for (key, shapes) in bars(stacked) {
            let r = try #require(shapes.first?.path.controlBounds)
            // barFraction defaults to Chart.js's 0.9 once either fraction is given.
            #expect(abs(r.width - plot.width / 2 * 0.6 * 0.9) < 1e-9, "\(key)")
            #expect(abs(r.center.x - (plot.minX + plot.width / 2 * (Double(key[1]) + 0.5))) < 1e-9)
        }
        let horizontal = try scene(#"""
            {"type": "bar", "labels": ["a", "b", "c"], "series": [{"values": [3, 5, 1]}],
             "bars": {"orientation": "horizontal", "barFraction": 0.5}}
            """#)
        let frame = try #require(plotFrame(horizontal))
        for shapes in bars(horizontal).values {
            let r = try #require(shapes.first?.path.controlBounds)
            #expect(abs(r.height - frame.height / 3 * 0.8 * 0.5) < 1e-9)
        }
    }

    @Test func withoutFractionsBarsKeepTheirSpacing() throws {
        let json = #"{"type": "bar", "series": [{"values": [3, 5]}, {"values": [4, 1]}]"#
        let plain = bars(try scene(json + "}")), fractions = bars(try scene(json + #", "bars": {"barFraction": 1}}"#))
        #expect(plain[[0, 0]]?.first?.path.controlBounds != fractions[[0, 0]]?.first?.path.controlBounds)
    }

    // MARK: Per-point colors and outlines

    @Test func barsTakeTheirOwnColorAndOutline() throws {
        let scene = try scene(#"""
            {"type": "bar", "series": [{"values": [3, 5, 2, -4], "color": "#0000ff",
              "colors": ["#ff0000", null, "rgba(0, 255, 0, 0.5)"], "borderColor": "#000000", "borderWidth": 3}]}
            """#)
        let rects = bars(scene)
        // The fourth bar is past the list, which repeats: it takes the first entry again.
        let expected: [Color] = [Color(rgb: 0xFF0000), Color(rgb: 0x0000FF), Color(rgb: 0x00FF00).withOpacity(0.5),
                                 Color(rgb: 0xFF0000)]
        for (i, color) in expected.enumerated() {
            let shapes = try #require(rects[[0, i]])
            try #require(shapes.count == 2)
            #expect(solid(shapes[0].fill) == color)
            // The outline lies inside the bar: stroked 3 px wide on the bar inset by 1.5 px.
            #expect(solid(shapes[1].stroke) == Color(rgb: 0))
            #expect(shapes[1].fill == nil)
            #expect(shapes[1].strokeStyle.width == 3)
            let bar = try #require(shapes[0].path.controlBounds), line = try #require(shapes[1].path.controlBounds)
            #expect(abs(line.minX - (bar.minX + 1.5)) < 1e-9 && abs(line.maxX - (bar.maxX - 1.5)) < 1e-9)
            #expect(abs(line.minY - (bar.minY + 1.5)) < 1e-9 && abs(line.maxY - (bar.maxY - 1.5)) < 1e-9)
        }
    }

    @Test func anOutlineWithoutAColorTakesTheBarsColor() throws {
        let rects = bars(try scene(#"{"type": "bar", "series": [{"values": [3], "color": "red", "borderWidth": 2}]}"#))
        let shapes = try #require(rects[[0, 0]])
        #expect(shapes.count == 2 && solid(shapes[1].stroke) == Color(rgb: 0xFF0000))
        let plain = bars(try scene(#"{"type": "bar", "series": [{"values": [3], "borderWidth": 0}]}"#))
        #expect(plain[[0, 0]]?.count == 1)
    }

    @Test func manyBarsAreOneShapePerRunOfColors() throws {
        let values = (0..<3000).map { _ in "1" }.joined(separator: ",")
        let colors = (0..<3000).map { $0 < 1500 ? #""red""# : #""blue""# }.joined(separator: ",")
        let scene = try scene(#"{"type": "bar", "series": [{"values": [\#(values)], "colors": [\#(colors)]}]}"#)
        var fills: [Color] = []
        for case .shape(let s) in nodes(in: scene, under: .series(0)) { fills += solid(s.fill).map { [$0] } ?? [] }
        #expect(fills == [Color(rgb: 0xFF0000), Color(rgb: 0x0000FF)])
    }

    @Test func pieSlicesTakeTheSeriesColorsAndOutline() throws {
        let json = #"{"type": "pie", "labels": ["a", "b", "c"], "series": [{"values": [5, 3, 2]"#
        let styled = json
            + ##", "colors": ["#102030", null, "#405060"], "borderColor": "#ffffff", "borderWidth": 4}]}"##
        let slice: (Role) -> Int? = { if case .slice(let n, _) = $0 { n } else { nil } }
        let slices = shapes(try scene(styled), slice), plain = shapes(try scene(json + "}]}"), slice)
        #expect(solid(slices[0]?.first?.fill) == Color(rgb: 0x102030))
        #expect(solid(slices[1]?.first?.fill) == solid(plain[1]?.first?.fill))
        #expect(solid(slices[2]?.first?.fill) == Color(rgb: 0x405060))
        for n in 0..<3 {
            #expect(solid(slices[n]?.first?.stroke) == .white)
            #expect(slices[n]?.first?.strokeStyle.width == 4)
            // Without outline fields: today's 1 px background-colored separators.
            #expect(plain[n]?.first?.strokeStyle.width == 1)
        }
    }

    // MARK: Bubbles and dots

    @Test func bubbleRadiusInPixels() throws {
        let scene = try scene(#"""
            {"type": "scatter", "series": [{"points": [[1, 1, 10], [2, 2, 30], [3, 3, 0]], "sizeMode": "radius",
              "colors": [null, "#00ff00"], "borderColor": "#000000", "borderWidth": 2},
             {"points": [[1.5, 2, 5], [2.5, 1, 20]]}]}
            """#)
        let marks = points(scene)
        for (i, r) in [10.0, 30, 0].enumerated() {
            let shape = try #require(marks[[0, i]]?.first)
            let bounds = try #require(shape.path.controlBounds)
            #expect(abs(bounds.width - 2 * r) < 1e-9, "point \(i)")
            #expect(shape.strokeStyle.width == 2 && solid(shape.stroke) == Color(rgb: 0))
        }
        #expect(solid(marks[[0, 1]]?.first?.fill) == Color(rgb: 0x00FF00).withOpacity(0.6))
        // The scaled series ignores the radius series' sizes: its largest size (20) gets the largest radius, 24 px,
        // and keeps its 1 px outline in its own color.
        let scaled = try #require(marks[[1, 1]]?.first)
        #expect(abs(try #require(scaled.path.controlBounds).width - 48) < 1e-9)
        #expect(scaled.strokeStyle.width == 1)
    }

    /// Each shape fits the circle of the dot radius with its corners on it (Chart.js `drawPoint`).
    static let dotBounds: [(String, Double, Double)] = [
        ("square", 12 / 2.0.squareRoot(), 12 / 2.0.squareRoot()), ("diamond", 12, 12),
        ("triangle", 6 * 3.0.squareRoot(), 9), ("cross", 12, 12), ("circle", 12, 12),
    ]

    @Test(arguments: dotBounds)
    func dotShapes(_ shape: String, _ width: Double, _ height: Double) throws {
        let scene = try scene(#"""
            {"series": [{"values": [1, 3, 2], "dots": {"radius": 6, "shape": "\#(shape)", "style": "filled"},
              "colors": ["#ff0000", null], "color": "#0000ff"}]}
            """#)
        let marks = points(scene)
        for i in 0..<3 {
            let dot = try #require(marks[[0, i]]?.first)
            let bounds = try #require(dot.path.controlBounds)
            #expect(abs(bounds.width - width) < 1e-9 && abs(bounds.height - height) < 1e-9)
            let color = Color(rgb: i == 1 ? 0x0000FF : 0xFF0000)  // red, the series' blue for null, red again
            #expect(shape == "cross" ? solid(dot.stroke) == color && dot.fill == nil : solid(dot.fill) == color)
        }
    }

    @Test func scatterDotsTakeTheDotRadius() throws {
        let json = #"{"type": "scatter", "series": [{"points": [[1, 1], [2, 2]], "dots": {"radius": 9}}]}"#
        let marks = points(try scene(json))
        #expect(abs(try #require(marks[[0, 1]]?.first?.path.controlBounds).width - 18) < 1e-9)
    }

    @Test func hollowDotsRingTheirPointColor() throws {
        let marks = points(try scene(#"{"series": [{"values": [1, 3], "dots": true, "colors": [null, "lime"]}]}"#))
        #expect(solid(marks[[0, 1]]?.first?.stroke) == Color(rgb: 0x00FF00))
        #expect(solid(marks[[0, 0]]?.first?.stroke) != Color(rgb: 0x00FF00))
    }

    // MARK: Lines and fills

    @Test func noLineLeavesTheDots() throws {
        let json = #"{"series": [{"values": [1, 3, null, 2, null, 4], "dots": true, "line": false}, "#
            + #"{"values": [2, 2, null, 1, null, 1], "line": false}]}"#
        let scene = try scene(json)
        let lines = groups(scene).filter { if case .seriesLine? = $0.role { true } else { false } }
        #expect(lines.isEmpty)
        let marks = points(scene)
        #expect(marks.keys.filter { $0[0] == 0 }.count == 4)
        // The series without dots draws nothing, not even its lone points (index 3, between gaps).
        #expect(marks.keys.allSatisfy { $0[0] == 0 || marks[$0]?.allSatisfy(\.isInvisible) == true })
        // Both keep their legend entries, a dot without a stroke.
        for k in 0..<2 {
            let swatch = nodes(in: scene, under: .legendItem(series: k)).compactMap { node -> Shape? in
                if case .shape(let s) = node { s } else { nil }
            }
            #expect(!swatch.isEmpty && swatch.allSatisfy { $0.stroke == nil && $0.fill != nil })
        }
    }

    /// The subpaths (move-tos) of series 0's line.
    func lineSubpaths(_ json: String) throws -> Int {
        let line = try #require(nodes(in: try scene(json), under: .seriesLine(0)).lazy.compactMap { node -> Shape? in
            if case .shape(let s) = node { s } else { nil }
        }.first)
        return line.path.elements.filter { if case .move = $0 { true } else { false } }.count
    }

    @Test func spanGapsBridgesTheNulls() throws {
        let values = #""values": [1, 3, null, 2, 5, null, null, 4, 1]"#  // runs of two, three subpaths
        #expect(try lineSubpaths(#"{"series": [{\#(values)}]}"#) == 3)
        #expect(try lineSubpaths(#"{"series": [{\#(values), "spanGaps": true}]}"#) == 1)
        #expect(try lineSubpaths(#"{"series": [{\#(values), "spanGaps": true, "fill": "solid"}]}"#) == 1)
    }

    /// Bridged, 50k one-point runs are one line, decimated as one (kept point by point they would be 50k segments).
    @Test func bridgedGapsAreDecimatedAsOneLine() throws {
        let values = (0..<100_000).map { $0 % 2 == 1 ? "null" : String($0 % 10) }.joined(separator: ",")
        let scene = try scene(#"{"width": 400, "series": [{"values": [\#(values)], "spanGaps": true}]}"#)
        let line = try #require(nodes(in: scene, under: .seriesLine(0)).lazy.compactMap { node -> Shape? in
            if case .shape(let s) = node { s } else { nil }
        }.first)
        #expect(line.path.elements.filter { if case .move = $0 { true } else { false } }.count == 1)
        #expect(line.path.elements.count < 5_000)
    }

    func area(_ scene: Scene) throws -> Shape {
        try #require(nodes(in: scene, under: .seriesArea(0)).lazy.compactMap { node -> Shape? in
            if case .shape(let s) = node { s } else { nil }
        }.first)
    }

    @Test func fillColorWithAlphaIsUsedAsGiven() throws {
        let base = #"{"series": [{"values": [3, 5, 4], "color": "red", "fill": "solid""#
        let translucent = try area(try scene(base + #", "fillColor": "rgba(0, 0, 255, 0.2)"}]}"#))
        #expect(solid(translucent.fill) == Color(rgb: 0x0000FF).withOpacity(0.2))
        let opaque = try area(try scene(base + #", "fillColor": "blue"}]}"#))
        #expect(solid(opaque.fill) == Color(rgb: 0x0000FF).withOpacity(0.25))
        let multiplied = try area(try scene(base + #", "fillColor": "rgba(0, 0, 255, 0.5)", "fillOpacity": 0.5}]}"#))
        #expect(solid(multiplied.fill)?.alpha == UInt8((127.5 * 0.5).rounded()))
        // The line keeps its own color.
        let line = nodes(in: try scene(base + #", "fillColor": "blue"}]}"#), under: .seriesLine(0))
        #expect(line.contains { if case .shape(let s) = $0 { solid(s.stroke) == Color(rgb: 0xFF0000) } else { false } })
    }

    @Test func fillToTheBottomOrTopEdge() throws {
        let base = #"{"series": [{"values": [-3, 5, 4], "fill": "solid""#
        let zero = try #require(try area(try scene(base + "}]}")).path.controlBounds)
        let bottom = try scene(base + #", "fillTo": "bottom"}]}"#), top = try scene(base + #", "fillTo": "top"}]}"#)
        let plot = try #require(plotFrame(bottom))
        #expect(zero.maxY < plot.maxY - 1)
        #expect(abs(try #require(try area(bottom).path.controlBounds).maxY - plot.maxY) < 1e-9)
        #expect(abs(try #require(try area(top).path.controlBounds).minY - plot.minY) < 1e-9)
        #expect(try area(try scene(base + #", "fillTo": "zero"}]}"#)).path.controlBounds == zero)
    }
}
