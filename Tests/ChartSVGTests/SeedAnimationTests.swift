import ChartAnimation
import ChartScene
import Testing
@testable import ChartSVG

/// The seed's animation details (issue 13, item 6) in the SMIL output: nothing shows at t = 0, stacks grow as one,
/// labels fade.
struct SeedAnimationTests {
    func animated(_ scene: Scene, _ options: Choreography = Choreography()) throws -> ParsedElement {
        try #require(parseXML(SVGWriter(animation: options).write(scene)))
    }

    /// The value of a `values`/`keyTimes` animation at `time` seconds (linear between keys; enough for holds).
    func value(of animation: ParsedElement, at time: Double) throws -> Double {
        let times = try #require(animation["keyTimes"]).split(separator: ";").compactMap { Double($0) }
        let values = try #require(animation["values"]).split(separator: ";").compactMap { Double($0) }
        let dur = try #require(animation["dur"].flatMap { Double($0.dropLast()) })
        try #require(times.count == values.count && !times.isEmpty)
        let t = time / dur
        guard let next = times.firstIndex(where: { $0 > t }) else { return values[values.count - 1] }
        guard next > 0 else { return values[0] }
        let f = (t - times[next - 1]) / (times[next] - times[next - 1])
        return values[next - 1] + f * (values[next] - values[next - 1])
    }

    /// A round-capped line growing from a zero-length dash would show its cap as a dot at t = 0; the group is
    /// transparent then, and opaque as soon as the dash has grown (a thousandth of the cycle later) — for the first
    /// series with no delay too, and for ring arcs, which grow the same way.
    @Test(arguments: [Choreography(), Choreography(delay: 0.5), Choreography(repeatCount: .infinity)])
    func nothingShowsAtTimeZero(options: Choreography) throws {
        var arc = Path()
        arc.move(to: Point(150, 50))
        arc.cubic(to: Point(200, 100), control1: Point(177, 50), control2: Point(200, 73))
        var scene = TestScenes.lineChart(series: 2)
        scene.nodes.append(.group(Group(role: .ringArc(index: 0, fraction: 0.25), children: [
            .shape(Shape(path: arc, stroke: .solid(.black), strokeStyle: StrokeStyle(width: 10, cap: .round))),
        ])))
        let root = try animated(scene, options)
        let grown = root.elements("g").filter { $0["class"] == "line" || $0["class"] == "ring-arc" }
        #expect(grown.count == 3)
        for g in grown {
            let hold = try #require(g.children.first { $0["attributeName"] == "opacity" })
            let draw = try #require(g.children.first { $0["attributeName"] == "stroke-dasharray" })
            let begin = try #require(start(of: draw))
            #expect(try value(of: hold, at: 0) == 0)
            #expect(try value(of: hold, at: begin) == 0)
            #expect(try value(of: hold, at: begin + 0.01) == 1)
            #expect(try value(of: hold, at: begin + options.duration) == 1)
        }
    }

    func bar(_ series: Int, _ rect: Rect, base: RectEdge, stackBase: Double?) -> Node {
        .group(Group(role: .bar(series: series, index: 0, base: base, stackBase: stackBase), children: [
            .shape(Shape(path: .rect(rect), fill: .solid(TestScenes.palette[series]))),
        ]))
    }

    /// The segments of a stack scale about the stack's baseline with one timing, so at every instant each one
    /// starts where the one below ends: y ↦ base + s·(y − base) keeps touching edges touching.
    @Test(arguments: [true, false])
    func stackSegmentsGrowAboutTheStackBaseTogether(vertical: Bool) throws {
        let rects = vertical
            ? [Rect(x: 10, y: 60, width: 20, height: 40), Rect(x: 10, y: 20, width: 20, height: 40),
               Rect(x: 10, y: 100, width: 20, height: 10)]
            : [Rect(x: 100, y: 10, width: 40, height: 20), Rect(x: 140, y: 10, width: 40, height: 20),
               Rect(x: 90, y: 10, width: 10, height: 20)]
        let edges: [RectEdge] = vertical ? [.maxY, .maxY, .minY] : [.minX, .minX, .maxX]
        let scene = Scene(width: 200, height: 120, background: nil, title: "", description: "",
                          nodes: (0..<3).map { bar($0, rects[$0], base: edges[$0], stackBase: 100) })
        let root = try animated(scene, Choreography(stagger: 0.3))
        let groups = root.elements("g").filter { $0["class"] == "bar" }
        #expect(groups.count == 3)
        for g in groups {
            #expect(g["transform"] == (vertical ? "translate(0 100)" : "translate(100 0)"))
        }
        let grows = try groups.map { try #require($0.first("animateTransform")) }
        for grow in grows.dropFirst() {
            #expect(grow["values"] == grows[0]["values"] && grow["keyTimes"] == grows[0]["keyTimes"])
        }
        #expect(abs((start(of: grows[0]) ?? -1) - 0) < 0.001)  // the stack starts with the first series
        // Without a stack base, each bar scales about its own base edge with its series' stagger.
        let lone = Scene(width: 200, height: 120, background: nil, title: "", description: "",
                         nodes: [bar(1, rects[1], base: edges[1], stackBase: nil)])
        let bars = try animated(lone, Choreography(stagger: 0.3)).elements("g")
        let g = try #require(bars.first { $0["class"] == "bar" })
        #expect(g["transform"] == (vertical ? "translate(0 60)" : "translate(140 0)"))
        #expect(abs((start(of: try #require(g.first("animateTransform"))) ?? -1) - 0.3) < 0.001)
    }

    /// A lead label in a `.valueLabel` group fades in when the line reaches its ring; it is not scaled.
    @Test func leadLabelsFadeInBesideTheirPoppingRing() throws {
        let ring = Group(role: .point(series: 0, index: 1, progress: 0.5), tooltip: "Lead change", children: [
            .shape(Shape(path: .circle(center: Point(100, 60), radius: 5), fill: .solid(.white),
                         stroke: .solid(.black), strokeStyle: StrokeStyle(width: 2))),
        ])
        let label = Group(role: .valueLabel(series: 0, progress: 0.5), children: [
            .text(TextRun(text: "Home leads", position: Point(95, 52), size: 11, anchor: .end, color: .black)),
        ])
        let scene = Scene(width: 200, height: 120, background: nil, title: "", description: "",
                          nodes: [.group(ring), .group(label)])
        let root = try animated(scene, Choreography(easing: .linear))
        let pop = try #require(root.elements("g").first { $0["class"] == "point" }?.first("animateTransform"))
        let text = try #require(root.elements("g").first { $0["class"] == "value-label" })
        #expect(text.first("animateTransform") == nil)
        let fade = try #require(text.first("animate"))
        #expect(fade["attributeName"] == "opacity")
        // Both start when the (linear) line reaches the middle: 0.6 s of 1.2 s.
        #expect(abs((start(of: fade) ?? -1) - 0.6) < 0.01)
        #expect(abs((start(of: pop) ?? -1) - 0.6) < 0.01)
    }
}
