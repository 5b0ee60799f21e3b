import ChartText

/// One face as the page uses it: the glyphs drawn with it and the text each stands for, written at the end as a
/// Type 0 font (PDF 32000-1:2008 §9.7): `/Encoding /Identity-H` (two-byte codes are glyph ids), a `/CIDFontType2`
/// descendant with `/CIDToGIDMap /Identity`, `/W` widths of the used glyphs, a `/FontDescriptor` with the subset
/// TrueType program as `/FontFile2`, and a `/ToUnicode` CMap.
struct PDFEmbeddedFont {
    let face: FontFace
    /// The text each used glyph stands for: the first cluster drawn with it (see `use`).
    private(set) var text: [UInt16: String] = [:]

    init(face: FontFace) { self.face = face }

    /// Records that `glyph` is drawn for `cluster` (its characters: one, or several for a ligature); false when the
    /// glyph already stands for other text (a glyph shared by several characters, or `.notdef` for different missing
    /// ones), which `/ToUnicode` cannot say — the caller then marks the run with `/ActualText`. A glyph for empty
    /// text is kept in the subset without a `/ToUnicode` entry (and also answers false).
    mutating func use(_ glyph: UInt16, for cluster: String) -> Bool {
        if let known = text[glyph] {
            if known.isEmpty, !cluster.isEmpty { text[glyph] = cluster }
            return !cluster.isEmpty && (known.isEmpty || known.unicodeScalars.elementsEqual(cluster.unicodeScalars))
        }
        text[glyph] = cluster
        return !cluster.isEmpty
    }

    /// `glyph`'s advance in PDF glyph space (1000 units per em), rounded to the hundredth that `/W` writes, so the
    /// page's positions and the reader's agree.
    static func width(of glyph: UInt16, in face: FontFace) -> Double {
        (Double(face.advance(of: glyph)) * 1000 / Double(face.unitsPerEm) * 100).rounded() / 100
    }

    /// Writes the font's objects and returns the Type 0 font's id. The parts that depend only on the face and the
    /// glyphs come from `PDFFontCache` when the same font was written before.
    func write(into objects: inout PDFObjectWriter) -> PDFObjectID {
        let key = PDFFontCache.Key(face: face.name, faceIndex: face.faceIndex, checksum: face.fileChecksum,
                                   glyphCount: face.glyphCount, text: text)
        let program = PDFFontCache.shared.program(for: key) { makeProgram() }
        let type0 = objects.reserve(), cidFont = objects.reserve(), descriptor = objects.reserve()
        let toUnicode = objects.reserve()
        var fontFile = ""
        if let file = program.fontFile {
            let id = objects.reserve()
            objects.writeStream(id, dictionary: "/Length1 \(file.length) /Filter /FlateDecode", data: file.deflated,
                                compress: false)
            fontFile = " /FontFile2 \(id.reference)"
        }
        objects.write(descriptor, "<< /Type /FontDescriptor \(program.descriptor)\(fontFile) >>")
        objects.write(cidFont, """
            << /Type /Font /Subtype /CIDFontType2 /BaseFont /\(program.name) \
            /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> \
            /FontDescriptor \(descriptor.reference) /CIDToGIDMap /Identity /W [\(program.widths)] >>
            """)
        objects.writeStream(toUnicode, dictionary: "/Filter /FlateDecode", data: program.toUnicode, compress: false)
        objects.write(type0, """
            << /Type /Font /Subtype /Type0 /BaseFont /\(program.name) /Encoding /Identity-H \
            /DescendantFonts [\(cidFont.reference)] /ToUnicode \(toUnicode.reference) >>
            """)
        return type0
    }

    /// Subsets, describes and deflates the font. A face that cannot be subset (a damaged font file) gets no program:
    /// readers then substitute a font, and the text still extracts.
    private func makeProgram() -> PDFFontCache.Program {
        let glyphs = text.keys.sorted()
        let description = FontDescription(face)
        let name = Self.subsetTag(face: face, glyphs: glyphs) + "+" + description.postScriptName
        // Glyph space is 1000 units per em (§9.2.4).
        let em = 1000 / Double(face.unitsPerEm)
        func g(_ units: Int) -> String { PDFNumber.string(Double(units) * em) }
        // Flags (§9.8.2, table 123): Symbolic (bit 3) — the glyphs go beyond the standard Latin set — plus
        // FixedPitch (bit 1) and Italic (bit 7) as the font declares them.
        let flags = 4 | (description.isFixedPitch ? 1 : 0) | (description.isItalic ? 64 : 0)
        // StemV is not recorded in TrueType fonts; estimate it from the weight class as TCPDF does
        // (tcpdf_fonts.php: 50 + (weight / 65)²). Readers use it only to pick a substitute, and the font is embedded.
        let stemV = 50 + Int((Double(description.weightClass) / 65) * (Double(description.weightClass) / 65))
        let descriptor = """
            /FontName /\(name) /Flags \(flags) \
            /FontBBox [\(g(description.xMin)) \(g(description.yMin)) \(g(description.xMax)) \(g(description.yMax))] \
            /ItalicAngle \(PDFNumber.string(description.italicAngle)) /Ascent \(g(face.ascender)) \
            /Descent \(g(face.descender)) /CapHeight \(g(face.capHeight ?? face.ascender)) /StemV \(stemV)
            """
        let subset = try? TrueTypeSubsetter.subset(face, keeping: glyphs)
        let fontFile = subset.flatMap { bytes in PDFFontCache.deflate(bytes).map { ($0, bytes.count) } }
        let cmap = ToUnicodeCMap.make(glyphs.map { ($0, text[$0] ?? "") })
        return PDFFontCache.Program(name: name, descriptor: descriptor, widths: widths(glyphs), fontFile: fontFile,
                                    toUnicode: PDFFontCache.deflate(cmap) ?? cmap)
    }

    /// The `/W` array (§9.7.4.3): `first [w1 w2 …]` for each run of consecutive glyph ids.
    private func widths(_ glyphs: [UInt16]) -> String {
        var out = "", previous = -2
        for glyph in glyphs {
            if Int(glyph) != previous + 1 { out += (out.isEmpty ? "" : "] ") + "\(glyph) [" } else { out += " " }
            out += PDFNumber.string(Self.width(of: glyph, in: face))
            previous = Int(glyph)
        }
        return out.isEmpty ? "" : out + "]"
    }

    /// Six capitals naming the subset (§9.6.4 asks for a tag unique to each subset): the 64-bit FNV-1a hash of the
    /// face's name and the kept glyph ids, in base 26. Deterministic, so the same chart gives the same bytes.
    static func subsetTag(face: FontFace, glyphs: [UInt16]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for byte in face.name.utf8 { mix(byte) }
        for glyph in glyphs { mix(UInt8(glyph >> 8)); mix(UInt8(glyph & 0xFF)) }
        var tag: [UInt8] = []
        for _ in 0..<6 {
            tag.append(UInt8(ascii: "A") + UInt8(hash % 26))
            hash /= 26
        }
        return String(decoding: tag, as: UTF8.self)
    }
}
