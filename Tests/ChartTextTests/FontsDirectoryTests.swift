import Foundation
import Testing
@testable import ChartText

let hasNotoThai = RawFont.available("/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf")

/// `--fonts-dir`: what is loaded from a directory, what is skipped and why, and where the faces join the set.
@Suite(.enabled(if: hasDejaVu && hasFreeSans && hasNotoThai,
                "DejaVu Sans, FreeSans (.otf) or Noto Sans Thai is not installed"))
struct FontsDirectoryTests {
    static let thai = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
    static let thaiBold = "/usr/share/fonts/truetype/noto/NotoSansThai-Bold.ttf"

    /// A fresh directory: FreeSans.otf, Noto Sans Thai Regular and Bold in `nested/deeper/`, a corrupt `broken.ttf`
    /// and a `README.txt` that is not a font.
    static func makeDirectory() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-dir-\(UUID().uuidString)")
        let nested = root.appendingPathComponent("nested/deeper")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FreeSans.otfPath, toPath: root.appendingPathComponent("FreeSans.otf").path)
        try FileManager.default.copyItem(atPath: thai, toPath: nested.appendingPathComponent("Thai-Regular.TTF").path)
        try FileManager.default.copyItem(atPath: thaiBold, toPath: nested.appendingPathComponent("Thai-Bold.ttf").path)
        try Data("not a font".utf8).write(to: root.appendingPathComponent("broken.ttf"))
        try Data("read me".utf8).write(to: root.appendingPathComponent("README.txt"))
        return root
    }

    @Test func everyFontUnderTheDirectoryLoadsAndBrokenFilesAreNamed() throws {
        let root = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try FontsDirectory.load(root.path)
        #expect(result.faces.map(\.name) == ["FreeSans.otf", "Thai-Bold.ttf", "Thai-Regular.TTF"])
        #expect(result.faces.allSatisfy { $0.path?.hasPrefix(root.path) == true })
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.contains("broken.ttf") == true)
    }

    @Test func theLimitsSkipWhatIsOverThemAndSaySo() throws {
        let root = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var limits = FontsDirectory.Limits()
        limits.maxFiles = 2
        var result = try FontsDirectory.load(root.path, limits: limits)
        #expect(result.faces.map(\.name) == ["FreeSans.otf"])  // broken.ttf is the second of two files
        #expect(result.problems.contains { $0.contains("4 font files, only the first 2") })

        limits = FontsDirectory.Limits()
        limits.maxFileBytes = 100_000  // FreeSans.otf has 857 KB; the Thai faces 38 KB each
        result = try FontsDirectory.load(root.path, limits: limits)
        #expect(result.faces.map(\.name) == ["Thai-Bold.ttf", "Thai-Regular.TTF"])
        #expect(result.problems.contains { $0.contains("FreeSans.otf") && $0.contains("allowed ≤ 100000") })

        limits = FontsDirectory.Limits()
        limits.maxTotalBytes = 880_000
        result = try FontsDirectory.load(root.path, limits: limits)
        #expect(result.faces.map(\.name) == ["FreeSans.otf"])
        #expect(result.problems.contains { $0.contains("would exceed 880000 bytes") })

        limits = FontsDirectory.Limits()
        limits.maxFaces = 2
        result = try FontsDirectory.load(root.path, limits: limits)
        #expect(result.faces.count == 2)
        #expect(result.problems.contains { $0.contains("Thai-Regular.TTF") && $0.contains("2 faces already loaded") })

        limits = FontsDirectory.Limits()
        limits.maxDepth = 2
        result = try FontsDirectory.load(root.path, limits: limits)
        #expect(result.faces.map(\.name) == ["FreeSans.otf"])
        #expect(result.problems.contains { $0.contains("deeper than 2 levels") })
    }

    @Test func aMissingDirectoryIsAnError() {
        #expect { try FontsDirectory.load("/nonexistent/fonts-dir") } throws: { error in
            (error as? FontError)?.code == .unreadable
        }
    }

    @Test func itsFamiliesJoinTheChainAfterTheDefaultsAndTheCatalogue() throws {
        let root = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let fonts = try FontSet.loadDefault(fontList: RawFont.dejaVu, fontsDirectory: root.path)
        #expect(fonts.regular.familyName == "DejaVu Sans")
        #expect(fonts.fallbacks.map(\.name) == ["FreeSans.otf", "Thai-Regular.TTF"])
        #expect(fonts.boldFallbacks.map { $0?.name } == [nil, "Thai-Bold.ttf"])
        #expect(fonts.catalogue.names == ["DejaVu Sans", "FreeSans", "Noto Sans Thai"])
        #expect(fonts.problems.contains { $0.contains("broken.ttf") })
        #expect(fonts.missingFiles.isEmpty)
        let report = TextEngine.fonts(fonts).fontReport
        #expect(report.degraded == nil)
        #expect(report.families == ["DejaVu Sans", "FreeSans", "Noto Sans Thai"])
        #expect(report.notes.count == 1)
        let free = try #require(fonts.selecting(family: "freesans"))
        #expect(free.regular.hasCFFOutlines)
        #expect(free.cssFontFamily == "'FreeSans', 'DejaVu Sans', 'Noto Sans Thai', sans-serif")
    }
}
