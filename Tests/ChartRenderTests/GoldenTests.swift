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
        #expect(Array(expected) == svg, "\(name).svg differs from its golden; run scripts/update-goldens and review")
    }
}
