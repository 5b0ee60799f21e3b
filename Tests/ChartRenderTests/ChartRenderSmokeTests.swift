import Testing
@testable import ChartRender

@Test func moduleLinks() {
    #expect(Bool(true))
}
