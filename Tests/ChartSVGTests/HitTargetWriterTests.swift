import ChartAnimation
import ChartScene
import Testing
@testable import ChartSVG

/// The SVG and SMIL writers write a hit target byte for byte as the `.point` group it stands for
/// (`HitTarget.group`), which the general group writer is the oracle for.
struct HitTargetWriterTests {
    static func target(_ index: Int, _ center: Point, _ radius: Double, prefix: String = "Series 1 · ",
                       label: String = "D1", value: String = "38.59") -> Node {
        .hitTarget(HitTarget(series: index % 3, index: index, progress: Double(index % 10) / 10, center: center,
                             radius: radius, tooltip: PointTooltip(prefix: prefix, label: label, value: value)))
    }

    /// Targets as the layout makes them and at the edges of the writer's fast path: radius 0 (a degenerate
    /// circle, written as a path), coordinates past a million pixels, fractions that round at the hundredth, tooltips
    /// that need escaping or hold characters XML cannot (dropped), prefixes that change and come back, radii that
    /// change between consecutive targets (the circle template is rebuilt), and visible dots in between.
    static let nodes: [Node] = {
        var nodes: [Node] = []
        var n = 0
        for (prefix, label, value) in [("Series 1 · ", "D0", "38.59"), ("Series 1 · ", "D1", "−1,234.5"),
                                       ("<b>&amp; · ", "\"Q'1\"", "1.25M"), ("Series 1 · ", "\u{1}x\u{FFFE}y", "5"),
                                       ("名前 · ", "第1节", "١٢٫٥"), ("", "", "")] {
            for (center, radius) in [(Point(47, 289.03), 6.0), (Point(54.4049, 288.0151), 6), (Point(0.005, 0.015), 6),
                                     (Point(799.995, 399.5), 2.5), (Point(100, 100), 0),
                                     (Point(2e6, 3), 6), (Point(10, 10), 1e-12), (Point(61.8, 267.69), 7.5)] {
                nodes.append(target(n, center, radius, prefix: prefix, label: label, value: value))
                n += 1
            }
            nodes.append(.group(Group(role: .point(series: 0, index: n, progress: 0.5), tooltip: "dot", children: [
                .shape(Shape(path: .circle(center: Point(30, 30), radius: 3), fill: .solid(Color(rgb: 0x4E79A7)))),
            ])))
        }
        return nodes
    }()

    static func scene(_ nodes: [Node]) -> Scene {
        Scene(width: 800, height: 400, background: .white, title: "t", description: "d", nodes: [
            .group(Group(role: .plot, clip: Rect(x: 40, y: 10, width: 740, height: 360), children: [
                .group(Group(role: .series(0), children: nodes)),
            ])),
            // Inside a translated group too (a bar's origin), and at the top level.
            .group(Group(role: .bar(series: 1, index: 0, base: .maxY), children: [
                .shape(Shape(path: .rect(Rect(x: 100, y: 50, width: 20, height: 100)), fill: .solid(.black))),
                nodes[0], nodes[3],
            ])),
            nodes[1],
        ])
    }

    @Test(arguments: [nil, Choreography()])
    func writtenAsTheGroupTheyStandFor(animation: Choreography?) throws {
        let scene = Self.scene(Self.nodes)
        let expanded = scene.expandingHitTargets()
        #expect(scene != expanded)
        let writer = SVGWriter(animation: animation)
        let written = writer.write(scene), oracle = writer.write(expanded)
        #expect(written == oracle, "\(String(decoding: written, as: UTF8.self))")
        #expect(try #require(parseXML(written)).elements("g").filter { $0["class"] == "point" }.count
                    == Self.nodes.count + 3)
    }

    /// `nodes` with every group's tooltip joined into one text (`Tooltip.text`), and how many were kept as parts.
    static func joiningTooltips(_ nodes: [Node], parts: inout Int) -> [Node] {
        nodes.map { node in
            guard case .group(var g) = node else { return node }
            if case .point(let point)? = g.tooltip {
                parts += 1
                g.tooltip = .text(point.text)
            }
            g.children = joiningTooltips(g.children, parts: &parts)
            return .group(g)
        }
    }

    /// A tooltip kept as its parts (a dotted point's, an expanded hit target's) is written as its joined text would
    /// be, escaping and all, with the series' prefix escaped once and reused.
    @Test(arguments: [nil, Choreography()])
    func pointTooltipsAreWrittenAsTheirJoinedText(animation: Choreography?) {
        var scene = Self.scene(Self.nodes).expandingHitTargets()
        var parts = 0
        let joined = Scene(width: scene.width, height: scene.height, background: scene.background,
                           title: scene.title, description: scene.description,
                           nodes: Self.joiningTooltips(scene.nodes, parts: &parts))
        #expect(parts == 6 * 8 + 3)
        #expect(scene == joined)  // equal tooltips: the same text, however stored
        let writer = SVGWriter(animation: animation)
        #expect(writer.write(scene) == writer.write(joined))
        scene.nodes.removeAll()
        #expect(scene != joined)
    }
}
