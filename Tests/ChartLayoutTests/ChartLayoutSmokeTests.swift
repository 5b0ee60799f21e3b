import Testing
@testable import ChartLayout

@Test func moduleLinks() {
    #expect(Bool(true))
}
