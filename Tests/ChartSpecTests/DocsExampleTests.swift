import Foundation
import Testing
@testable import ChartSpec

/// Every ```json example in docs/spec.md must be a valid spec, so the reference cannot drift from the parser.
struct DocsExampleTests {
    static func examples() throws -> [String] {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/spec.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        return text.components(separatedBy: "```json\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
    }

    @Test func docsHaveExamples() throws {
        #expect(try Self.examples().count >= 5)
    }

    @Test(arguments: try examples())
    func exampleIsAValidSpec(json: String) {
        #expect(specIssues(json) == [])
    }
}
