import Testing
@testable import ChartText

/// Subsets must load back as fonts with the kept glyphs' outlines unchanged and every other glyph empty, with correct
/// checksums (checked by `RawFont`'s naive reading); hostile faces must throw.
@Suite(.enabled(if: hasDejaVu, "DejaVu Sans is not installed"))
struct TrueTypeSubsetterTests {
    /// The glyphs of `text` in `face`.
    static func glyphs(_ text: String, _ face: FontFace) -> [UInt16] { text.unicodeScalars.map(face.glyph(for:)) }

    @Test func keptGlyphsKeepTheirOutlinesAndDroppedOnesAreEmpty() throws {
        let face = try #require(Fonts.dejaVu), raw = try #require(Fonts.rawDejaVu)
        // Ä and é are composites in DejaVu Sans: their components must come along.
        let kept = Self.glyphs("Hello, Äé 2024", face)
        let subset = try TrueTypeSubsetter.subset(face, keeping: kept)
        let reloaded = try FontFace(data: subset, name: "subset")
        let components = kept.flatMap { raw.components(Int($0)) }.map(UInt16.init)
        #expect(!components.isEmpty, "the sample must exercise composites")
        let all = Set(kept + components + [0])
        #expect(reloaded.glyphCount == Int(all.max()!) + 1)
        #expect(reloaded.unitsPerEm == face.unitsPerEm)
        for glyph in all {
            #expect(try reloaded.outline(of: glyph) == face.outline(of: glyph), "glyph \(glyph)")
            #expect(reloaded.advance(of: glyph) == face.advance(of: glyph), "glyph \(glyph)")
        }
        for scalar in "ZQxw".unicodeScalars {
            let glyph = face.glyph(for: scalar)
            guard Int(glyph) < reloaded.glyphCount, !all.contains(glyph) else { continue }
            #expect(try reloaded.outline(of: glyph).contours.isEmpty, "\(scalar) must be dropped")
            #expect(reloaded.advance(of: glyph) == 0)
        }
        #expect(subset.count < raw.bytes.count / 10)
    }

    @Test func checksumsFollowTheOpenTypeRules() throws {
        let face = try #require(Fonts.dejaVu)
        let subset = try TrueTypeSubsetter.subset(face, keeping: Self.glyphs("Quarterly revenue", face))
        let raw = try RawFont(bytes: subset)
        let tags: Set = ["cmap", "cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "prep"]
        #expect(Set(raw.tables.keys) == tags)
        func sum(_ offset: Int, _ length: Int) -> UInt32 {
            var total: UInt32 = 0
            for i in stride(from: offset, to: offset + length, by: 4) {
                var word: UInt32 = 0
                for k in 0..<4 { word = word << 8 | UInt32(i + k < offset + length ? subset[i + k] : 0) }
                total &+= word
            }
            return total
        }
        for (tag, table) in raw.tables {
            var expected = sum(table.offset, table.length)
            // head's checksum is taken with checkSumAdjustment as zero.
            if tag == "head" { expected &-= UInt32(raw.u32(table.offset + 8)) }
            #expect(UInt32(raw.tableChecksum(tag)) == expected, "\(tag)")
            #expect(table.offset % 4 == 0)
        }
        #expect(sum(0, subset.count) == 0xB1B0_AFBA)
        #expect(raw.i16(raw.tables["head"]!.offset + 50) == 1, "long loca")
    }

    @Test(.enabled(if: hasCJK, "WenQuanYi is not installed"))
    func aCollectionFaceBecomesAStandaloneFont() throws {
        let face = try #require(Fonts.wenQuanYi)
        let kept = Self.glyphs("第1节 收入", face)
        let subset = try TrueTypeSubsetter.subset(face, keeping: kept)
        #expect(Array(subset.prefix(4)) == [0, 1, 0, 0], "a plain sfnt, not a collection")
        #expect(try FontFace.faceCount(in: subset) == 1)
        let reloaded = try FontFace(data: subset)
        for glyph in kept { #expect(try reloaded.outline(of: glyph) == face.outline(of: glyph)) }
    }

    @Test func subsetsAreDeterministic() throws {
        let face = try #require(Fonts.dejaVu)
        let a = try TrueTypeSubsetter.subset(face, keeping: Self.glyphs("abc", face))
        let b = try TrueTypeSubsetter.subset(face, keeping: Self.glyphs("cba", face))
        #expect(a == b)
    }

    // MARK: - Hostile faces

    @Test func compositeLoopsThrow() throws {
        var font = TinyFont()
        font.glyphs = [TinyFont.simple([(0, 0, true), (100, 0, true), (0, 100, true)]),
                       TinyFont.composite([.init(glyph: 2)]), TinyFont.composite([.init(glyph: 1)])]
        let face = try FontFace(data: font.bytes)
        #expect(throws: FontError(.compositeTooComplex, "glyph 1 contains itself")) {
            try TrueTypeSubsetter.subset(face, keeping: [1])
        }
    }

    @Test func deepCompositesThrow() throws {
        var font = TinyFont()
        font.glyphs = [TinyFont.simple([(0, 0, true), (100, 0, true), (0, 100, true)])]
        for g in 1...12 { font.glyphs.append(TinyFont.composite([.init(glyph: g - 1)])) }
        let face = try FontFace(data: font.bytes)
        #expect(throws: FontError.self) { try TrueTypeSubsetter.subset(face, keeping: [12]) }
        #expect(try FontFace(data: TrueTypeSubsetter.subset(face, keeping: [5])).glyphCount == 6)
    }

    @Test func componentsBeyondTheFontThrow() throws {
        var font = TinyFont()
        font.glyphs = [TinyFont.simple([(0, 0, true), (100, 0, true), (0, 100, true)]),
                       TinyFont.composite([.init(glyph: 9)])]
        let face = try FontFace(data: font.bytes)
        #expect(throws: FontError(.invalid, "glyph 9 is beyond the font's 2 glyphs")) {
            try TrueTypeSubsetter.subset(face, keeping: [1])
        }
    }

    @Test func truncatedCompositeRecordsThrow() throws {
        var font = TinyFont()
        var composite = TinyFont.composite([.init(glyph: 0), .init(glyph: 0)])
        composite.removeLast(6)  // the second record's arguments are cut off
        font.glyphs = [TinyFont.simple([(0, 0, true), (100, 0, true), (0, 100, true)]), composite]
        let face = try FontFace(data: font.bytes)
        #expect(throws: FontError.self) { try TrueTypeSubsetter.subset(face, keeping: [1]) }
    }

    @Test func locaOutsideGlyfThrows() throws {
        let raw = try #require(Fonts.rawDejaVu)
        let face = try #require(Fonts.dejaVu)
        let glyph = Int(face.glyph(for: "A"))
        var bytes = raw.bytes
        let loca = raw.tables["loca"]!.offset, glyf = raw.tables["glyf"]!
        let long = raw.i16(raw.tables["head"]!.offset + 50) == 1
        let entry = loca + (long ? 4 : 2) * (glyph + 1), beyond = glyf.length + 64
        if long {
            for k in 0..<4 { bytes[entry + k] = UInt8(beyond >> (24 - 8 * k) & 0xFF) }
        } else {
            bytes[entry] = UInt8(beyond / 2 >> 8 & 0xFF); bytes[entry + 1] = UInt8(beyond / 2 & 0xFF)
        }
        let hostile = try FontFace(data: bytes)  // the reader clamps, so text still draws
        #expect(throws: FontError.self) { try TrueTypeSubsetter.subset(hostile, keeping: [UInt16(glyph)]) }
        #expect(throws: FontError.self) { try TrueTypeSubsetter.subset(hostile, keeping: [UInt16(hostile.glyphCount)]) }
    }

    @Test func mutatedFontsNeverCrash() throws {
        let raw = try #require(Fonts.rawDejaVu)
        var rng = SplitMix64(state: 0x5B5E7)
        let regions = ["glyf", "loca", "hmtx", "head", "hhea", "maxp"].compactMap { raw.tables[$0] }
        var rejected = 0, subset = 0
        for round in 0..<200 {
            var bytes = raw.bytes
            let region = regions[round % regions.count]
            for _ in 0..<(1 + round % 6) {
                let at = region.offset + Int.random(in: 0..<min(region.length, 8192), using: &rng)
                bytes[at] = UInt8.random(in: 0...255, using: &rng)
            }
            guard let face = try? FontFace(data: bytes) else { continue }
            let glyphs = (0..<40).map { UInt16(($0 * 37) % face.glyphCount) }
            do {
                _ = try FontFace(data: try TrueTypeSubsetter.subset(face, keeping: glyphs))
                subset += 1
            } catch {
                rejected += 1
            }
        }
        #expect(subset > 0 && rejected > 0)
    }
}
