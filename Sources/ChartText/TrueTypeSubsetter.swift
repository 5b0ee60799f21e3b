/// Writes a subset of a TrueType face as a standalone sfnt, for embedding in documents (a PDF `/FontFile2`).
///
/// Glyph ids are kept — a PDF CIDFont with `/CIDToGIDMap /Identity` addresses glyphs by their ids in the original
/// face — but only the kept glyphs, plus the components of kept composites, keep their outlines and metrics; every
/// other glyph below the highest kept id becomes empty with zero metrics, and the glyphs above it are cut off. The
/// tables written are the ones PDF 32000-1:2008 §9.9 ("Embedded font programs", TrueType) requires of a font program
/// used through a CIDFont: `glyf`, `loca` (long offsets), `head` (indexToLocFormat 1, a fresh checkSumAdjustment),
/// `hhea`, `hmtx`, `maxp`, and the hinting tables `cvt `, `fpgm`, `prep` verbatim when the face has them; plus a
/// minimal `cmap` that maps nothing, so the result stays a well-formed sfnt that FreeType and `FontFace` load.
/// Names, `post`, `OS/2` and the layout tables (GSUB, GPOS, kern) are dropped: a PDF reader positions glyphs by the
/// PDF's own widths and finds their text through `/ToUnicode`. A face from a collection (`.ttc`) comes out as a plain
/// `.ttf`. Checksums follow the OpenType specification ("Calculating checksums"; the `head` adjustment makes the
/// whole file sum to 0xB1B0AFBA).
///
/// A hostile face cannot make it trap or run away: every read is bounds-checked (`FontData`); a kept glyph's `loca`
/// entries must ascend and lie inside `glyf`; composites may nest at most `GlyphReader.maximumDepth` deep and may not
/// contain themselves; the work is linear in the bytes of the kept glyphs. Failures are `FontError`s.
public enum TrueTypeSubsetter {
    /// The subset of `face` keeping `glyphs` (and `.notdef`, glyph 0, which every font program must have).
    public static func subset(_ face: FontFace, keeping glyphs: some Sequence<UInt16>) throws(FontError) -> [UInt8] {
        let data = face.data, directory = face.directory
        let head = try directory.required("head"), hhea = try directory.required("hhea")
        let maxp = try directory.required("maxp"), hmtx = try directory.required("hmtx")
        let glyf = try directory.required("glyf")
        let locations = try GlyphLocations(data: data, face: face, glyf: glyf, head: head,
                                           loca: try directory.required("loca"))

        var kept = [Bool](repeating: false, count: face.glyphCount)
        var path: [UInt16] = []  // the composites being expanded, outermost first
        var highest = 0
        func keep(_ glyph: UInt16) throws(FontError) {
            guard Int(glyph) < kept.count else {
                throw FontError(.invalid, "glyph \(glyph) is beyond the font's \(kept.count) glyphs")
            }
            guard !path.contains(glyph) else { throw FontError(.compositeTooComplex, "glyph \(glyph) contains itself") }
            guard !kept[Int(glyph)] else { return }
            guard path.count <= GlyphReader.maximumDepth else {
                throw FontError(.compositeTooComplex, "glyph \(glyph): composites nest deeper than "
                                + "\(GlyphReader.maximumDepth)")
            }
            kept[Int(glyph)] = true
            highest = max(highest, Int(glyph))
            path.append(glyph)
            defer { path.removeLast() }
            for component in try locations.components(of: glyph) { try keep(component) }
        }
        try keep(0)
        for glyph in glyphs { try keep(glyph) }
        let count = highest + 1

        // glyf and loca: kept glyphs verbatim, each padded to 4 bytes; the rest empty.
        var glyfOut: [UInt8] = [], locaOut: [UInt8] = []
        locaOut.reserveCapacity(4 * (count + 1))
        for glyph in 0..<count {
            locaOut.appendBigEndian(UInt32(glyfOut.count))
            guard kept[glyph] else { continue }
            let range = try locations.range(of: glyph)
            glyfOut += data.bytes[(glyf.offset + range.lowerBound)..<(glyf.offset + range.upperBound)]
            glyfOut += repeatElement(0, count: (4 - glyfOut.count % 4) % 4)
        }
        locaOut.appendBigEndian(UInt32(glyfOut.count))

        // hmtx: one long metric per glyph (advance, left side bearing), zero for dropped glyphs.
        try hhea.require(0, 36, "hhea")
        let longMetrics = Int(try data.u16(hhea.offset + 34))
        var hmtxOut: [UInt8] = []
        hmtxOut.reserveCapacity(4 * count)
        for glyph in 0..<count {
            guard kept[glyph] else { hmtxOut.appendBigEndian(UInt32(0)); continue }
            // Glyphs past numberOfHMetrics repeat the last advance and store only their bearing, after the metrics;
            // a table cut short of that gets the bearing TrueType normally has, the glyph's xMin.
            let bearing = glyph < longMetrics ? 4 * glyph + 2 : 4 * longMetrics + 2 * (glyph - longMetrics)
            hmtxOut.appendBigEndian(UInt16(face.advance(of: UInt16(glyph))))
            hmtxOut.appendBigEndian(bearing + 2 <= hmtx.length ? try data.u16(hmtx.offset + bearing)
                                    : try locations.xMin(of: glyph))
        }

        var headOut = try copy(data, head, minimum: 54, "head")
        headOut.replaceBigEndian(at: 8, UInt32(0))  // checkSumAdjustment, set once the file is complete
        headOut.replaceBigEndian(at: 50, UInt16(1))  // indexToLocFormat: long offsets
        var hheaOut = try copy(data, hhea, minimum: 36, "hhea")
        hheaOut.replaceBigEndian(at: 34, UInt16(count))
        var maxpOut = try copy(data, maxp, minimum: 6, "maxp")
        maxpOut.replaceBigEndian(at: 4, UInt16(count))

        var tables: [(tag: String, bytes: [UInt8])] = [
            ("cmap", emptyCharacterMap), ("glyf", glyfOut), ("head", headOut), ("hhea", hheaOut), ("hmtx", hmtxOut),
            ("loca", locaOut), ("maxp", maxpOut),
        ]
        for tag in ["cvt ", "fpgm", "prep"] {
            if let table = directory.optional(tag) { tables.append((tag, try copy(data, table, minimum: 0, tag))) }
        }
        return assemble(tables)
    }

    /// The bytes of `table`, which must be at least `minimum` bytes long.
    private static func copy(_ data: FontData, _ table: TableRange, minimum: Int,
                             _ tag: String) throws(FontError) -> [UInt8] {
        try table.require(0, minimum, tag)
        return Array(data.bytes[table.offset..<table.end])
    }

    /// A (3,1) format 4 `cmap` with only the terminal 0xFFFF segment: it maps no character.
    private static let emptyCharacterMap: [UInt8] = [
        0, 0, 0, 1,  // version 0, one encoding record
        0, 3, 0, 1, 0, 0, 0, 12,  // Windows Unicode BMP, subtable at offset 12
        0, 4, 0, 24, 0, 0,  // format 4, length 24, language 0
        0, 2, 0, 2, 0, 0, 0, 0,  // segCountX2 2, searchRange 2, entrySelector 0, rangeShift 0
        0xFF, 0xFF, 0, 0, 0xFF, 0xFF,  // endCode, reservedPad, startCode
        0, 1, 0, 0,  // idDelta 1, idRangeOffset 0
    ]

    /// The sfnt: offset table, table records sorted by tag, then each table padded to 4 bytes; finally `head`'s
    /// checkSumAdjustment = 0xB1B0AFBA − the sum of the whole file.
    private static func assemble(_ unsorted: [(tag: String, bytes: [UInt8])]) -> [UInt8] {
        let tables = unsorted.sorted { $0.tag < $1.tag }
        // searchRange = 16 · (largest power of 2 ≤ numTables), entrySelector = log2 of that power.
        var power = 1, log2 = 0
        while power * 2 <= tables.count { power *= 2; log2 += 1 }
        var out: [UInt8] = []
        out.reserveCapacity(12 + 16 * tables.count + tables.reduce(0) { $0 + $1.bytes.count + 3 })
        out.appendBigEndian(UInt32(0x0001_0000))
        out.appendBigEndian(UInt16(tables.count))
        out.appendBigEndian(UInt16(16 * power))
        out.appendBigEndian(UInt16(log2))
        out.appendBigEndian(UInt16(16 * (tables.count - power)))
        var offset = 12 + 16 * tables.count
        var headOffset = 0
        for table in tables {
            out += Array(table.tag.utf8)
            out.appendBigEndian(checksum(table.bytes[...]))
            out.appendBigEndian(UInt32(offset))
            out.appendBigEndian(UInt32(table.bytes.count))
            if table.tag == "head" { headOffset = offset }
            offset += (table.bytes.count + 3) & ~3
        }
        for table in tables {
            out += table.bytes
            out += repeatElement(0, count: (4 - table.bytes.count % 4) % 4)
        }
        out.replaceBigEndian(at: headOffset + 8, 0xB1B0_AFBA &- checksum(out[...]))
        return out
    }

    /// The OpenType table checksum: the sum of the bytes as big-endian uint32s (zero-padded), modulo 2³².
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var sum: UInt32 = 0
        var i = bytes.startIndex
        while i + 4 <= bytes.endIndex {
            sum &+= UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8
                | UInt32(bytes[i + 3])
            i += 4
        }
        var shift: UInt32 = 24
        while i < bytes.endIndex {
            sum &+= UInt32(bytes[i]) << shift
            shift -= 8
            i += 1
        }
        return sum
    }
}

/// The `loca` entries of a face, checked strictly (unlike `GlyphReader`, which clamps them so that text still
/// draws): a glyph to be copied must have ascending offsets inside `glyf`.
private struct GlyphLocations {
    let data: FontData
    let glyf: TableRange
    let loca: TableRange
    let long: Bool

    init(data: FontData, face: FontFace, glyf: TableRange, head: TableRange, loca: TableRange) throws(FontError) {
        try head.require(0, 54, "head")
        self.data = data
        self.glyf = glyf
        self.loca = loca
        long = try data.i16(head.offset + 50) == 1
        try loca.require(0, (face.glyphCount + 1) * (long ? 4 : 2), "loca")
    }

    /// The bytes of `glyph`, relative to the start of `glyf`.
    func range(of glyph: Int) throws(FontError) -> Range<Int> {
        let start = long ? Int(try data.u32(loca.offset + 4 * glyph)) : 2 * Int(try data.u16(loca.offset + 2 * glyph))
        let end = long ? Int(try data.u32(loca.offset + 4 * glyph + 4))
            : 2 * Int(try data.u16(loca.offset + 2 * glyph + 2))
        guard start <= end, end <= glyf.length else {
            throw FontError(.invalid,
                            "loca places glyph \(glyph) at \(start)…\(end), outside glyf's \(glyf.length) bytes")
        }
        return start..<end
    }

    /// The `glyf` header's xMin of `glyph` (0 for an empty glyph).
    func xMin(of glyph: Int) throws(FontError) -> UInt16 {
        let range = try range(of: glyph)
        guard range.count >= 10 else { return 0 }
        return try data.u16(glyf.offset + range.lowerBound + 2)
    }

    /// The glyphs a composite glyph is made of (none for a simple or empty glyph), by walking its component records
    /// (OpenType `glyf`, "Composite glyph description") inside the glyph's bytes.
    func components(of glyph: UInt16) throws(FontError) -> [UInt16] {
        let range = try range(of: Int(glyph))
        guard !range.isEmpty else { return [] }
        let end = glyf.offset + range.upperBound
        var o = glyf.offset + range.lowerBound
        func require(_ count: Int) throws(FontError) {
            guard count <= end - o else { throw FontError(.truncated, "glyph \(glyph): data ends before \(o + count)") }
        }
        try require(10)
        guard try data.i16(o) < 0 else { return [] }
        o += 10
        var components: [UInt16] = []
        var flags: UInt16
        repeat {
            try require(4)
            flags = try data.u16(o)
            components.append(try data.u16(o + 2))
            // Arguments: two words (ARG_1_AND_2_ARE_WORDS) or two bytes; then a scale, x/y scales or a 2×2 matrix.
            let arguments = flags & 0x0001 != 0 ? 4 : 2
            let transform = flags & 0x0008 != 0 ? 2 : flags & 0x0040 != 0 ? 4 : flags & 0x0080 != 0 ? 8 : 0
            try require(4 + arguments + transform)
            o += 4 + arguments + transform
        } while flags & 0x0020 != 0  // MORE_COMPONENTS
        return components
    }
}

extension [UInt8] {
    /// Appends `value` in big-endian byte order.
    mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        for shift in stride(from: T.bitWidth - 8, through: 0, by: -8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// Overwrites the bytes at `offset` with `value` in big-endian byte order.
    mutating func replaceBigEndian<T: FixedWidthInteger>(at offset: Int, _ value: T) {
        for (i, shift) in stride(from: T.bitWidth - 8, through: 0, by: -8).enumerated() {
            self[offset + i] = UInt8(truncatingIfNeeded: value >> shift)
        }
    }
}
