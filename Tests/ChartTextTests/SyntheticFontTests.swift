import ChartScene
import Testing
@testable import ChartText

/// Font structures the installed fonts do not exercise, built by hand or by rewriting a real font.
struct SyntheticFontTests {
    /// Big-endian byte writer.
    struct Bytes {
        var data: [UInt8] = []
        mutating func u16(_ v: Int) { data += [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        mutating func u32(_ v: Int) { u16(v >> 16); u16(v & 0xFFFF) }
        mutating func tag(_ s: String) { data += Array(s.utf8) }
    }

    /// A GPOS with a `kern` feature using an Extension lookup (type 9 → PairPos format 1) and a PairPos format 2.
    static func syntheticGPOS() -> [UInt8] {
        var b = Bytes()
        b.u16(1); b.u16(0); b.u16(0); b.u16(10); b.u16(26)             // header: FeatureList @10, LookupList @26
        b.u16(1); b.tag("kern"); b.u16(8)                                // FeatureList @10
        b.u16(0); b.u16(2); b.u16(0); b.u16(1)                           // Feature @18: lookups 0 and 1
        b.u16(2); b.u16(6); b.u16(46)                                    // LookupList @26
        b.u16(9); b.u16(0); b.u16(1); b.u16(8)                           // Lookup 0 @32: Extension
        b.u16(1); b.u16(2); b.u32(8)                                     // ExtensionPos @40 → PairPos @48
        b.u16(1); b.u16(12); b.u16(4); b.u16(0); b.u16(1); b.u16(18)     // PairPos format 1 @48
        b.u16(1); b.u16(1); b.u16(5)                                     // Coverage @60: glyph 5
        b.u16(1); b.u16(7); b.u16(0xFFCE)                                // PairSet @66: (5, 7) → −50
        b.u16(2); b.u16(0); b.u16(1); b.u16(8)                           // Lookup 1 @72: PairPos
        b.u16(2); b.u16(24); b.u16(4); b.u16(0); b.u16(34); b.u16(46)    // PairPos format 2 @80
        b.u16(2); b.u16(2)
        b.u16(0); b.u16(0xFFF6); b.u16(0); b.u16(0xFFE2)                // matrix: [0][1] = −10, [1][1] = −30
        b.u16(2); b.u16(1); b.u16(10); b.u16(12); b.u16(0)               // Coverage @104: glyphs 10…12
        b.u16(1); b.u16(10); b.u16(3); b.u16(1); b.u16(0); b.u16(1)      // ClassDef1 @114: 10→1, 11→0, 12→1
        b.u16(2); b.u16(1); b.u16(20); b.u16(21); b.u16(1)               // ClassDef2 @126: 20…21 → 1
        return b.data
    }

    @Test func extensionLookupsAndClassPairsAreRead() throws {
        let bytes = Self.syntheticGPOS()
        let lookups = try KerningReader.readGPOS(FontData(bytes), TableRange(offset: 0, length: bytes.count))
        let table = KerningTable(lookups: lookups)
        #expect(lookups.count == 2)
        #expect(table.adjustment(5, 7) == -50)
        #expect(table.adjustment(5, 8) == 0)
        #expect(table.adjustment(10, 20) == -30)
        #expect(table.adjustment(11, 21) == -10)
        #expect(table.adjustment(12, 22) == 0)
        #expect(table.adjustment(13, 20) == 0)
    }

    @Test func truncatedGPOSIsAnError() {
        let bytes = Self.syntheticGPOS()
        for length in stride(from: 0, to: bytes.count - 1, by: 3) {
            let prefix = Array(bytes.prefix(length))
            #expect(throws: FontError.self) {
                try KerningReader.readGPOS(FontData(prefix), TableRange(offset: 0, length: prefix.count))
            }
        }
    }

    @Test(.enabled(if: hasDejaVu, "DejaVu Sans is not installed"))
    func legacyKernTableIsUsedWithoutGPOS() throws {
        let raw = try #require(Fonts.rawDejaVu)
        var bytes = raw.bytes
        // Rename the GPOS table in the directory so only the legacy `kern` table remains.
        let count = raw.u16(4)
        for i in 0..<count where Array(bytes[12 + 16 * i..<16 + 16 * i]) == Array("GPOS".utf8) {
            bytes[12 + 16 * i] = UInt8(ascii: "X")
        }
        let face = try FontFace(data: bytes)
        let a = face.glyph(for: "A"), v = face.glyph(for: "V"), t = face.glyph(for: "T"), o = face.glyph(for: "o")
        #expect(face.kerning(a, v) == (try #require(raw.legacyKern(Int(a), Int(v)))))
        #expect(face.kerning(t, o) == (try #require(raw.legacyKern(Int(t), Int(o)))))
    }

    @Test(.enabled(if: hasDejaVu, "DejaVu Sans is not installed"))
    func shortLocaOffsetsAreHalved() throws {
        let raw = try #require(Fonts.rawDejaVu)
        let original = try #require(Fonts.dejaVu)
        // Keep the first glyphs whose data fits the short format's 128 KiB, and rewrite loca as offset / 2.
        let kept = 120
        let loca = try #require(raw.tables["loca"]).offset
        let offsets = (0...kept).map { raw.u32(loca + 4 * $0) }
        try #require(offsets.allSatisfy { $0 % 2 == 0 && $0 / 2 < 65536 })
        var bytes = raw.bytes
        func put16(_ at: Int, _ v: Int) { bytes[at] = UInt8(v >> 8); bytes[at + 1] = UInt8(v & 0xFF) }
        put16(try #require(raw.tables["head"]).offset + 50, 0)
        put16(try #require(raw.tables["maxp"]).offset + 4, kept)
        for (i, offset) in offsets.enumerated() { put16(loca + 2 * i, offset / 2) }
        let face = try FontFace(data: bytes)
        #expect(face.glyphCount == kept)
        var compared = 0
        for glyph in 1..<UInt16(kept) {
            let outline = try face.outline(of: glyph)
            #expect(outline == (try original.outline(of: glyph)))
            if !outline.contours.isEmpty { compared += 1 }
        }
        #expect(compared > 50)
    }
}
