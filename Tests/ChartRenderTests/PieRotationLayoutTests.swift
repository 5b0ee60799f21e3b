import ChartRender
import ChartSpec
import Foundation
import Testing

/// The layout JSON's slices carry `pie.rotation` and `pie.circumference` in their angles, from the parsed spec on.
struct PieRotationLayoutTests {
    func slices(_ json: String) throws -> [[String: Any]] {
        let bytes = try ChartRenderer.shared.render(json: Array(json.utf8), format: .json).bytes
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        return try #require(layout["slices"] as? [[String: Any]])
    }

    @Test(arguments: [
        (#""rotation": -90, "circumference": 180"#, [[270.0, 297], [297, 360], [360, 450]]),
        (#""rotation": 45"#, [[45.0, 99], [99, 225], [225, 405]]),
        (#""circumference": 90"#, [[0.0, 13.5], [13.5, 45], [45, 90]]),
    ])
    func sliceAnglesIncludeTheRotationAndCircumference(pie: String, expected: [[Double]]) throws {
        let json = #"{"type": "doughnut", "width": 500, "height": 300, "series": [{"values": [15, 35, 50]}], "pie": {"#
            + pie + "}}"
        let angles = try slices(json).map { [$0["startAngle"] as? Double ?? .nan, $0["endAngle"] as? Double ?? .nan] }
        #expect(angles.count == expected.count)
        for (got, want) in zip(angles, expected) {
            #expect(abs(got[0] - want[0]) < 1e-9 && abs(got[1] - want[1]) < 1e-9, "\(angles)")
        }
    }
}
