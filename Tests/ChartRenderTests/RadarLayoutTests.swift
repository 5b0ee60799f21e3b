import ChartRender
import ChartSpec
import Foundation
import Testing

/// A radar's layout JSON gives its points like a line's: series, index, value, and where they are drawn.
struct RadarLayoutTests {
    @Test func pointsAreListedWithTheirSpokesPositions() throws {
        let json = #"{"type": "radar", "width": 400, "height": 400, "labels": ["N", "E", "S", "W"], "y": {"max": 10},"#
            + #" "series": [{"name": "A", "values": [10, 5, 10, 0], "dots": true}]}"#
        let bytes = try ChartRenderer.shared.render(json: Array(json.utf8), format: .json).bytes
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let points = try #require(layout["points"] as? [[String: Any]])
        #expect(points.map { $0["index"] as? Int } == [0, 1, 2, 3])
        #expect(points.map { $0["value"] as? Double } == [10, 5, 10, 0])
        #expect(points.allSatisfy { $0["series"] as? Int == 0 })
        let xy = points.map { ($0["x"] as? Double ?? .nan, $0["y"] as? Double ?? .nan) }
        // N and S at full radius straight above and below the center W (value 0) is at; E half way out to the right.
        let center = xy[3], radius = (xy[2].1 - xy[0].1) / 2
        #expect(radius > 50)
        #expect(abs(xy[0].0 - center.0) < 0.01 && abs(center.1 - xy[0].1 - radius) < 0.01)
        #expect(abs(xy[2].0 - center.0) < 0.01 && abs(xy[2].1 - center.1 - radius) < 0.01)
        #expect(abs(xy[1].1 - center.1) < 0.01 && abs(xy[1].0 - center.0 - radius / 2) < 0.01)
        #expect((layout["axes"] as? [String: Any]).flatMap { $0["y"] as? [[String: Any]] }?.compactMap {
            $0["value"] as? Double
        } == [2, 4, 6, 8, 10])
    }
}
