import Foundation

/// HarfBuzz's own command-line shaper (`hb-shape`, Debian libharfbuzz-bin), the outside oracle for shaping tests:
/// the glyphs, clusters, advances and offsets (font units) it gives for a text in one font.
enum HBShape {
    static let path = "/usr/bin/hb-shape"
    static var available: Bool { FileManager.default.isExecutableFile(atPath: path) }

    struct Glyph: Decodable, Equatable {
        var g: Int
        var cl: Int
        var dx: Int
        var dy: Int
        var ax: Int
    }

    /// `hb-shape --output-format=json --no-glyph-names font text`; extra arguments (e.g. `--direction=rtl`) first.
    static func shape(_ text: String, font: String, _ arguments: [String] = []) throws -> [Glyph] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments + ["--output-format=json", "--no-glyph-names", font, text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([Glyph].self, from: data)
    }
}
