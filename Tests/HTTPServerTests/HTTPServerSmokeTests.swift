import Testing
@testable import HTTPServer

@Test func moduleLinks() {
    #expect(Bool(true))
}
