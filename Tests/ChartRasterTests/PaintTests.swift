import ChartRaster
import ChartScene
import Testing

struct PaintTests {
    private let red = Color(rgb: 0xFF0000), blue = Color(rgb: 0x0000FF)

    private func rgba(_ p: Pixmap, _ x: Int, _ y: Int) -> [Int] {
        guard let px = p.pixel(x: x, y: y) else { return [] }
        return [Int(px.r), Int(px.g), Int(px.b), Int(px.a)]
    }

    @Test func linearGradientHitsItsStopColorsAndPadsBeyondItsEnds() throws {
        let stops = [GradientStop(offset: 0, color: red), GradientStop(offset: 1, color: blue)]
        let gradient = LinearGradient(start: Point(20, 0), end: Point(80, 0), stops: stops)
        let shape = Shape(path: .rect(Rect(x: 0, y: 0, width: 100, height: 10)), fill: .linearGradient(gradient))
        let pixmap = try render([.shape(shape)], height: 10)
        #expect(rgba(pixmap, 0, 5) == [255, 0, 0, 255])
        #expect(rgba(pixmap, 10, 5) == [255, 0, 0, 255])
        #expect(rgba(pixmap, 90, 5) == [0, 0, 255, 255])
        #expect(rgba(pixmap, 99, 5) == [0, 0, 255, 255])
        let middle = rgba(pixmap, 50, 5)  // t = 30.5 / 60
        #expect(abs(middle[0] - 125) <= 2 && abs(middle[2] - 130) <= 2 && middle[1] == 0)
    }

    @Test func gradientWithThreeStopsAndTransparency() throws {
        let stops = [GradientStop(offset: 0, color: red), GradientStop(offset: 0.5, color: blue),
                     GradientStop(offset: 1, color: blue.withOpacity(0))]
        let gradient = LinearGradient(start: Point(0, 0), end: Point(0, 100), stops: stops)
        let pixmap = try render([.shape(Shape(path: .rect(Rect(x: 0, y: 0, width: 10, height: 100)),
                                              fill: .linearGradient(gradient)))], width: 10)
        #expect(abs(rgba(pixmap, 5, 49)[2] - 255) <= 6)
        #expect(rgba(pixmap, 5, 99)[3] <= 3)
        #expect(abs(rgba(pixmap, 5, 75)[3] - 127) <= 3)
        // Premultiplied: no component exceeds alpha.
        let p = rgba(pixmap, 5, 75)
        #expect(p[2] <= p[3])
    }

    @Test func sourceOverBlendsTranslucentPaint() throws {
        let shape = Shape(path: .rect(Rect(x: 0, y: 0, width: 10, height: 10)), fill: .solid(red.withOpacity(0.5)))
        let pixmap = try render([.shape(shape)], width: 10, height: 10, background: .white)
        #expect(rgba(pixmap, 5, 5) == [255, 127, 127, 255])
        #expect(pixmap.isOpaque)
    }

    @Test func transparentBackgroundStaysTransparent() throws {
        let pixmap = try render([], width: 4, height: 4)
        #expect(pixmap.data.allSatisfy { $0 == 0 })
        #expect(!pixmap.isOpaque)
    }

    /// Two overlapping squares in a group at 50 %: the overlap shows the group's opacity once, not twice.
    @Test func groupOpacityCompositesTheGroupAsAWhole() throws {
        let group = Group(opacity: 0.5, children: [filled(.rect(Rect(x: 10, y: 10, width: 30, height: 30))),
                                                   filled(.rect(Rect(x: 20, y: 20, width: 30, height: 30)))])
        let pixmap = try render([.group(group)])
        #expect(rgba(pixmap, 30, 30)[3] == 128)
        #expect(rgba(pixmap, 15, 15)[3] == 128)
        #expect(rgba(pixmap, 5, 5)[3] == 0)
    }

    @Test func groupOpacityOfASingleShapeMatchesTheLayeredResult() throws {
        let shape = Shape(path: .circle(center: Point(50, 50), radius: 20), stroke: .solid(red),
                          strokeStyle: StrokeStyle(width: 6))
        let single = try render([.group(Group(opacity: 0.4, children: [.shape(shape)]))], background: .white)
        // A second, invisible child forces the group into a layer.
        let nothing = Shape(path: .rect(Rect(x: 0, y: 0, width: 5, height: 5)))
        let layered = try render([.group(Group(opacity: 0.4, children: [.shape(shape), .shape(nothing)]))],
                                 background: .white)
        for i in 0..<single.data.count { #expect(abs(Int(single.data[i]) - Int(layered.data[i])) <= 3) }
    }

    @Test func nestedOpacityMultiplies() throws {
        let inner = Group(opacity: 0.5, children: [filled(.rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                                                   filled(.rect(Rect(x: 5, y: 0, width: 10, height: 10)))])
        let pixmap = try render([.group(Group(opacity: 0.5, children: [.group(inner), .group(inner)]))])
        // Inner: 0.5; two inner groups over each other: 0.75; outer: 0.375.
        #expect(abs(rgba(pixmap, 7, 5)[3] - 96) <= 1)
    }

    @Test func snappedOnePixelLineCoversExactlyOneRow() throws {
        let line = polyline([Point(10.4, 20.3), Point(90.2, 20.3)])
        let snapped = try render([stroked(line, StrokeStyle(width: 1, cap: .butt), snap: true)])
        #expect(snapped.coverage(50, 20) == 1)
        #expect(snapped.coverage(50, 19) == 0 && snapped.coverage(50, 21) == 0)
        let plain = polyline([Point(10, 20), Point(90, 20)])
        let unsnapped = try render([stroked(plain, StrokeStyle(width: 1, cap: .butt))])
        #expect(unsnapped.coverage(50, 19) == 0.5 || abs(unsnapped.coverage(50, 19) - 0.5) <= 1.0 / 255)
    }

    @Test func snappedLineAtScaleTwoCoversTwoFullRows() throws {
        let line = polyline([Point(10, 20.3), Point(90, 20.3)])
        let pixmap = try render([stroked(line, StrokeStyle(width: 1, cap: .butt), snap: true)], scale: 2)
        let rows = (0..<pixmap.height).filter { pixmap.coverage(100, $0) > 0 }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { pixmap.coverage(100, $0) == 1 })
    }

    @Test func snappedVerticalLineCoversExactlyOneColumn() throws {
        let line = polyline([Point(33.7, 10), Point(33.7, 90)])
        let pixmap = try render([stroked(line, StrokeStyle(width: 1, cap: .butt), snap: true)])
        let columns = (0..<100).filter { pixmap.coverage($0, 50) > 0 }
        #expect(columns == [33])
        #expect(pixmap.coverage(33, 50) == 1)
    }

    /// Snapped strokes cover the pixels whose centers lie in [x − w/2, x + w/2), as SVG renderers draw
    /// `shape-rendering="crispEdges"` (librsvg drew a 1.25-px line at x = 40 two columns wide, where we drew one).
    @Test(arguments: [(40.0, 1.25, [39, 40]), (40.3, 1.25, [40]), (40.5, 2.0, [39, 40]), (40.2, 0.5, [40]),
                      (33.7, 1.0, [33]), (10.0, 3.0, [8, 9, 10])])
    func snappedStrokesCoverThePixelCentersTheyContain(x: Double, width: Double, columns: [Int]) throws {
        let line = polyline([Point(x, 10), Point(x, 90)])
        let pixmap = try render([stroked(line, StrokeStyle(width: width, cap: .butt), snap: true)])
        let covered = (0..<100).filter { pixmap.coverage($0, 50) > 0 }
        #expect(covered == columns)
        #expect(covered.allSatisfy { pixmap.coverage($0, 50) == 1 })
    }

    @Test func textRunsAreSkippedAndCounted() throws {
        let text = TextRun(text: "Q3", position: Point(10, 10), size: 12, color: .black)
        let scene = Scene(width: 50, height: 50, background: nil, title: "", description: "",
                          nodes: [.text(text), .group(Group(children: [.text(text)]))])
        let result = try Rasterizer().renderWithReport(scene, scale: 1)
        #expect(result.skippedTextRuns == 2)
        #expect(result.pixmap.totalCoverage == 0)
    }

    @Test(arguments: [(5000.0, 5000.0, 1.0), (100, 100, 5), (100, 100, 0), (Double.nan, 10, 1), (-1, 10, 1),
                      (10, 10, Double.infinity), (20000, 1, 1)])
    func absurdSizesAreRefusedBeforeAllocating(width: Double, height: Double, scale: Double) {
        let scene = Scene(width: width, height: height, background: .white, title: "", description: "", nodes: [])
        #expect(throws: RasterError.self) { try Rasterizer().render(scene, scale: scale) }
    }

    @Test func nonFiniteGeometryIsIgnored() throws {
        let bad = polyline([Point(10, 10), Point(.nan, 50), Point(.infinity, 20)])
        let pixmap = try render([filled(bad), stroked(bad, StrokeStyle(width: 2)),
                                 filled(.rect(Rect(x: 0, y: 0, width: 1, height: 1)))])
        #expect(pixmap.totalCoverage == 1)
    }
}

struct PaintRobustnessTests {
    @Test(arguments: [(Point(0, 0), Point(0, 0)), (Point(.nan, 0), Point(10, 0)), (Point(-1e308, 0), Point(1e308, 0)),
                      (Point(0, .infinity), Point(0, 1))])
    func degenerateGradientsPaintTheirLastColor(start: Point, end: Point) throws {
        let stops = [GradientStop(offset: 0, color: .black), GradientStop(offset: .nan, color: .white),
                     GradientStop(offset: 1, color: Color(rgb: 0x0000FF))]
        let shape = Shape(path: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                          fill: .linearGradient(LinearGradient(start: start, end: end, stops: stops)))
        let pixmap = try render([.shape(shape)], width: 10, height: 10)
        let p = try #require(pixmap.pixel(x: 5, y: 5))
        #expect(p.a == 255)
        #expect(p.r == 0 && p.g == 0 && p.b == 255)
    }

    @Test func nanGroupOpacityIsTreatedAsOpaque() throws {
        let group = Group(opacity: .nan, children: [filled(.rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                                                    filled(.rect(Rect(x: 5, y: 5, width: 10, height: 10)))])
        let pixmap = try render([.group(group)])
        #expect(pixmap.coverage(7, 7) == 1)
    }
}

struct LayerTests {
    /// A translucent group with a fractional clip: the layer covers only the clip, and its edges stay exact.
    @Test func clippedTranslucentGroupCompositesOnlyInsideItsClip() throws {
        let group = Group(clip: Rect(x: 10.5, y: 10, width: 20, height: 20), opacity: 0.5, children: [
            filled(.rect(Rect(x: 0, y: 0, width: 100, height: 100))),
            filled(.rect(Rect(x: 20, y: 0, width: 100, height: 100))),
        ])
        let pixmap = try render([.group(group)])
        #expect(pixmap.pixel(x: 9, y: 15)?.a == 0)
        #expect(pixmap.pixel(x: 10, y: 15)?.a == 64)
        #expect(pixmap.pixel(x: 15, y: 15)?.a == 128)
        #expect(pixmap.pixel(x: 25, y: 15)?.a == 128)
        #expect(pixmap.pixel(x: 25, y: 9)?.a == 0)
        #expect(pixmap.pixel(x: 31, y: 15)?.a == 0)
    }

    @Test func layerCoversOnlyTheContentOfAnUnclippedGroup() throws {
        let group = Group(opacity: 0.5, children: [
            stroked(polyline([Point(70, 70), Point(90, 90)]), StrokeStyle(width: 4, join: .miter, cap: .square)),
            filled(.circle(center: Point(80, 80), radius: 5)),
        ])
        let layered = try render([.group(group)], background: .white)
        // Black at alpha 128 over white is 127 wherever the group paints, overlap or not; white elsewhere.
        #expect(layered.pixel(x: 10, y: 10)?.r == 255)
        #expect(layered.pixel(x: 80, y: 80)?.r == 127)
        #expect(layered.pixel(x: 88, y: 88)?.r == 127)
        #expect(layered.pixel(x: 70, y: 70)?.r == 127)
    }
}
