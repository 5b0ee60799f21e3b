/// Unicode → glyph mapping decoded from a `cmap` subtable of format 4 (BMP segments) or 12 (segmented coverage).
///
/// Decoded once at load into flat arrays and searched with binary search, so a lookup allocates nothing and never
/// touches the file again. Unsorted (hostile) segments give wrong glyphs, never a crash: every glyph id is checked
/// against the face's glyph count.
struct CharacterMap: Sendable {
    /// Format 4 segment or format 12 group, with the data needed to map a code point inside it.
    struct Segment: Sendable {
        var start: UInt32
        var end: UInt32
        /// Format 12: first glyph id; format 4: idDelta (mod 65536).
        var delta: UInt32
        /// Format 4 only: index into `glyphIDs` of `start`'s entry, or -1 when the segment uses idDelta alone.
        var rangeBase: Int
    }

    private(set) var segments: [Segment] = []
    /// One bit per 256-code-point page: set when some segment reaches into it. A face is asked for every character
    /// the faces before it in a fallback chain lack (a Han character passes the Arabic, Hebrew, Indic and Thai faces
    /// first); a page it has nothing on answers 0 without the binary search.
    private var pages = [UInt64](repeating: 0, count: Self.pageWords)
    private var glyphIDs: [UInt16] = []
    private var isFormat12 = false
    private let numGlyphs: Int

    /// Picks the best Unicode subtable: (3,10)/(0,4+) format 12 first, then (3,1)/(0,*) format 4, then (3,0) symbol.
    init(data: FontData, table: TableRange, numGlyphs: Int) throws(FontError) {
        self.numGlyphs = numGlyphs
        try table.require(0, 4, "cmap header")
        let count = Int(try data.u16(table.offset + 2))
        try table.require(4, count * 8, "cmap encoding records")
        var best: (rank: Int, offset: Int, format: UInt16)?
        for i in 0..<count {
            let record = table.offset + 4 + 8 * i
            let platform = try data.u16(record), encoding = try data.u16(record + 2)
            let relative = Int(try data.u32(record + 4))
            try table.require(relative, 2, "cmap subtable \(platform)/\(encoding)")
            let format = try data.u16(table.offset + relative)
            let rank: Int
            switch (platform, encoding, format) {
            case (3, 10, 12): rank = 6
            case (0, _, 12): rank = 5
            case (3, 1, 4): rank = 4
            case (0, _, 4): rank = 3
            case (3, 0, 4): rank = 1
            default: continue
            }
            if best.map({ rank > $0.rank }) ?? true { best = (rank, relative, format) }
        }
        guard let best else {
            throw FontError(.unsupported, "cmap has no Unicode subtable of format 4 or 12")
        }
        if best.format == 12 {
            try decodeFormat12(data, table, best.offset)
        } else {
            try decodeFormat4(data, table, best.offset)
        }
        markPages()
    }

    /// Pages of the code space (0…0x10FFFF, 256 code points each), 64 to a word.
    private static let pageWords = (0x110000 >> 8) / 64

    /// Sets the page bits of every segment: a count of segments starting and ending per page, summed in one pass, so
    /// a hostile table of many wide segments costs its length plus the pages, never their product.
    private mutating func markPages() {
        let pageCount = Self.pageWords * 64
        var starts = [Int32](repeating: 0, count: pageCount + 1)
        for segment in segments where segment.start <= segment.end && segment.start < 0x110000 {
            starts[Int(segment.start >> 8)] &+= 1
            starts[Int(min(segment.end, 0x10FFFF) >> 8) + 1] &-= 1
        }
        var open: Int32 = 0
        for page in 0..<pageCount {
            open &+= starts[page]
            if open > 0 { pages[page >> 6] |= 1 << UInt64(page & 63) }
        }
    }

    private mutating func decodeFormat4(_ data: FontData, _ table: TableRange, _ relative: Int) throws(FontError) {
        try table.require(relative, 14, "cmap format 4 header")
        let base = table.offset + relative
        let declared = Int(try data.u16(base + 2))
        let segCount = Int(try data.u16(base + 6)) / 2
        // Arrays: endCode[segCount], reservedPad, startCode, idDelta, idRangeOffset, then glyphIdArray to the end.
        let ends = base + 14, starts = ends + 2 * segCount + 2
        let deltas = starts + 2 * segCount, rangeOffsets = deltas + 2 * segCount
        let glyphArray = rangeOffsets + 2 * segCount
        try table.require(relative, 16 + 8 * segCount, "cmap format 4 segment arrays")
        // Some fonts understate `length`; trust the table end instead when it is larger.
        let subtableEnd = min(table.end, max(base + declared, glyphArray))
        let glyphCount = max(0, (subtableEnd - glyphArray) / 2)
        glyphIDs.reserveCapacity(glyphCount)
        for i in 0..<glyphCount { glyphIDs.append(try data.u16(glyphArray + 2 * i)) }
        segments.reserveCapacity(segCount)
        for i in 0..<segCount {
            let end = UInt32(try data.u16(ends + 2 * i)), start = UInt32(try data.u16(starts + 2 * i))
            guard start <= end else { continue }
            let delta = UInt32(try data.u16(deltas + 2 * i))
            let rangeOffset = Int(try data.u16(rangeOffsets + 2 * i))
            var rangeBase = -1
            if rangeOffset != 0 {
                // idRangeOffset counts bytes from its own slot; convert to an index into glyphIdArray.
                let slot = rangeOffsets + 2 * i
                rangeBase = (slot + rangeOffset - glyphArray) / 2
            }
            segments.append(Segment(start: start, end: end, delta: delta, rangeBase: rangeBase))
        }
    }

    /// Most format 12 groups accepted (CJK fonts have a few thousand).
    static let maximumGroups = 1 << 20

    private mutating func decodeFormat12(_ data: FontData, _ table: TableRange, _ relative: Int) throws(FontError) {
        try table.require(relative, 16, "cmap format 12 header")
        let base = table.offset + relative
        let groups = Int(try data.u32(base + 12))
        guard groups <= Self.maximumGroups else {
            throw FontError(.invalid, "cmap format 12 declares \(groups) groups (allowed ≤ \(Self.maximumGroups))")
        }
        try table.require(relative + 16, groups * 12, "cmap format 12 groups")
        isFormat12 = true
        segments.reserveCapacity(groups)
        for i in 0..<groups {
            let g = base + 16 + 12 * i
            let start = try data.u32(g), end = try data.u32(g + 4), glyph = try data.u32(g + 8)
            guard start <= end, end <= 0x10FFFF else { continue }
            segments.append(Segment(start: start, end: end, delta: glyph, rangeBase: -1))
        }
    }

    /// The glyph for `scalar`, or 0 (.notdef) when unmapped.
    func glyph(for scalar: UInt32) -> UInt16 {
        let page = Int(scalar >> 8)
        guard page < Self.pageWords * 64, pages[page >> 6] & (1 << UInt64(page & 63)) != 0 else { return 0 }
        // Binary search for the first segment whose end ≥ scalar.
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].end < scalar { lo = mid + 1 } else { hi = mid }
        }
        guard lo < segments.count else { return 0 }
        let s = segments[lo]
        guard scalar >= s.start else { return 0 }
        let glyph: Int
        if isFormat12 {
            glyph = Int(s.delta) + Int(scalar - s.start)
        } else if s.rangeBase < 0 {
            glyph = Int((scalar + s.delta) & 0xFFFF)
        } else {
            let index = s.rangeBase + Int(scalar - s.start)
            guard index >= 0, index < glyphIDs.count else { return 0 }
            let raw = glyphIDs[index]
            guard raw != 0 else { return 0 }
            glyph = Int((UInt32(raw) + s.delta) & 0xFFFF)
        }
        return glyph < numGlyphs ? UInt16(glyph) : 0
    }
}
