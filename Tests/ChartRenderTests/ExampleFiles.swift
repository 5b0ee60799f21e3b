import Foundation

/// Locates the repository's examples and the golden files beside these tests.
enum ExampleFiles {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let examplesDirectory = repositoryRoot.appendingPathComponent("examples")
    static let goldenDirectory = testsDirectory.appendingPathComponent("Golden")

    /// Example names (file names without `.json`), sorted.
    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func spec(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: examplesDirectory.appendingPathComponent(name + ".json")))
    }

    /// True when the goldens should be rewritten instead of compared (`scripts/update-goldens`).
    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }
}
