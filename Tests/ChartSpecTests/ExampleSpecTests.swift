import Foundation
import Testing
@testable import ChartSpec

/// The specs shown to users — every ```json block in docs/spec.md and every file in examples/ — must be valid,
/// so the reference and the samples cannot drift from the parser.
struct ExampleSpecTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func docExamples() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/spec.md"), encoding: .utf8)
        return text.components(separatedBy: "```json\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
    }

    static func exampleFiles() throws -> [String] {
        let directory = root.appendingPathComponent("examples")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func thereAreExamplesToCheck() throws {
        #expect(try Self.docExamples().count >= 5)
        #expect(try !Self.exampleFiles().isEmpty)
    }

    @Test(arguments: try docExamples())
    func docExampleIsAValidSpec(json: String) {
        #expect(specIssues(json) == [])
    }

    @Test(arguments: try exampleFiles())
    func exampleFileIsAValidSpec(name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("examples/\(name)"), encoding: .utf8)
        #expect(specIssues(text) == [])
    }
}
