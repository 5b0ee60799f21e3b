import Foundation
import ChartScene
import Testing
@testable import ChartText

/// Truncated, mutated and random fonts must be rejected with an error or load into something harmless: never a trap,
/// hang or runaway allocation. Loops are bounded and seeded.
@Suite(.enabled(if: hasDejaVu, "DejaVu Sans is not installed"))
struct HostileFontTests {
    /// Loads `bytes`, and when that succeeds exercises measurement, outlines and lowering on it.
    static func exercise(_ bytes: [UInt8]) -> Bool {
        guard let face = try? FontFace(data: bytes) else { return false }
        let set = FontSet(regular: face)
        _ = set.width(of: "AVé第 Q1 Hello", size: 12, weight: .regular)
        for scalar in "AOVéÄ%g\u{E000}".unicodeScalars { _ = try? face.outline(of: face.glyph(for: scalar)) }
        for glyph in stride(from: 0, to: face.glyphCount, by: max(1, face.glyphCount / 64)) {
            _ = try? face.outline(of: UInt16(glyph))
        }
        _ = set.path(for: TextRun(text: "AVé%", position: Point(10, 10), size: 12, color: .black, rotation: -45))
        return true
    }

    @Test(arguments: [0, 1, 4, 11, 12, 100, 400, 1020, 48_900, 56_000, 300_000, 614_160, 655_700, 759_719])
    func truncatedFontsAreRejected(_ length: Int) throws {
        let raw = try #require(Fonts.rawDejaVu)
        let prefix = Array(raw.bytes.prefix(length))
        #expect(throws: FontError.self) { try FontFace(data: prefix) }
    }

    @Test func truncatedCollectionIsRejected() throws {
        let raw = try #require(Fonts.rawWenQuanYi)
        for length in [8, 16, 30, 400, 700, 8_000, 3_600_000] {
            #expect(throws: FontError.self) { try FontFace(data: Array(raw.bytes.prefix(length)), faceIndex: 1) }
        }
    }

    @Test func bitFlipsInTablesNeverCrash() throws {
        let raw = try #require(Fonts.rawDejaVu)
        var rng = SplitMix64(state: 0x5EED)
        // Target the structures the loader reads eagerly, plus the outlines of the glyphs exercised above.
        let regions = ["head", "hhea", "maxp", "hmtx", "cmap", "kern", "GPOS", "loca", "OS/2"]
            .compactMap { raw.tables[$0] } + [(offset: 0, length: 12 + 16 * raw.tables.count)]
        var rejected = 0
        for round in 0..<300 {
            var bytes = raw.bytes
            let region = regions[round % regions.count]
            for _ in 0..<(1 + round % 8) {
                let at = region.offset + Int.random(in: 0..<max(1, region.length), using: &rng)
                if round % 3 == 0 {
                    bytes[at] = UInt8.random(in: 0...255, using: &rng)
                } else {
                    bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
                }
            }
            if !Self.exercise(bytes) { rejected += 1 }
        }
        #expect(rejected > 0, "some mutations must be detected")
    }

    @Test func corruptedGlyphDataNeverCrashes() throws {
        let raw = try #require(Fonts.rawDejaVu)
        var rng = SplitMix64(state: 0xC0FFEE)
        let glyphs = "AOVéÄ%g".unicodeScalars.compactMap { raw.glyfOffset(raw.glyph($0)) }
        for _ in 0..<200 {
            var bytes = raw.bytes
            let base = glyphs[Int.random(in: 0..<glyphs.count, using: &rng)]
            for _ in 0..<4 {
                bytes[base + Int.random(in: 0..<40, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            #expect(Self.exercise(bytes), "glyph corruption is found when drawing, not when loading")
        }
    }

    @Test func randomBytesAreRejected() {
        var rng = SplitMix64(state: 42)
        for round in 0..<200 {
            var bytes = (0..<Int.random(in: 0..<4096, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Half of them get a plausible header so parsing goes deeper.
            if round % 2 == 0, bytes.count > 12 {
                bytes.replaceSubrange(0..<6, with: [0, 1, 0, 0, 0, UInt8.random(in: 1...30, using: &rng)])
            }
            #expect(!Self.exercise(bytes))
        }
    }

    @Test func aSelfReferencingCompositeIsAnError() throws {
        let raw = try #require(Fonts.rawDejaVu)
        let glyph = raw.glyph("é")
        let offset = try #require(raw.glyfOffset(glyph))
        var bytes = raw.bytes
        // Point the first component of é at é itself.
        bytes[offset + 12] = UInt8(glyph >> 8)
        bytes[offset + 13] = UInt8(glyph & 0xFF)
        let face = try FontFace(data: bytes)
        #expect { try face.outline(of: UInt16(glyph)) } throws: { error in
            (error as? FontError)?.code == .compositeTooComplex
        }
        #expect(face.path(of: UInt16(glyph)).isEmpty)
    }

    @Test func aBareOTTOHeaderIsAnError() {
        let bytes: [UInt8] = Array("OTTO".utf8) + [UInt8](repeating: 0, count: 60)
        #expect { try FontFace(data: bytes) } throws: { error in (error as? FontError)?.code == .missingTable }
    }

    /// FreeSans.otf with its `CFF ` table scrambled (seeded xorshift: every 7th byte, or the whole table, or the table
    /// cut short in the directory): loading either fails with a `FontError` or gives a face whose glyphs all draw —
    /// as paths within `CFFOutline.maximumElements` — without a trap or a hang.
    @Test(.enabled(if: hasFreeSans, "fonts-freefont-otf is not installed"), arguments: 0..<6)
    func scrambledCFFNeverTraps(_ seed: Int) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FreeSans.otfPath)))
        let raw = try RawFont(bytes: bytes)
        let cff = try #require(raw.tables["CFF "])
        var state = UInt64(0x9E37_79B9_7F4A_7C15) &* UInt64(seed + 1)
        func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        switch seed % 3 {
        case 0: for i in stride(from: cff.offset, to: cff.offset + cff.length, by: 7) { bytes[i] = next() }
        case 1: for i in cff.offset..<(cff.offset + cff.length) { bytes[i] = next() }
        default: bytes = Array(bytes[..<(cff.offset + cff.length / (seed + 2))])
        }
        guard let face = try? FontFace(data: bytes) else { return }
        for glyph in stride(from: 0, to: face.glyphCount, by: max(1, face.glyphCount / 400)) {
            #expect(face.path(of: UInt16(glyph)).elements.count <= CFFOutline.maximumElements + 10)
        }
    }
}
