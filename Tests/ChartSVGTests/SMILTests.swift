import ChartAnimation
import ChartScene
import Testing
@testable import ChartSVG

let animationNames: Set<String> = ["animate", "animateTransform", "animateMotion", "set"]

/// When an element's value starts changing: the key time after the leading hold, in seconds.
func start(of animation: ParsedElement) -> Double? {
    guard let keyTimes = animation["keyTimes"]?.split(separator: ";").compactMap({ Double($0) }),
          let values = animation["values"]?.split(separator: ";").map(String.init),
          let dur = animation["dur"].flatMap({ Double($0.dropLast()) }), keyTimes.count == values.count
    else { return nil }
    // The first key whose value differs from the initial one, minus the jump or tween that leads to it.
    guard let firstChange = values.firstIndex(where: { $0 != values[0] }) else { return nil }
    return keyTimes[firstChange - 1] * dur
}

private func write(_ scene: Scene, _ animation: Choreography = Choreography()) -> [UInt8] {
    SVGWriter(animation: animation).write(scene)
}

struct SMILTests {
    /// Invisible hit targets carry a point's tooltip but paint nothing: they get no pop animation (300 of them made
    /// the standard chart's SMIL 1.58× its SVG), while a visible dot at the same place still pops.
    @Test func onlyVisibleMarksPop() throws {
        func point(_ index: Int, fill: Color) -> Node {
            .group(Group(role: .point(series: 0, index: index, progress: 0.5), tooltip: "p\(index)", children: [
                .shape(Shape(path: .circle(center: Point(50 + Double(index) * 20, 50), radius: 4), fill: .solid(fill))),
            ]))
        }
        let scene = Scene(width: 200, height: 100, background: nil, title: "t", description: "d", nodes: [
            .group(Group(role: .series(0), children: [
                point(0, fill: Color(red: 0, green: 0, blue: 0, alpha: 0)),
                point(1, fill: Color(rgb: 0x0072B2)),
            ])),
        ])
        let root = try #require(parseXML(write(scene)))
        let points = root.elements("g").filter { $0["class"] == "point" }
        #expect(points.count == 2)
        let pops = points.map { $0.all.filter { $0.name == "animateTransform" }.count }
        #expect(pops == [0, 1])
    }

    @Test func animatedDocumentIsWellFormedAndEveryAnimationFreezes() throws {
        let root = try #require(parseXML(write(TestScenes.lineChart(series: 3, points: 6, dashed: 2))))
        let animations = root.all.filter { animationNames.contains($0.name) }
        #expect(animations.count > 20)
        for a in animations {
            #expect(a["fill"] == "freeze")
            #expect(a["begin"] == nil)  // all begin at 0 and hold their first value until their start
            #expect(a["keyTimes"]?.hasPrefix("0;") == true && a["keyTimes"]?.hasSuffix(";1") == true)
        }
    }

    @Test(arguments: [Choreography(), Choreography(repeatCount: .infinity), Choreography(repeatCount: 2),
                      Choreography(easing: .linear, delay: 1, stagger: 0),
                      Choreography(duration: .nan, delay: -5, stagger: .infinity, repeatCount: -1),
                      Choreography(duration: 1e9, easing: .spring, delay: .infinity, repeatCount: 1e12)])
    func keyTimesAreValidForEveryElement(options: Choreography) throws {
        let root = try #require(parseXML(write(TestScenes.lineChart(series: 3, points: 6, dashed: 1), options)))
        for a in root.all where animationNames.contains(a.name) {
            let keys = try #require(a["keyTimes"]).split(separator: ";").compactMap { Double($0) }
            let values = try #require(a["values"]).split(separator: ";")
            #expect(keys.count == values.count && keys.count >= 2)
            #expect(keys.first == 0 && keys.last == 1)
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
            if let splines = a["keySplines"] {
                #expect(a["calcMode"] == "spline")
                #expect(splines.split(separator: ";").count == keys.count - 1)
            }
        }
    }

    @Test func repeatingAnimationsShareOneCycleSoTheyLoopInStep() throws {
        for scene in [TestScenes.lineChart(series: 3, dashed: 2), TestScenes.pieChart()] {
            let root = try #require(parseXML(write(scene, Choreography(repeatCount: .infinity))))
            let animations = root.all.filter { animationNames.contains($0.name) }
            #expect(!animations.isEmpty)
            #expect(Set(animations.compactMap { $0["dur"] }).count == 1)
        }
    }

    @Test(arguments: [
        Choreography(), Choreography(duration: 2, easing: .linear, delay: 0.5, stagger: 0.3),
        Choreography(easing: .spring, repeatCount: .infinity), Choreography(repeatCount: 3),
    ])
    func strippingAnimationGivesThePlainDocumentExactly(options: Choreography) {
        for scene in [TestScenes.lineChart(series: 3, points: 7, dashed: 1),
                      TestScenes.lineChart(gradientStroke: true), TestScenes.pieChart(),
                      TestScenes.pieChart(shares: [0.7, 0.2, 0.1], hole: 25)] {
            let plain = String(decoding: SVGWriter().write(scene), as: UTF8.self)
            let animated = String(decoding: write(scene, options), as: UTF8.self)
            #expect(animated != plain)
            #expect(strippingAnimation(animated) == plain)
        }
    }

    @Test func seriesLinesStartStaggeredAfterTheDelay() throws {
        let options = Choreography(duration: 1.2, delay: 0.5, stagger: 0.15)
        let root = try #require(parseXML(write(TestScenes.lineChart(series: 3), options)))
        let lines = root.elements("g").filter { $0["class"] == "line" }
        #expect(lines.count == 3)
        for line in lines {
            let k = try #require(line["data-series"].flatMap { Int($0) })
            let draw = try #require(line.children.first { $0["attributeName"] == "stroke-dasharray" })
            #expect(draw["calcMode"] == "spline")
            #expect(draw["keySplines"]?.contains(".42 0 .58 1") == true)
            let begin = try #require(start(of: draw))
            #expect(abs(begin - (0.5 + 0.15 * Double(k))) < 0.01)
            // Until then the group is transparent: a zero-length dash would still paint its round cap.
            let hold = try #require(line.children.first { $0["attributeName"] == "opacity" })
            #expect(hold["values"]?.hasPrefix("0;0;1") == true)
            #expect(abs((start(of: hold) ?? -1) - begin) < 0.01)
            // The final frame is the whole line; the path measures itself in units of its length.
            #expect(draw["values"]?.hasSuffix("1 0") == true)
            // Every keyframe's dash + gap is longer than the path until the gap closes, so the pattern never
            // repeats inside it (a repeat at the far end would paint a round-cap dot there from the start).
            for pair in (draw["values"] ?? "").split(separator: ";") {
                let dashGap = pair.split(separator: " ").compactMap { Double($0) }
                #expect(dashGap.count == 2)
                if dashGap.count == 2, dashGap[1] > 0 { #expect(dashGap[0] + dashGap[1] > 1) }
            }
            #expect(line.first("path")?["pathLength"] == "1")
        }
    }

    @Test(arguments: [Choreography.Easing.linear, .easeInOut])
    func pointsPopWhenTheLineArrives(easing: Choreography.Easing) throws {
        // 5 points at progress 0, .25, .5, .75, 1; a symmetric easing reaches .5 at half time, linear
        // reaches every progress p at p × duration.
        let options = Choreography(duration: 1.2, easing: easing, delay: 0.2, stagger: 0.15)
        let root = try #require(parseXML(write(TestScenes.lineChart(series: 2, points: 5), options)))
        let points = root.elements("g").filter { $0["class"] == "point" }
        #expect(points.count == 10)
        for point in points {
            let k = try #require(point["data-series"].flatMap { Int($0) })
            let i = try #require(point["data-index"].flatMap { Int($0) })
            // A single mark animates itself, scaling about its center (the group's translated origin).
            let mark = try #require(point.first("circle"))
            let pop = try #require(mark.children.first { $0.name == "animateTransform" })
            #expect(pop["type"] == "scale" && pop["additive"] == nil)
            let values = try #require(pop["values"]).split(separator: ";")
            #expect(values.contains(".5") && values.contains("1.2") && values.last == "1")
            let lineStart = 0.2 + 0.15 * Double(k)
            let begin = try #require(start(of: pop))
            if easing == .linear || i == 0 || i == 2 || i == 4 {
                #expect(abs(begin - (lineStart + 1.2 * Double(i) / 4)) < 0.01, "point \(k)/\(i) at \(begin)")
            } else {
                // ease-in-out is slow at the ends: the first quarter of the length takes longer than a quarter.
                #expect(i == 1 ? begin > lineStart + 0.3 : begin < lineStart + 0.9)
            }
            // Pop keys 0 → .5 → 1.2 → 1 at 0, 70 % and 100 % of the pop.
            let keys = try #require(pop["keyTimes"]).split(separator: ";").compactMap { Double($0) }
            let dur = try #require(pop["dur"].flatMap { Double($0.dropLast()) })
            let j = try #require(values.firstIndex(of: ".5"))
            let popLength = (keys[j + 2] - keys[j]) * dur
            #expect(abs((keys[j + 1] - keys[j]) * dur - 0.7 * popLength) < 0.01)
        }
    }

    @Test func pointsWithSeveralMarksScaleTheirGroupAdditively() throws {
        let marks: [Node] = [
            .shape(Shape(path: .circle(center: Point(50, 50), radius: 6), fill: .solid(.white))),
            .shape(Shape(path: .rect(Rect(x: 47, y: 47, width: 6, height: 6)), fill: .solid(.black))),
        ]
        let scene = Scene(width: 100, height: 100, background: nil, title: "", description: "", nodes: [
            .group(Group(role: .point(series: 0, index: 0, progress: 0.5), tooltip: "p", children: marks)),
        ])
        let plain = String(decoding: SVGWriter().write(scene), as: UTF8.self)
        let animated = String(decoding: write(scene), as: UTF8.self)
        #expect(strippingAnimation(animated) == plain)
        let g = try #require(parseXML(Array(animated.utf8))?.first("g"))
        #expect(g["transform"] == "translate(50 50)")
        #expect(g.children.map(\.name) == ["title", "animateTransform", "circle", "path"])
        #expect(g.children[1]["additive"] == "sum")
        #expect(g.first("path")?["d"] == "M-3-3H3V3H-3z")
    }

    @Test func areaFadesInAfterItsLineToItsOwnOpacity() throws {
        let root = try #require(parseXML(write(TestScenes.lineChart(series: 2))))
        for area in root.elements("g").filter({ $0["class"] == "area" }) {
            let k = try #require(area["data-series"].flatMap { Int($0) })
            #expect(area["opacity"] == ".3")
            let fade = try #require(area.children.first { $0.name == "animate" })
            #expect(fade["attributeName"] == "opacity")
            #expect(fade["values"]?.hasPrefix("0;") == true && fade["values"]?.hasSuffix(".3") == true)
            #expect(abs((start(of: fade) ?? -1) - (0.15 * Double(k) + 0.3)) < 0.01)
        }
    }

    @Test func dashedLinesGrowThroughAClipNotTheirDashArray() throws {
        let root = try #require(parseXML(write(TestScenes.lineChart(series: 2, dashed: 1))))
        let dashed = try #require(root.elements("g").first { $0["class"] == "line" && $0["data-series"] == "1" })
        #expect(!dashed.all.contains { $0["attributeName"] == "stroke-dasharray" })
        let path = try #require(dashed.first("path"))
        #expect(path["stroke-dasharray"] == "6 3" && path["pathLength"] == nil)
        let wrapper = try #require(dashed.children.first { $0.name == "g" })
        let clipRef = try #require(wrapper["clip-path"])
        let clip = try #require(root.elements("clipPath").first { "url(#\($0["id"] ?? ""))" == clipRef })
        let grow = try #require(clip.first("animate"))
        #expect(grow["attributeName"] == "width" && grow["fill"] == "freeze")
        #expect(grow["values"]?.hasPrefix("0;") == true)
        #expect(grow["values"]?.split(separator: ";").last.map(String.init) == clip.first("rect")?["width"])
        #expect(abs((start(of: grow) ?? -1) - 0.15) < 0.01)
    }

    /// A mirrored chart's dashed line (`mirrorAxes`: it starts on the right) is revealed from the right: its clip's
    /// left edge moves from the clip's right edge to its place while the width grows, in step; a left-to-right
    /// line's clip keeps its left edge.
    @Test func mirroredDashedLinesGrowFromTheRight() throws {
        func reflected(_ nodes: [Node], width: Double) -> [Node] {
            nodes.map { node in
                switch node {
                case .shape(var s):
                    s.path = s.path.map { Point(width - $0.x, $0.y) }
                    return .shape(s)
                case .group(var g):
                    g.children = reflected(g.children, width: width)
                    return .group(g)
                case .text, .hitTarget: return node
                }
            }
        }
        func clip(_ scene: Scene) throws -> ParsedElement {
            let root = try #require(parseXML(write(scene)))
            let dashed = try #require(root.elements("g").first { $0["class"] == "line" && $0["data-series"] == "1" })
            let clipRef = try #require(dashed.children.first { $0.name == "g" }?["clip-path"])
            return try #require(root.elements("clipPath").first { "url(#\($0["id"] ?? ""))" == clipRef })
        }
        var scene = TestScenes.lineChart(series: 2, dashed: 1)
        #expect(try clip(scene).all.filter { $0["attributeName"] == "x" }.isEmpty)
        scene.nodes = reflected(scene.nodes, width: scene.width)
        let mirrored = try clip(scene)
        let rect = try #require(mirrored.first("rect"))
        let x = try #require(Double(rect["x"] ?? "")), width = try #require(Double(rect["width"] ?? ""))
        let grow = try #require(mirrored.all.first { $0["attributeName"] == "width" })
        let move = try #require(mirrored.all.first { $0["attributeName"] == "x" })
        let xs = try #require(move["values"]?.split(separator: ";").compactMap { Double($0) })
        #expect(xs.count >= 2 && abs(xs[0] - (x + width)) < 0.011 && abs((xs.last ?? 0) - x) < 0.011)
        #expect(move["keyTimes"] == grow["keyTimes"] && move["dur"] == grow["dur"] && move["fill"] == "freeze")
        #expect(move["keySplines"] == grow["keySplines"])
    }

    @Test func gradientStrokedLinesDrawWithTheDashTechnique() throws {
        let root = try #require(parseXML(write(TestScenes.lineChart(series: 1, gradientStroke: true))))
        let line = try #require(root.elements("g").first { $0["class"] == "line" })
        #expect(line.first("path")?["stroke"]?.hasPrefix("url(#") == true)
        #expect(line.children.contains { $0.name == "animate" && $0["attributeName"] == "stroke-dasharray" })
    }

    @Test func annotationsFadeInAfterTheLastLineAndValueLabelsWhenTheLineArrives() throws {
        let options = Choreography(duration: 1.2, delay: 0, stagger: 0.15)
        let root = try #require(parseXML(write(TestScenes.lineChart(series: 3), options)))
        let annotation = try #require(root.elements("g").first { $0["class"] == "annotation" })
        let fade = try #require(annotation.children.first { $0.name == "animate" })
        #expect(abs((start(of: fade) ?? -1) - (0.3 + 1.2)) < 0.01)
        for label in root.elements("g").filter({ $0["class"] == "value-label" }) {
            let k = try #require(label["data-series"].flatMap { Int($0) })
            let show = try #require(label.children.first { $0.name == "animate" })
            #expect(abs((start(of: show) ?? -1) - (0.15 * Double(k) + 1.2)) < 0.01)
        }
    }

    @Test(arguments: [(Double.infinity, "indefinite"), (3, "3"), (1e12, "1000"), (2.4, "2")])
    func repeatAppliesToEveryElement(count: Double, expected: String) throws {
        let root = try #require(parseXML(write(TestScenes.lineChart(dashed: 0), Choreography(repeatCount: count))))
        let animations = root.all.filter { animationNames.contains($0.name) }
        #expect(!animations.isEmpty)
        #expect(animations.allSatisfy { $0["repeatCount"] == expected })
    }

    /// A bar grows out of the edge its role names: the top edge for a negative vertical bar, the left edge for a
    /// positive horizontal one, the right edge for a negative horizontal one — along its length only.
    @Test(arguments: [(RectEdge.minY, "translate(0 40)", "1 0;"), (.minX, "translate(10 0)", "0 1;"),
                      (.maxX, "translate(30 0)", "0 1;")])
    func barsGrowOutOfTheirBaseEdge(base: RectEdge, origin: String, from: String) throws {
        let bar = Group(role: .bar(series: 0, index: 0, base: base), children: [
            .shape(Shape(path: .rect(Rect(x: 10, y: 40, width: 20, height: 60)), fill: .solid(.black))),
        ])
        let scene = Scene(width: 200, height: 120, background: nil, title: "", description: "", nodes: [.group(bar)])
        let animated = String(decoding: write(scene), as: UTF8.self)
        #expect(strippingAnimation(animated) == String(decoding: SVGWriter().write(scene), as: UTF8.self))
        let g = try #require(parseXML(Array(animated.utf8))?.elements("g").first { $0["class"] == "bar" })
        #expect(g["transform"] == origin)
        #expect(g.first("animateTransform")?["values"]?.hasPrefix(from) == true)
    }

    @Test func barsGrowFromTheirBottomEdgeAndRingsSweep() throws {
        let bar = Group(role: .bar(series: 1, index: 0, base: .maxY), children: [
            .shape(Shape(path: .rect(Rect(x: 10, y: 40, width: 20, height: 60)), fill: .solid(.black))),
        ])
        var arc = Path()
        arc.move(to: Point(150, 50))
        arc.cubic(to: Point(200, 100), control1: Point(177, 50), control2: Point(200, 73))
        let ring = Group(role: .ringArc(index: 0, fraction: 0.25), children: [
            .shape(Shape(path: arc, stroke: .solid(.black), strokeStyle: StrokeStyle(width: 10))),
        ])
        let scene = Scene(width: 200, height: 120, background: nil, title: "", description: "",
                          nodes: [.group(bar), .group(ring)])
        let plain = String(decoding: SVGWriter().write(scene), as: UTF8.self)
        let animated = String(decoding: write(scene), as: UTF8.self)
        #expect(strippingAnimation(animated) == plain)
        let root = try #require(parseXML(Array(animated.utf8)))
        let g = try #require(root.elements("g").first { $0["class"] == "bar" })
        #expect(g["transform"] == "translate(0 100)")  // the baseline: bottom edge of the bar
        let grow = try #require(g.first("animateTransform"))
        #expect(grow["values"]?.hasPrefix("1 0;") == true && grow["values"]?.hasSuffix("1 1") == true)
        #expect(abs((start(of: grow) ?? -1) - 0.15) < 0.01)
        let r = try #require(root.elements("g").first { $0["class"] == "ring-arc" })
        #expect(r.elements("animate").contains { $0["attributeName"] == "stroke-dasharray" })
        #expect(r.first("path")?["pathLength"] == "1")
    }

    /// An overdue ring (fraction 1.5: a full turn, then half a turn over it) sweeps its laps one after the other,
    /// each in a group of its own, by arc length: the first lap in 1 / 1.5 of the time, the last in the rest.
    @Test func overdueRingLapsSweepOneAfterTheOther() throws {
        func stroke(_ to: Point) -> Node {
            .shape(Shape(path: Path([.move(Point(100, 10)), .line(to)]), stroke: .solid(.black),
                         strokeStyle: StrokeStyle(width: 10, cap: .round)))
        }
        let ring = Group(role: .ringArc(index: 0, fraction: 1.5),
                         children: [stroke(Point(100, 90)), stroke(Point(110, 90)), stroke(Point(120, 90))])
        let scene = Scene(width: 200, height: 120, background: nil, title: "", description: "", nodes: [.group(ring)])
        let options = Choreography(duration: 1.5, delay: 0, stagger: 0)
        let plain = String(decoding: SVGWriter().write(scene), as: UTF8.self)
        let animated = String(decoding: write(scene, options), as: UTF8.self)
        #expect(strippingAnimation(animated) == plain)
        let root = try #require(parseXML(Array(animated.utf8)))
        let arc = try #require(root.elements("g").first { $0["class"] == "ring-arc" })
        let laps = arc.children.filter { $0.name == "g" }
        try #require(laps.count == 2)
        #expect(laps.map { $0.children.filter { $0.name == "path" }.count } == [1, 2])
        let sweeps = laps.compactMap { lap in lap.children.first { $0["attributeName"] == "stroke-dasharray" } }
        try #require(sweeps.count == 2)
        #expect(abs((start(of: sweeps[0]) ?? -1) - 0) < 0.01 && sweeps[0]["dur"] == "1s")
        #expect(abs((start(of: sweeps[1]) ?? -1) - 1) < 0.01 && sweeps[1]["dur"] == "1.5s")
        // The last lap is hidden until it starts (its zero-length dash would paint round caps).
        #expect(laps[1].children.contains { $0["attributeName"] == "opacity" })
    }
}
