import Testing
@testable import ChartSpec

@Test func moduleLinks() {
    #expect(Bool(true))
}
