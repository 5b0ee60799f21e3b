import ChartRaster
import ChartScene
import Testing

/// Shapes that are whole-pixel rectangles (crisp grid lines and axes, snapped bars) are painted without the coverage
/// band; the pixels must be exactly those the band gives. Each scene is drawn twice: as rectangles (the shortcut) and
/// with every side split by a collinear point on a pixel boundary (five corners or more: the band), which outlines
/// the same region.
struct PixelRectangleTests {
    /// A polyline through `points` of horizontal and vertical segments, optionally with a point added inside each
    /// segment (its middle, rounded down to a whole pixel along the segment).
    static func path(_ points: [Point], split: Bool, closed: Bool) -> Path {
        var p = Path()
        p.move(to: points[0])
        let ends = closed ? points + [points[0]] : points
        for (a, b) in zip(ends, ends.dropFirst()) {
            if split {
                let middle = { (u: Double, v: Double) in u == v ? u : ((u + v) / 2).rounded(.down) }
                p.line(to: Point(middle(a.x, b.x), middle(a.y, b.y)))
            }
            p.line(to: b)
        }
        if closed { p.close() }
        return p
    }

    static func nodes(split: Bool) -> [Node] {
        let grey = Color(red: 31, green: 35, blue: 40, alpha: 31)
        let blue = Color(red: 78, green: 121, blue: 167, alpha: 200)
        var nodes: [Node] = []
        // Vertical and horizontal 1-px grid lines and a 2-px axis, crisp, translucent (the Chart.js twin's grid), with
        // butt caps as the layout draws them: round caps reach past the ends, so such lines are no rectangles.
        var grid = Path()
        for x in stride(from: 10.5, through: 90.5, by: 8) {
            grid.append(contentsOf: path([Point(x, 5), Point(x, 95)], split: split, closed: false))
        }
        nodes.append(.shape(Shape(path: grid, stroke: .solid(grey), strokeStyle: StrokeStyle(width: 1, cap: .butt),
                                  snapToPixels: true)))
        var rows = Path()
        for y in stride(from: 20.5, through: 80.5, by: 20) {
            rows.append(contentsOf: path([Point(4, y), Point(96, y)], split: split, closed: false))
        }
        nodes.append(.shape(Shape(path: rows, stroke: .solid(grey), strokeStyle: StrokeStyle(width: 1, cap: .butt),
                                  snapToPixels: true)))
        nodes.append(.shape(Shape(path: path([Point(4, 96), Point(96, 96)], split: split, closed: false),
                                  stroke: .solid(.black), strokeStyle: StrokeStyle(width: 2, cap: .butt),
                                  snapToPixels: true)))
        // Translucent filled columns 1, 2 and 3 px wide across the bars (2, 4 and 6 at scale 2): both sides of the
        // four-pixel step of the column fill, over pixels that differ from row to row.
        for (x0, x1) in [(50.0, 51.0), (53.0, 55.0), (57.0, 60.0)] {
            let corners = [Point(x0, 3), Point(x1, 3), Point(x1, 97), Point(x0, 97)]
            nodes.append(.shape(Shape(path: path(corners, split: split, closed: true), fill: .solid(grey),
                                      snapToPixels: true)))
        }
        // Snapped bars, two of them touching, one reaching the image's edge, filled with a translucent colour over
        // the grid, and one opaque.
        for (x0, x1, top) in [(12.2, 30.4, 40.6), (30.4, 47.9, 22.0), (60.0, 100.0, 55.3)] {
            let corners = [Point(x0, top), Point(x1, top), Point(x1, 96), Point(x0, 96)]
            nodes.append(.shape(Shape(path: path(corners, split: split, closed: true), fill: .solid(blue),
                                      snapToPixels: true)))
        }
        nodes.append(.shape(Shape(path: path([Point(70, 10), Point(80, 10), Point(80, 18), Point(70, 18)],
                                             split: split, closed: true), fill: .solid(.black), snapToPixels: true)))
        // Overlapping rectangles in one shape: the band's non-zero rule covers the overlap once (no shortcut).
        nodes.append(.shape(Shape(path: path([Point(2, 2), Point(20, 2), Point(20, 12), Point(2, 12)], split: split,
                                             closed: true)
                                      .appending(path([Point(10, 6), Point(30, 6), Point(30, 16), Point(10, 16)],
                                                      split: split, closed: true)),
                                  fill: .solid(blue), snapToPixels: true)))
        // Lines inside a group's fractional clip (the shortcut), and lines it cuts (the band).
        var inside = Path()
        for x in stride(from: 34.5, through: 74.5, by: 8) {
            inside.append(contentsOf: path([Point(x, 5), Point(x, 95)], split: split, closed: false))
        }
        nodes.append(.group(Group(clip: Rect(x: 30.25, y: 0, width: 50, height: 100), children: [
            .shape(Shape(path: inside, stroke: .solid(blue), strokeStyle: StrokeStyle(width: 1, cap: .butt),
                         snapToPixels: true)),
        ])))
        nodes.append(.group(Group(clip: Rect(x: 33.5, y: 30.25, width: 40, height: 30), children: [
            .shape(Shape(path: grid, stroke: .solid(blue), strokeStyle: StrokeStyle(width: 1, cap: .butt),
                         snapToPixels: true)),
        ])))
        return nodes
    }

    @Test(arguments: [nil, Color(rgb: 0xFFFFFF)], [1.0, 2.0])
    func rectanglesPaintTheBandsPixels(background: Color?, scale: Double) throws {
        let shortcut = try render(Self.nodes(split: false), scale: scale, background: background)
        let band = try render(Self.nodes(split: true), scale: scale, background: background)
        #expect(shortcut.totalCoverage > 100)
        let difference = zip(shortcut.data, band.data).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(difference == nil, "first differing byte \(difference ?? -1), pixel \((difference ?? 0) / 4)")
    }
}
