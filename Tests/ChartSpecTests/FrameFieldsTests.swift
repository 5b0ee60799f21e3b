import Testing
import ChartScene
@testable import ChartSpec

/// The frame options of issue 14: legend position, multi-line titles and their style, and the axis options `show`,
/// `tickStep`, `softMin`, `softMax` and `zero`. Each is absent by default and then leaves the canonical form (and so
/// every earlier ETag) exactly as it was.
struct FrameFieldsTests {
    private func canonical(_ text: String) throws -> String {
        String(decoding: try parseSpec(text).canonicalJSON, as: UTF8.self)
    }

    @Test func legendTakesAFlagOrAnObject() throws {
        let left = try parseSpec(minimalSpec(#""legend": {"position": "left"}"#))
        #expect(left.legend == nil && left.legendPosition == .left)
        let hidden = try parseSpec(minimalSpec(#""legend": {"show": false, "position": "bottom"}"#))
        #expect(hidden.legend == false && hidden.legendPosition == .bottom)
        #expect(try canonical(minimalSpec(#""legend": {"show": true, "position": "right"}"#))
            .contains(#""legend":{"show":true,"position":"right"}"#))
        // Without a position, the object is the flag: one chart, one canonical form, the earlier ETag.
        #expect(try canonical(minimalSpec(#""legend": {"show": false}"#))
            == canonical(minimalSpec(#""legend": false"#)))
        #expect(try canonical(minimalSpec(#""legend": {}"#)) == canonical(minimalSpec()))
        #expect(try !canonical(minimalSpec()).contains("legend"))
    }

    @Test func titleKeepsItsLinesAndStyle() throws {
        let spec = try parseSpec(minimalSpec(
            #""title": "1\n2\n3\n4\n5\n6\n7\n8", "titleStyle": {"color": "red", "size": 20}"#))
        #expect(spec.title?.split(separator: "\n").count == 8)
        #expect(spec.titleStyle == TitleStyle(color: Color(rgb: 0xFF0000), size: 20))
        #expect(try canonical(minimalSpec(#""titleStyle": {"size": 72}"#)).contains(#""titleStyle":{"size":72}"#))
        #expect(try !canonical(minimalSpec()).contains("titleStyle"))
    }

    @Test func axisOptionsAreReadAndOnlyWrittenWhenGiven() throws {
        let spec = try parseSpec(minimalSpec(
            #""x": {"show": false}, "y": {"tickStep": 2.5, "softMin": -1, "softMax": 20, "zero": false}"#))
        #expect(!spec.x.show && spec.y.show)
        #expect(spec.y.tickStep == 2.5 && spec.y.softMin == -1 && spec.y.softMax == 20 && spec.y.zero == false)
        let json = try canonical(minimalSpec(#""x": {"show": false}, "y": {"show": true, "tickStep": 2.5}"#))
        #expect(json.contains(#""type":"linear","show":false}"#))
        #expect(json.contains(#""type":"linear","tickStep":2.5}"#))
        #expect(try canonical(minimalSpec(#""y": {"show": true}"#)) == canonical(minimalSpec()))
    }
}
