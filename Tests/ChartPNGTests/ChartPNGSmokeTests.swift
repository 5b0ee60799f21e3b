import Testing
@testable import ChartPNG

@Test func moduleLinks() {
    #expect(Bool(true))
}
