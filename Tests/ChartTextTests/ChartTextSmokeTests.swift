import Testing
@testable import ChartText

@Test func moduleLinks() {
    #expect(Bool(true))
}
