import Testing
@testable import ChartScene

/// A tooltip means its text, however it is stored: joined (`.text`) or as a point's parts (`.point`).
struct TooltipTests {
    static let point = PointTooltip(prefix: "名前 · ", label: "第1节", value: "1.25M")

    @Test func aPointsTextJoinsItsPartsWithTheSeparator() {
        let tooltip = Tooltip.point(Self.point)
        #expect(tooltip.text == "名前 · 第1节: 1.25M")
        #expect(tooltip.utf8Count == tooltip.text.utf8.count)
        #expect(Tooltip.text("abc").utf8Count == 3)
    }

    @Test func equalityAndHashFollowTheText() {
        let parts = Tooltip.point(Self.point), joined = Tooltip.text("名前 · 第1节: 1.25M")
        #expect(parts == joined && joined == parts)
        #expect(parts.hashValue == joined.hashValue)
        // The same text split elsewhere is the same tooltip; another text is not.
        #expect(parts == .point(PointTooltip(prefix: "名前 · 第1", label: "节", value: "1.25M")))
        #expect(parts != .text("名前 · 第1节: 1.26M"))
        #expect(parts != .point(PointTooltip(prefix: "名前 · ", label: "第1节", value: "1.25")))
        let interpolated: Tooltip = "名前 · 第\(1)节: 1.25M"
        #expect(interpolated == parts)
    }
}
