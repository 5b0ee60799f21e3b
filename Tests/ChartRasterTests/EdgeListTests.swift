@testable import ChartRaster
import ChartScene
import Testing

/// `EdgeList.add(polygon:)` adds a polygon lying inside the clip without clipping each line; the edges and the
/// extent must be exactly those of adding its lines one by one with `addLine` (the clipping path), in the same order.
struct EdgeListTests {
    static let clip = DeviceRect(x0: 2, y0: 3, x1: 50.5, y1: 40.25)

    static let polygons: [(String, [[Point]])] = [
        ("triangle inside", [[Point(10, 10), Point(30, 12.5), Point(20, 35)]]),
        ("rectangle with horizontal sides", [[Point(4, 5), Point(40, 5), Point(40, 30), Point(4, 30)]]),
        ("points on the clip's sides", [[Point(2, 3), Point(50.5, 3), Point(50.5, 40.25), Point(2, 40.25)]]),
        ("all horizontal (no edge)", [[Point(5, 7), Point(25, 7), Point(45, 7)]]),
        ("two points, there and back", [[Point(6, 8), Point(9, 20)]]),
        ("a stroke outline after another polygon", [
            [Point(10, 10), Point(30, 12.5), Point(20, 35)],
            [Point(5.5, 20.25), Point(12.75, 18), Point(19.5, 25.5), Point(19.5, 27.5), Point(12.75, 20),
             Point(5.5, 22.25)],
        ]),
        ("crossing the left side", [[Point(-4, 10), Point(30, 12.5), Point(20, 35)]]),
        ("above the top", [[Point(10, 1), Point(30, 12.5), Point(20, 35)]]),
        ("below and right", [[Point(10, 10), Point(60, 12.5), Point(20, 45)]]),
        ("a NaN point", [[Point(10, 10), Point(.nan, 12.5), Point(20, 35)]]),
        ("an infinite point", [[Point(10, 10), Point(30, .infinity), Point(20, 35)]]),
        ("inside, then crossing", [
            [Point(4, 5), Point(40, 5), Point(40, 30), Point(4, 30)],
            [Point(-4, 10), Point(30, 12.5), Point(20, 35)],
        ]),
    ]

    @Test(arguments: polygons)
    func addsTheEdgesOfLineByLineClipping(_ name: String, _ polygons: [[Point]]) {
        var list = EdgeList(clip: Self.clip)
        var reference = EdgeList(clip: Self.clip)
        for polygon in polygons {
            list.add(polygon: polygon)
            guard var previous = polygon.last else { continue }
            for p in polygon {
                reference.addLine(previous, p)
                previous = p
            }
        }
        #expect(list.edges.count == reference.edges.count, "\(name)")
        for (e, r) in zip(list.edges, reference.edges) {
            #expect(e.x0 == r.x0 && e.y0 == r.y0 && e.x1 == r.x1 && e.y1 == r.y1 && e.direction == r.direction,
                     "\(name): \(e) vs \(r)")
        }
        #expect(list.minY == reference.minY && list.maxY == reference.maxY, "\(name)")
    }
}
