import Testing
@testable import ChartScene

@Test func moduleLinks() {
    #expect(Bool(true))
}
