import ChartAnimation
import Foundation
import ChartScene
import Testing
@testable import ChartSVG

/// A pie is revealed by one clockwise sweep from twelve o'clock (a mask whose circle stroke grows along its dash
/// array), over the duration after the delay, along the easing; its labels fade in once the sweep is complete.
struct PieSweepTests {
    func parsed(_ scene: Scene, _ animation: Choreography? = Choreography()) throws -> ParsedElement {
        try #require(parseXML(SVGWriter(animation: animation).write(scene)))
    }

    func pie(_ root: ParsedElement) throws -> ParsedElement {
        try #require(root.elements("g").first { $0["class"] == "pie" }, "no pie group")
    }

    /// The `<mask>` the pie group refers to.
    func mask(of pie: ParsedElement, in root: ParsedElement) throws -> ParsedElement {
        let reference = try #require(pie["mask"], "the pie has no mask")
        return try #require(root.elements("mask").first { "url(#\($0["id"] ?? ""))" == reference })
    }

    func ancestors(_ element: ParsedElement) -> [ParsedElement] {
        var chain: [ParsedElement] = []
        var node = element.parent
        while let n = node {
            chain.append(n)
            node = n.parent
        }
        return chain
    }

    /// The key spline of the sweep segment as written: the easing's control points as SVG numbers.
    @Test(arguments: [(Choreography(), ".42 0 .58 1"), (Choreography(duration: 2, easing: .linear, delay: 0.5), nil),
                      (Choreography(duration: 0.8, easing: .easeOut, delay: 1, stagger: 0.4), "0 0 .58 1")])
    func sweepStartsAfterTheDelayAndTakesTheDurationAlongTheEasing(options: Choreography, spline: String?) throws {
        let root = try parsed(TestScenes.pieChart(), options)
        let stroke = try #require(try mask(of: pie(root), in: root).first("path"))
        let sweep = try #require(stroke.children.first { $0.name == "animate" })
        #expect(sweep["attributeName"] == "stroke-dasharray")
        #expect(sweep["fill"] == "freeze")
        #expect(abs((start(of: sweep) ?? -1) - options.delay) < 0.01)
        // Played once, the element ends with the sweep: the whole turn is covered at delay + duration.
        let dur = try #require(sweep["dur"].flatMap { Double($0.dropLast()) })
        #expect(abs(dur - (options.delay + options.duration)) < 0.001)
        let values = try #require(sweep["values"]).split(separator: ";")
        #expect(values.first == "0 2" && values.last == "1 0")
        // The dash + gap stays longer than the circle until the gap closes: the dash never repeats inside it.
        for pair in values {
            let dashGap = pair.split(separator: " ").compactMap { Double($0) }
            #expect(dashGap.count == 2)
            if dashGap.count == 2, dashGap[1] > 0 { #expect(dashGap[0] + dashGap[1] > 1) }
        }
        if let spline {
            #expect(sweep["calcMode"] == "spline")
            // The leading hold (when there is a delay) is linear; the sweep itself follows the easing.
            #expect(sweep["keySplines"]?.split(separator: ";").last.map(String.init) == spline)
        } else {
            #expect(sweep["calcMode"] == nil && sweep["keySplines"] == nil)
        }
    }

    /// The mask is one white stroke on a `pathLength="1"` circle from twelve o'clock clockwise, from exactly the
    /// center to beyond the disc and its separating strokes; in the static document it is complete.
    @Test(arguments: [0.0, 30.0])
    func maskCoversTheDiscFromTwelveOClock(hole: Double) throws {
        let scene = TestScenes.pieChart(hole: hole)
        for animation in [nil, Choreography()] {
            let root = try parsed(scene, animation)
            let mask = try mask(of: pie(root), in: root)
            let stroke = try #require(mask.first("path"))
            #expect(stroke["pathLength"] == "1" && stroke["fill"] == "none" && stroke["stroke"] == "#fff")
            #expect(stroke["stroke-dasharray"] == nil)  // the static value is the final frame: the whole turn
            #expect((stroke.first("animate") != nil) == (animation != nil))
            let width = try #require(stroke["stroke-width"].flatMap { Double($0) })
            // Radius 60 plus the 1 px separating stroke (0.5 px out) and a pixel; even, so width / 2 is exact.
            #expect(width >= 62 && width.truncatingRemainder(dividingBy: 2) == 0)
            let r = Int(width / 2)
            #expect(stroke["d"] == "M100 \(90 - r)A\(r) \(r) 0 1 1 100 \(90 + r)A\(r) \(r) 0 1 1 100 \(90 - r)")
            #expect(mask["maskUnits"] == "userSpaceOnUse")
            let region = ["x", "y", "width", "height"].compactMap { mask[$0].flatMap { Double($0) } }
            #expect(region == [100 - width, 90 - width, 2 * width, 2 * width])
        }
    }

    @Test func everySliceIsUnderTheMaskAndNoLabelIs() throws {
        let root = try parsed(TestScenes.pieChart(shares: [0.4, 0.3, 0.2, 0.1], hole: 20))
        let slices = root.elements("g").filter { $0["class"] == "slice" }
        #expect(slices.map { $0["data-index"] } == ["0", "1", "2", "3"])
        for slice in slices {
            #expect(ancestors(slice).contains { $0["class"] == "pie" && $0["mask"] != nil })
            #expect(!slice.all.contains { animationNames.contains($0.name) })  // revealed by the sweep alone
            #expect(slice.first("title") != nil)
        }
        let labels = root.elements("g").filter { $0["class"] == "slice-label" }
        #expect(labels.count == 4)
        for label in labels {
            #expect(!ancestors(label).contains { $0["mask"] != nil })
        }
    }

    @Test(arguments: [Choreography(), Choreography(duration: 2, delay: 0.5), Choreography(repeatCount: 3)])
    func labelsFadeInOnceTheSweepIsComplete(options: Choreography) throws {
        let root = try parsed(TestScenes.pieChart(), options)
        let sweep = try #require(try mask(of: pie(root), in: root).first("animate"))
        let labels = root.elements("g").filter { $0["class"] == "slice-label" }
        #expect(labels.count == 3)
        for label in labels {
            let fade = try #require(label.children.first { $0.name == "animate" })
            #expect(fade["attributeName"] == "opacity" && fade["fill"] == "freeze")
            let values = try #require(fade["values"]).split(separator: ";")
            #expect(values.first == "0" && values.last == "1")
            #expect(abs((start(of: fade) ?? -1) - (options.delay + options.duration)) < 0.01)
            if options.repeatCount > 1 { #expect(fade["dur"] == sweep["dur"]) }
        }
    }
}

/// A partial disc (a half gauge) sweeps over its own share of the turn, from its own start angle.
struct PartialPieSweepTests {
    /// `TestScenes.pieChart` with its disc (and slices) cut to `sweep` degrees from `start`.
    func gauge(start: Double, sweep: Double) -> Scene {
        var scene = TestScenes.pieChart()
        scene.nodes = scene.nodes.map { node in
            guard case .group(var g) = node, case .pie(var disc)? = g.role else { return node }
            disc.startAngle = start
            disc.endAngle = start + sweep
            g.role = .pie(disc)
            return .group(g)
        }
        return scene
    }

    @Test(arguments: [(270.0, 180.0, ".5 2"), (90, 90, ".25 2"), (0, 36, ".1 2")])
    func theSweepStopsAtTheDiscsShareThenOpensFully(start: Double, sweep: Double, share: String) throws {
        let root = try #require(parseXML(SVGWriter(animation: Choreography()).write(gauge(start: start, sweep: sweep))))
        let path = try #require(root.elements("mask").first?.first("path"))
        let values = try #require(path.children.first { $0.name == "animate" }?["values"])
        #expect(values == "0 2;\(share);1 0")
        // The circle starts at the disc's start angle: its first point is on the radius through that angle.
        let d = try #require(path["d"])
        let numbers = d.dropFirst().prefix { $0 != "A" }.split(separator: " ").compactMap { Double($0) }
        let r = try #require(path["stroke-width"].flatMap(Double.init)) / 2
        #expect(numbers.count == 2)
        let angle = start * .pi / 180
        let center = (numbers[0] - r * sin(angle), numbers[1] + r * cos(angle))
        // The center found from the start point is the pie's center (TestScenes' pie is centered at 100, 90).
        #expect(abs(center.0 - 100) < 0.02 && abs(center.1 - 90) < 0.02, "\(d)")
    }

    /// The static document's mask is complete (no animation): a half gauge shows the same as without a mask.
    @Test func theStaticMaskIsComplete() throws {
        let root = try #require(parseXML(SVGWriter().write(gauge(start: 270, sweep: 180))))
        let path = try #require(root.elements("mask").first?.first("path"))
        #expect(path.children.isEmpty && path["stroke-dasharray"] == nil)
    }
}
