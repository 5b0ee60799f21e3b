import ChartAnimation
import ChartScene
import Testing
@testable import ChartSVG

private func svg(_ scene: Scene, _ writer: SVGWriter = SVGWriter()) -> String {
    String(decoding: writer.write(scene), as: UTF8.self)
}

private func shapeScene(_ shapes: [Shape], groups: [Group] = []) -> Scene {
    Scene(width: 100, height: 50, background: nil, title: "t", description: "d",
          nodes: shapes.map(Node.shape) + groups.map(Node.group))
}

struct SVGWriterTests {
    @Test func documentIsWellFormedWithAccessibleRoot() throws {
        let root = try #require(parseXML(SVGWriter().write(TestScenes.lineChart())))
        #expect(root.name == "svg")
        #expect(root["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root["width"] == "360" && root["height"] == "220" && root["viewBox"] == "0 0 360 220")
        #expect(root["role"] == "img")
        #expect(root["font-family"]?.hasPrefix("'DejaVu Sans', 'WenQuanYi Micro Hei'") == true)
        let ids = try #require(root["aria-labelledby"]).split(separator: " ").map(String.init)
        #expect(ids.count == 2)
        let title = try #require(root.children.first)
        #expect(title.name == "title" && title["id"] == ids[0] && title.text == "Revenue by quarter")
        let desc = try #require(root.children.dropFirst().first)
        #expect(desc.name == "desc" && desc["id"] == ids[1] && desc.text == "A line chart of Revenue.")
        #expect(root.children.contains { $0.name == "rect" && $0["fill"] == "#fff" })
    }

    @Test func scriptInLabelsAppearsOnlyEscaped() throws {
        let evil = "<script>alert(1)</script>"
        var scene = TestScenes.lineChart(label: evil)
        scene.title = evil
        scene.description = "\"'&" + evil
        let text = svg(scene)
        #expect(!text.contains("<script"))
        #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let root = try #require(parseXML(Array(text.utf8)))
        #expect(root.first("title")?.text == evil)
        #expect(root.first("desc")?.text == "\"'&" + evil)
        #expect(root.elements("script").isEmpty)
        let legendTexts = root.elements("text").map(\.text)
        #expect(legendTexts.contains(evil + " 0"))
        let tooltips = root.elements("g").filter { $0["class"] == "point" }.compactMap { $0.children.first?.text }
        #expect(tooltips.first == evil + " · Q1: 0")
    }

    @Test func controlCharactersInTextAreDroppedSoTheDocumentStaysWellFormed() throws {
        let scene = Scene(width: 10, height: 10, background: nil, title: "a\u{1}b", description: "\u{0}",
                          nodes: [.text(TextRun(text: "x\u{8}y\u{FFFF}", position: .zero, size: 10, color: .black))])
        let root = try #require(parseXML(SVGWriter().write(scene)))
        #expect(root.first("title")?.text == "ab")
        #expect(root.first("text")?.text == "xy")
    }

    @Test func outputIsDeterministic() {
        let scene = TestScenes.lineChart(series: 3, points: 12, dashed: 1, gradientStroke: true)
        #expect(SVGWriter().write(scene) == SVGWriter().write(scene))
        let animated = SVGWriter(animation: Choreography())
        #expect(animated.write(scene) == animated.write(scene))
    }

    @Test func groupsCarryRoleClassesDataAttributesAndTooltipTitles() throws {
        let root = try #require(parseXML(SVGWriter().write(TestScenes.lineChart(series: 2, points: 4))))
        let groups = root.elements("g")
        let classes = Set(groups.compactMap { $0["class"] })
        for expected in ["grid", "axis-x", "plot", "series series-0", "series series-1", "area", "line", "point",
                         "value-label", "annotation", "legend", "legend-item"] {
            #expect(classes.contains(expected), "missing class \(expected)")
        }
        let points = groups.filter { $0["class"] == "point" }
        #expect(points.count == 8)
        let third = try #require(points.first { $0["data-series"] == "1" && $0["data-index"] == "2" })
        #expect(third.children.first?.name == "title")
        #expect(third.children.first?.text == "Revenue · Q3: 21")
        #expect(third["transform"]?.hasPrefix("translate(") == true)
        // The mark is written relative to its center: a circle at the group's origin.
        let circle = try #require(third.first("circle"))
        #expect(circle["cx"] == nil && circle["cy"] == nil && circle["r"] == "4")
    }

    /// Point groups with one circle are written from a template shared by consecutive points: each point's circle
    /// must still carry its own radius and paints, the ones the general shape writer gives the same circle.
    @Test func consecutivePointCirclesKeepTheirOwnAttributes() throws {
        let red = Color(rgb: 0xCC2200), gradient = LinearGradient(start: Point(0, 0), end: Point(0, 50), stops: [
            GradientStop(offset: 0, color: red), GradientStop(offset: 1, color: .white),
        ])
        let marks: [Shape] = [
            Shape(path: .circle(center: Point(10, 10), radius: 6), fill: .solid(.transparent)),
            Shape(path: .circle(center: Point(20, 12.345), radius: 6), fill: .solid(.transparent)),
            Shape(path: .circle(center: Point(30, 10), radius: 4), fill: .solid(red)),
            Shape(path: .circle(center: Point(40, 10), radius: 4), fill: .solid(red.withOpacity(0.5))),
            Shape(path: .circle(center: Point(50, 10), radius: 4), fill: .solid(.black)),
            Shape(path: .circle(center: Point(55, 10), radius: 4), fill: .solid(.black), fillRule: .evenOdd),
            Shape(path: .circle(center: Point(60, 10), radius: 3), fill: .solid(.white), stroke: .solid(red),
                  strokeStyle: StrokeStyle(width: 2)),
            Shape(path: .circle(center: Point(70, 10), radius: 3), stroke: .solid(red),
                  strokeStyle: StrokeStyle(width: 1.5, cap: .butt)),
            Shape(path: .circle(center: Point(75, 10), radius: 3), fill: .linearGradient(gradient)),
            Shape(path: .circle(center: Point(80, 10), radius: 3), fill: .solid(red), snapToPixels: true),
            Shape(path: .circle(center: Point(90, 10), radius: 6), fill: .solid(.transparent)),
        ]
        let groups = marks.enumerated().map { i, mark in
            Group(role: .point(series: 0, index: i, progress: 0), opacity: i == 3 ? 0.5 : 1, tooltip: "p\(i) <&>",
                  children: [.shape(mark)])
        }
        let root = try #require(parseXML(SVGWriter().write(shapeScene([], groups: groups))))
        let points = root.elements("g").filter { $0["class"] == "point" }
        #expect(points.count == marks.count)
        for (i, (point, mark)) in zip(points, marks).enumerated() {
            #expect(point["data-index"] == "\(i)" && point.first("title")?.text == "p\(i) <&>")
            #expect(point["opacity"] == (i == 3 ? ".5" : nil))
            // The oracle: the same circle written as a plain shape, its center left out.
            let alone = try #require(parseXML(SVGWriter().write(shapeScene([mark]))))
            var expected = try #require(alone.first("circle")).attributes
            expected["cx"] = nil
            expected["cy"] = nil
            var written = try #require(point.first("circle")).attributes
            written["cx"] = nil
            written["cy"] = nil
            if i == 8 {
                // A gradient is defined in the point's own coordinates: only its reference differs.
                #expect(written["fill"]?.hasPrefix("url(#") == true)
                expected["fill"] = written["fill"]
            }
            #expect(written == expected, "point \(i)")
        }
    }

    @Test func gradientsAndClipsAreDefinedOnceAndReferenced() throws {
        let gradient = LinearGradient(start: Point(0, 0), end: Point(0, 50), stops: [
            GradientStop(offset: 0, color: Color(rgb: 0xFF0000)),
            GradientStop(offset: 1, color: Color(rgb: 0x0000FF, alpha: 0)),
        ])
        var other = gradient
        other.end = Point(0, 40)
        let square = Path.rect(Rect(x: 1, y: 1, width: 10, height: 10))
        let clip = Rect(x: 0, y: 0, width: 50, height: 50)
        let scene = shapeScene([
            Shape(path: square, fill: .linearGradient(gradient)),
            Shape(path: square, fill: .linearGradient(gradient), stroke: .linearGradient(other)),
        ], groups: [
            Group(clip: clip, children: [.shape(Shape(path: square, fill: .linearGradient(gradient)))]),
            Group(clip: clip, children: [.shape(Shape(path: square, fill: .solid(.black)))]),
            Group(clip: Rect(x: 0, y: 0, width: 20, height: 20), children: [.shape(Shape(path: square))]),
        ])
        let root = try #require(parseXML(SVGWriter().write(scene)))
        let gradients = root.elements("linearGradient")
        #expect(gradients.count == 2)
        #expect(gradients.allSatisfy { $0["gradientUnits"] == "userSpaceOnUse" })
        let gid = try #require(gradients.first?["id"])
        let paths = root.elements("path")
        #expect(paths.filter { $0["fill"] == "url(#\(gid))" }.count == 3)
        #expect(paths[1]["stroke"] == "url(#\(try #require(gradients.last?["id"])))")
        let stops = try #require(gradients.first?.elements("stop"))
        #expect(stops.map { $0["stop-color"] } == ["#f00", "#00f"])
        #expect(stops.last?["stop-opacity"] == "0")
        let clips = root.elements("clipPath")
        #expect(clips.count == 2)
        let clipped = root.elements("g").compactMap { $0["clip-path"] }
        #expect(clipped.count == 3 && Set(clipped).count == 2)
        #expect(Set(clips.compactMap { $0["id"] }.map { "url(#\($0))" }) == Set(clipped))
    }

    @Test func paintAndStrokeAttributesOmitDefaults() throws {
        let line = Path([.move(Point(0, 0)), .line(Point(10, 10))])
        let scene = shapeScene([
            Shape(path: line, stroke: .solid(Color(rgb: 0x112233, alpha: 128)),
                  strokeStyle: StrokeStyle(width: 1, join: .miter, cap: .butt, miterLimit: 4)),
            Shape(path: line, fill: .solid(Color(rgb: 0x112233)), fillRule: .evenOdd, stroke: .solid(.black),
                  strokeStyle: StrokeStyle(width: 2.5, join: .miter, cap: .square, miterLimit: 8, dash: [4, 2],
                                           dashOffset: 1)),
            Shape(path: line, stroke: .solid(.black), strokeStyle: StrokeStyle(width: 1, dash: [-1, 2])),
            Shape(path: line, stroke: .solid(.black), snapToPixels: true),
        ])
        let paths = try #require(parseXML(SVGWriter().write(scene))).elements("path")
        let first = paths[0].attributes
        #expect(first == ["d": "M0 0 10 10", "fill": "none", "stroke": "#123", "stroke-opacity": ".5"])
        let second = paths[1].attributes
        #expect(second["fill"] == "#123" && second["fill-rule"] == "evenodd")
        #expect(second["stroke-width"] == "2.5" && second["stroke-miterlimit"] == "8")
        #expect(second["stroke-linecap"] == "square" && second["stroke-linejoin"] == nil)
        #expect(second["stroke-dasharray"] == "4 2" && second["stroke-dashoffset"] == "1")
        #expect(paths[2]["stroke-dasharray"] == nil)  // invalid pattern: drawn solid
        #expect(paths[2]["stroke-linejoin"] == "round" && paths[2]["stroke-linecap"] == "round")
        #expect(paths[3]["shape-rendering"] == "crispEdges")
    }

    @Test func textRunsCarryPositionSizeWeightAnchorColorAndRotation() throws {
        let scene = Scene(width: 100, height: 100, background: nil, title: "", description: "", nodes: [
            .text(TextRun(text: "Plain", position: Point(10, 20), size: 12, color: .black)),
            .text(TextRun(text: "Title", position: Point(15.5, 30), size: 11.25, weight: .bold, anchor: .middle,
                          color: Color(rgb: 0x333333, alpha: 51), rotation: -90)),
        ])
        let texts = try #require(parseXML(SVGWriter().write(scene))).elements("text")
        #expect(texts[0].attributes == ["x": "10", "y": "20", "font-size": "12"])
        #expect(texts[1].attributes == ["x": "15.5", "y": "30", "font-size": "11.25", "font-weight": "bold",
                                        "text-anchor": "middle", "fill": "#333", "fill-opacity": ".2",
                                        "transform": "rotate(-90 15.5 30)"])
    }

    /// A label whose first strong character is right to left (Hebrew, Arabic) is a right-to-left paragraph in SVG
    /// too, as the raster draws it, with its anchor flipped so it covers the box layout measured; a label that
    /// starts with Latin stays left to right even with Arabic inside; neutrals first do not decide.
    @Test func rightToLeftLabelsGetDirectionAndAFlippedAnchor() throws {
        let runs: [(String, TextAnchor)] = [("שלום (123)", .start), ("مرحبا", .end), ("١٢ مرحبا", .middle),
                                            ("Sales مبيعات", .start), ("(12) שלום", .start), ("123", .end)]
        let scene = Scene(width: 100, height: 100, background: nil, title: "", description: "",
                          nodes: runs.map { .text(TextRun(text: $0.0, position: Point(10, 20), size: 12, anchor: $0.1,
                                                          color: .black)) })
        let texts = try #require(parseXML(SVGWriter().write(scene))).elements("text")
        #expect(texts.map { $0["direction"] } == ["rtl", "rtl", "rtl", nil, "rtl", nil])
        #expect(texts.map { $0["text-anchor"] } == ["end", nil, "middle", nil, "end", "end"])
    }

    @Test func groupOpacityIsWrittenAndEmptyGroupsAreFlattened() throws {
        let square = Shape(path: .rect(Rect(x: 0, y: 0, width: 5, height: 5)))
        let scene = shapeScene([], groups: [
            Group(children: [.shape(square)]),
            Group(opacity: 0.25, children: [.shape(square)]),
        ])
        let root = try #require(parseXML(SVGWriter().write(scene)))
        #expect(root.elements("g").map { $0["opacity"] } == [".25"])
        #expect(root.elements("path").count == 2)
    }

    @Test func idPrefixIsSanitized() {
        let scene = TestScenes.lineChart()
        let text = svg(scene, SVGWriter(idPrefix: "9 x\"<y"))
        #expect(text.contains("aria-labelledby=\"c9xy-title c9xy-desc\""))
    }

    @Test func exactCirclesBecomeCircleElementsAndOtherCurvesStayPaths() throws {
        let circle = Path.circle(center: Point(30.5, 20), radius: 7.25)
        let ellipse = circle.map { Point(30.5 + ($0.x - 30.5) * 2, $0.y) }
        var dented = circle.elements
        dented[2] = .cubic(Point(20, 30), Point(25, 27.25), Point(23.25, 20))
        let scene = shapeScene([Shape(path: circle, fill: .solid(.white)), Shape(path: ellipse),
                                Shape(path: Path(dented))])
        let root = try #require(parseXML(SVGWriter().write(scene)))
        let circles = root.elements("circle")
        #expect(circles.count == 1)
        #expect(circles.first?.attributes == ["cx": "30.5", "cy": "20", "r": "7.25", "fill": "#fff"])
        #expect(root.elements("path").count == 2)
    }
}
