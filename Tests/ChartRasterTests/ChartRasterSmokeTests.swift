import Testing
@testable import ChartRaster

@Test func moduleLinks() {
    #expect(Bool(true))
}
