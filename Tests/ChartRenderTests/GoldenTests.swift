import ChartRender
import Foundation
import Testing

/// Every example renders to exactly the reviewed SVG in `Golden/`.
/// Regenerate with `scripts/update-goldens` and review the diff before committing.
@Suite struct GoldenTests {
    @Test func examplesExist() {
        #expect(ExampleFiles.names.count >= 6)
    }

    @Test(arguments: ExampleFiles.names)
    func exampleMatchesGolden(name: String) throws {
        let svg = try ChartRenderer.shared.render(json: try ExampleFiles.spec(name), format: .svg).bytes
        let golden = ExampleFiles.goldenDirectory.appendingPathComponent(name + ".svg")
        if ExampleFiles.updating {
            try Data(svg).write(to: golden)
            return
        }
        let expected = try #require(FileManager.default.contents(atPath: golden.path),
                                    "no golden for \(name): run scripts/update-goldens")
        guard Array(expected) != svg else { return }
        // Report where they part, not two whole documents.
        let prefix = zip(expected, svg).prefix { $0 == $1 }.count
        let context = { (bytes: [UInt8]) in
            String(decoding: bytes[max(0, prefix - 60)..<min(bytes.count, prefix + 60)], as: UTF8.self)
        }
        Issue.record("""
            \(name).svg differs from its golden at byte \(prefix); run scripts/update-goldens and review.
            golden: …\(context(Array(expected)))…
            actual: …\(context(svg))…
            """)
    }
}
