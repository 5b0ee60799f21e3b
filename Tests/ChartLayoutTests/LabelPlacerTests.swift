import ChartScene
import ChartText
import Testing
@testable import ChartLayout

/// The placement routine on its own: candidate order, the canvas margin, boxes, lines, soft grid lines.
struct LabelPlacerTests {
    let canvas = Rect(x: 0, y: 0, width: 200, height: 100)

    func box(_ x: Double, _ y: Double, _ w: Double = 20, _ h: Double = 10) -> (box: Rect, body: Rect) {
        (Rect(x: x, y: y, width: w, height: h), Rect(x: x, y: y, width: w, height: h))
    }

    @Test func takesTheFirstCandidateThatIsFreeAndRegistersIt() {
        var placer = LabelPlacer(canvas: canvas)
        placer.addBox(Rect(x: 50, y: 50, width: 10, height: 10))
        // Past the 4 px margin, on the box, free.
        #expect(placer.place([box(2, 20), box(45, 45), box(100, 20)]) == 2)
        // The placed label is now an obstacle; a box touching it edge to edge is not an overlap.
        #expect(placer.place([box(110, 25), box(120, 20)]) == 1)
        #expect(placer.place([box(4, 4, 192, 92)]) == nil, "everything is taken: the label is dropped")
    }

    @Test func linesBlockWithTheirPadAndCurvesAreFlattened() {
        var placer = LabelPlacer(canvas: canvas)
        var path = Path()
        path.move(to: Point(10, 90))
        path.quad(to: Point(190, 90), control: Point(100, 10))  // peaks at y = 50
        placer.addLine(path, width: 2)
        #expect(placer.place([box(90, 45)]) == nil, "the curve's peak runs through it")
        #expect(placer.place([box(90, 39.5)]) == nil, "1 px pad: a box 0.5 px above the peak still touches it")
        #expect(placer.place([box(90, 30)]) == 0)
    }

    @Test func gridLinesAreAvoidedWhenAnyCandidateCan() {
        var placer = LabelPlacer(canvas: canvas)
        let grid = Node.group(Group(role: .grid, children: [
            .shape(Shape(path: Path([.move(Point(0, 50)), .line(Point(200, 50)), .move(Point(0, 20)),
                                     .line(Point(200, 20))]), stroke: .solid(.black))),
        ]))
        placer.addObstacles(in: [grid], metrics: ApproximateMetrics())
        #expect(placer.place([box(10, 45), box(10, 30)]) == 1, "the second candidate is clear of the grid")
        #expect(placer.place([box(100, 45), box(100, 15)]) == 0, "when none is, grid lines do not block")
    }

    /// Segment–box intersection against a sampling oracle over random segments.
    @Test func segmentBoxIntersectionAgreesWithSampling() {
        var rng = SeededRandom(seed: 7)
        let box = Rect(x: 40, y: 30, width: 30, height: 20)
        for _ in 0..<2000 {
            let a = Point(Double.random(in: 0...120, using: &rng), Double.random(in: 0...90, using: &rng))
            let b = Point(Double.random(in: 0...120, using: &rng), Double.random(in: 0...90, using: &rng))
            let inner = box.insetBy(0.05)
            let sampled = (0...4000).contains { i in
                let p = a + (b - a) * (Double(i) / 4000)
                return inner.contains(p)
            }
            let outer = box.insetBy(-0.05)
            let near = (0...4000).contains { i in outer.contains(a + (b - a) * (Double(i) / 4000)) }
            let crosses = SegmentColumns.crosses(a, b, box)
            // Segments grazing the edge within the tolerance may go either way.
            if sampled { #expect(crosses, "\(a)–\(b)") }
            if !near { #expect(!crosses, "\(a)–\(b)") }
        }
    }
}
