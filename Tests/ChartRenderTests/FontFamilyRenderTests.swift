import ChartRaster
import ChartSpec
import ChartText
import Foundation
import Testing
@testable import ChartRender

/// `font.family` through the pipeline, and emoji in PNG labels, with the default fonts (the Debian packages that
/// `scripts/setup` installs).
@Suite(.enabled(if: ChartRenderer.shared.text.fontSet?.catalogue.family(named: "Noto Sans Hebrew") != nil
                    && ChartRenderer.shared.text.fontSet?.catalogue.family(named: "Symbola") != nil,
                "fonts-noto-core or fonts-symbola is not installed"))
struct FontFamilyRenderTests {
    let renderer = ChartRenderer.shared

    static func spec(_ extra: String = "", title: String = "Scores") -> [UInt8] {
        Array(#"{"title": "\#(title)", "series": [{"values": [1, 3, 2]}]\#(extra)}"#.utf8)
    }

    @Test func anUnknownFamilyIsASpecErrorListingTheLoadedOnes() {
        #expect {
            _ = try renderer.render(json: Self.spec(#", "font": {"family": "Comic Sans MS"}"#), format: .png)
        } throws: { error in
            guard case .invalidSpec(let spec) = error as? RenderError, spec.issues.count == 1,
                let issue = spec.issues.first else { return false }
            return issue.path == "font.family" && issue.message.contains("\"Comic Sans MS\"")
                && issue.message.contains("\"DejaVu Sans\", \"Noto Sans Arabic\"")
        }
    }

    @Test(arguments: ["Noto Sans Hebrew", "noto sans hebrew", "NOTO SANS HEBREW"])
    func aLoadedFamilyInAnyCaseLeadsTheSVGFontList(_ family: String) throws {
        let svg = String(decoding: try renderer.render(json: Self.spec(#", "font": {"family": "\#(family)"}"#),
                                                       format: .svg).bytes, as: UTF8.self)
        #expect(svg.contains(#"font-family="'Noto Sans Hebrew', 'DejaVu Sans', 'Noto Sans Arabic', "#))
        let plain = String(decoding: try renderer.render(json: Self.spec(), format: .svg).bytes, as: UTF8.self)
        #expect(plain.contains(#"font-family="'DejaVu Sans', 'Noto Sans Arabic', "#))
    }

    @Test func theFamilyChangesMeasurementAndPixels() throws {
        // Symbola has Latin letters of its own, so the same title is measured and drawn differently with it.
        let plain = try renderer.render(json: Self.spec(), format: .png).bytes
        let symbola = try renderer.render(json: Self.spec(#", "font": {"family": "Symbola"}"#), format: .png).bytes
        #expect(plain != symbola)
        let layout = try renderer.render(json: Self.spec(#", "font": {"family": "Symbola"}"#), format: .json).bytes
        #expect(layout != (try renderer.render(json: Self.spec(), format: .json).bytes))
    }

    /// Ink (non-background pixels) in the title band of a PNG with `title`.
    func titleInk(_ title: String) throws -> Int {
        let spec = try ChartSpec.parse(Self.spec(title: title))
        let pixmap = try renderer.pixmap(for: spec, options: RenderOptions())
        let background = Array(pixmap.data[0..<4])
        var ink = 0
        for y in 0..<min(40, pixmap.height) {
            for x in 0..<pixmap.width {
                let i = 4 * (y * pixmap.width + x)
                if Array(pixmap.data[i..<i + 4]) != background { ink += 1 }
            }
        }
        return ink
    }

    @Test func emojiDrawInPNGAsGlyphsNotBoxes() throws {
        let fonts = try #require(renderer.text.fontSet)
        #expect(fonts.missingCharacters(in: "👍🚀🎉").isEmpty)
        // The same title line each time, so the layout below it does not move.
        let letter = try titleInk("A")
        let emoji = try titleInk("A 👍🚀🎉")
        let boxes = try titleInk("A \u{E000}\u{E001}\u{E002}")  // private use: .notdef boxes
        #expect(emoji > letter + 100)
        #expect(emoji != boxes)
    }
}
