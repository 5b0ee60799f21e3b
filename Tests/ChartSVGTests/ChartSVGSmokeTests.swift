import Testing
@testable import ChartSVG

@Test func moduleLinks() {
    #expect(Bool(true))
}
