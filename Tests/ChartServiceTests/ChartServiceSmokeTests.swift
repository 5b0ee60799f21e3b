import Testing
@testable import ChartService

@Test func moduleLinks() {
    #expect(Bool(true))
}
