public import ChartScene

/// One OpenType face (a `.ttf` or `.otf`, or one face of a `.ttc` collection) parsed by our own bounds-checked reader.
///
/// Loading decodes `head`, `hhea`, `maxp`, `OS/2`, `hmtx`, `cmap` (format 4 or 12) and pair kerning (GPOS PairPos or
/// `kern` format 0) into arrays; outlines are decoded on demand and cached per glyph. TrueType outlines (`glyf`/`loca`)
/// are read by our own `GlyphReader`; PostScript outlines (a `CFF ` table, sfnt version `OTTO`: NotoSansCJK, FreeSans
/// `.otf`) are drawn through HarfBuzz's glyph-shape API (`CFFOutline`), cubic Béziers and all. A truncated or hostile
/// file makes the initializer throw a `FontError`; it never traps. Bidirectional text and complex shaping (Arabic
/// joining, Indic reordering, ligatures) are out of scope here: each Unicode scalar maps to one glyph.
public struct FontFace: Sendable {
    /// Largest font file accepted (the CJK fallbacks are about 5 MB).
    public static let maximumFileSize = 64 << 20

    /// A label for messages and reports (the file name and face index).
    public let name: String
    /// The face index inside a collection (0 for a plain font).
    public let faceIndex: Int
    /// The file the face was read from (nil for a face parsed from bytes in memory).
    public private(set) var path: String?
    /// Font units per em (2048 for DejaVu, 256 for Droid Sans Fallback).
    public let unitsPerEm: Int
    /// hhea ascender (font units, positive up).
    public let ascender: Int
    /// hhea descender (font units, negative below the baseline).
    public let descender: Int
    /// hhea line gap (font units).
    public let lineGap: Int
    /// OS/2 capital height when the table records it (version ≥ 2).
    public let capHeight: Int?
    /// Number of glyphs (maxp).
    public let glyphCount: Int
    /// `head` checkSumAdjustment: a checksum of the whole font file, which tells apart faces of the same name.
    public let fileChecksum: UInt32

    private let cmap: CharacterMap
    /// Advance width of every glyph; glyphs past numberOfHMetrics repeat the last advance.
    private let advances: [UInt16]
    /// Glyph ids of U+0000…U+007F, read once so ASCII labels skip the cmap search.
    private let asciiGlyphs: [UInt16]
    private let kerning: KerningTable
    /// The TrueType outline reader; nil for a CFF face, whose outlines come from `harfBuzz` (`CFFOutline`).
    private let glyphs: GlyphReader?
    /// The family name from the `name` table (see `familyName`), read once at load.
    private let storedFamilyName: String?
    /// Whether the face declares itself bold (OS/2 fsSelection bit 5, else head macStyle bit 0) and italic (OS/2
    /// fsSelection bit 0, else macStyle bit 1): how `FontCatalogue` tells a family's regular and bold faces apart.
    public let isBold: Bool
    public let isItalic: Bool
    /// The file's bytes and this face's table directory, for `TrueTypeSubsetter` and `FontDescription`.
    let data: FontData
    let directory: TableDirectory
    private let cache = OutlineCache<UInt16>()
    /// Glyphs emboldened (`SyntheticBold`), for bold text this face draws without a bold style, by glyph and strength.
    private let emboldenedCache = OutlineCache<EmboldenedGlyph>()
    /// The same face opened by HarfBuzz, for shaping; nil when HarfBuzz cannot read it.
    let harfBuzz: HarfBuzzFace?

    /// Parses face `faceIndex` of `data` (a `.ttf` or `.ttc`).
    public init(data: [UInt8], faceIndex: Int = 0, name: String = "font") throws(FontError) {
        guard data.count <= Self.maximumFileSize else {
            throw FontError(.tooLarge, "\(name) has \(data.count) bytes (allowed ≤ \(Self.maximumFileSize))")
        }
        let data = FontData(data)
        let directory = try TableDirectory(data: data, faceIndex: faceIndex)
        self.name = name
        self.faceIndex = faceIndex
        self.data = data
        self.directory = directory

        let head = try directory.required("head")
        try head.require(0, 54, "head")
        guard try data.u32(head.offset + 12) == 0x5F0F_3CF5 else {
            throw FontError(.invalid, "head magic number is wrong")
        }
        fileChecksum = try data.u32(head.offset + 8)
        unitsPerEm = Int(try data.u16(head.offset + 18))
        guard (16...16384).contains(unitsPerEm) else {
            throw FontError(.invalid, "head unitsPerEm \(unitsPerEm) is outside 16…16384")
        }
        let locFormat = try data.i16(head.offset + 50)
        guard locFormat == 0 || locFormat == 1 else {
            throw FontError(.invalid, "head indexToLocFormat \(locFormat) is neither 0 nor 1")
        }

        let maxp = try directory.required("maxp")
        try maxp.require(0, 6, "maxp")
        glyphCount = Int(try data.u16(maxp.offset + 4))
        guard glyphCount > 0 else { throw FontError(.invalid, "maxp declares no glyphs") }

        let hhea = try directory.required("hhea")
        try hhea.require(0, 36, "hhea")
        var ascender = Int(try data.i16(hhea.offset + 4))
        var descender = Int(try data.i16(hhea.offset + 6))
        lineGap = Int(try data.i16(hhea.offset + 8))
        let metricCount = min(Int(try data.u16(hhea.offset + 34)), glyphCount)
        guard metricCount > 0 else { throw FontError(.invalid, "hhea numberOfHMetrics is 0") }

        var capHeight: Int?
        if let os2 = directory.optional("OS/2"), os2.length >= 78 {
            if ascender == 0, descender == 0 {
                ascender = Int(try data.i16(os2.offset + 68))
                descender = Int(try data.i16(os2.offset + 70))
            }
            if try data.u16(os2.offset) >= 2, os2.length >= 90 { capHeight = Int(try data.i16(os2.offset + 88)) }
        }
        self.ascender = ascender
        self.descender = descender
        self.capHeight = capHeight

        let hmtx = try directory.required("hmtx")
        try hmtx.require(0, metricCount * 4, "hmtx (\(metricCount) long metrics)")
        var advances = [UInt16](repeating: 0, count: glyphCount)
        for g in 0..<metricCount { advances[g] = try data.u16(hmtx.offset + 4 * g) }
        let last = advances[metricCount - 1]
        for g in metricCount..<glyphCount { advances[g] = last }
        self.advances = advances

        let cmap = try CharacterMap(data: data, table: try directory.required("cmap"), numGlyphs: glyphCount)
        self.cmap = cmap
        asciiGlyphs = (0..<128).map { cmap.glyph(for: UInt32($0)) }
        kerning = try KerningReader.read(data: data, directory: directory)
        if directory.isCFF {
            guard directory.optional("CFF ") != nil || directory.optional("CFF2") != nil else {
                throw FontError(.missingTable, "an OTTO face needs a 'CFF ' or 'CFF2' table")
            }
            glyphs = nil
        } else {
            glyphs = try GlyphReader(data: data, glyf: try directory.required("glyf"),
                                     loca: try directory.required("loca"), numGlyphs: glyphCount,
                                     shortOffsets: locFormat == 0)
        }
        let macStyle = try data.u16(head.offset + 44)
        var bold = macStyle & 1 != 0, italic = macStyle & 2 != 0
        if let os2 = directory.optional("OS/2"), os2.length >= 64 {
            let selection = try data.u16(os2.offset + 62)
            bold = selection & 0x20 != 0
            italic = selection & 1 != 0
        }
        isBold = bold
        isItalic = italic
        storedFamilyName = NameTable(data: data, table: directory.optional("name")).family
        harfBuzz = HarfBuzzFace(bytes: data.bytes, directory: directory, unitsPerEm: unitsPerEm)
        if directory.isCFF && harfBuzz == nil {
            throw FontError(.invalid, "HarfBuzz cannot read the CFF face, so its outlines cannot be drawn")
        }
    }

    /// Reads and parses face `faceIndex` of the font file at `path`.
    public init(path: String, faceIndex: Int = 0) throws(FontError) {
        let bytes = try FontFile.read(path, limit: Self.maximumFileSize)
        let file = path.split(separator: "/").last.map(String.init) ?? path
        try self.init(data: bytes, faceIndex: faceIndex, name: faceIndex == 0 ? file : "\(file)#\(faceIndex)")
        self.path = path
    }

    /// The family name from the `name` table (typographic family, else family; English when there is a choice):
    /// "DejaVu Sans", "WenQuanYi Micro Hei". The file name without its extension when the table has none.
    public var familyName: String {
        storedFamilyName ?? String(name.prefix { $0 != "." && $0 != "#" })
    }

    /// The same face, recorded as read from `path` (for faces parsed from a file's bytes once per collection face).
    func located(at path: String) -> FontFace {
        var copy = self
        copy.path = path
        return copy
    }

    /// Whether the outlines are PostScript (CFF) rather than TrueType (`glyf`).
    public var hasCFFOutlines: Bool { glyphs == nil }

    /// The number of faces in a font file's bytes: 1 for a `.ttf`, the face count for a `.ttc`.
    public static func faceCount(in data: [UInt8]) throws(FontError) -> Int {
        try TableDirectory.faceCount(in: FontData(data))
    }

    /// The glyph for `scalar`, or 0 (.notdef) when the face does not map it.
    @inline(__always)
    public func glyph(for scalar: Unicode.Scalar) -> UInt16 {
        scalar.value < 128 ? asciiGlyphs[Int(scalar.value)] : cmap.glyph(for: scalar.value)
    }

    /// Whether the face maps `scalar` to a real glyph.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != 0 }

    /// The advance width of `glyph` in font units (0 for a glyph id beyond the font).
    @inline(__always)
    public func advance(of glyph: UInt16) -> Int {
        Int(glyph) < advances.count ? Int(advances[Int(glyph)]) : 0
    }

    /// The horizontal kerning adjustment between two glyphs, in font units (negative pulls them together).
    public func kerning(_ left: UInt16, _ right: UInt16) -> Int { kerning.adjustment(left, right) }

    /// Whether the face has any pair kerning.
    public var hasKerning: Bool { !kerning.isEmpty }

    /// The decoded TrueType outline of `glyph` (composites expanded), in font units. A CFF face has no TrueType
    /// points: it throws `unsupported` (its paths come from `path(of:)`).
    public func outline(of glyph: UInt16) throws(FontError) -> GlyphOutline {
        guard let glyphs else {
            throw FontError(.unsupported, "\(name) has CFF outlines, not TrueType points (use path(of:))")
        }
        return try glyphs.outline(of: glyph)
    }

    /// The path of `glyph` in font units (y up), from the shared cache. A glyph whose data is corrupt draws as
    /// nothing; `.notdef` without an outline draws as a box, so a missing character stays visible.
    public func path(of glyph: UInt16) -> Path {
        glyphPath(of: glyph).path
    }

    /// `path(of:)` as the shared object every run drawing `glyph` with this face gets (while the cache has room).
    public func glyphPath(of glyph: UInt16) -> GlyphPath {
        cache.path(of: glyph) { decodedPath(of: glyph, strength: 0) }
    }

    /// `glyph`'s path fake-bolded (`SyntheticBold`) for text of `size` CSS px, a separate shared object per glyph and
    /// strength (whole font units), so caches of rendered glyphs keep regular and emboldened masks apart.
    public func emboldenedGlyphPath(of glyph: UInt16, size: Double) -> GlyphPath {
        let strength = Double(unitsPerEm) * SyntheticBold.strengthPerEm(size: size)
        let key = EmboldenedGlyph(glyph: glyph, strength: UInt16(clamping: Int(strength.rounded())))
        return emboldenedCache.path(of: key) { decodedPath(of: glyph, strength: Double(key.strength)) }
    }

    /// Number of glyph paths cached so far.
    var cachedGlyphCount: Int { cache.count }

    /// The outline of `glyph` as a path, emboldened by `strength` font units when that is positive (a CFF glyph's
    /// cubic control polygon the same way, `CFFOutline.emboldened`).
    private func decodedPath(of glyph: UInt16, strength: Double) -> Path {
        let path: Path
        if let glyphs {
            let outline = try? glyphs.outline(of: glyph)
            path = outline.map { strength > 0 ? SyntheticBold.embolden($0, strength: strength).path : $0.path }
                ?? Path()
        } else {
            let drawn = Int(glyph) < glyphCount ? harfBuzz.map { CFFOutline.path(of: glyph, in: $0) } ?? Path() : Path()
            path = strength > 0 ? CFFOutline.emboldened(drawn, strength: strength) : drawn
        }
        guard glyph == 0, path.isEmpty else { return path }
        // A .notdef box: the advance wide (less a margin), cap height (or 70 % of the em) tall.
        let width = Double(max(advance(of: 0), unitsPerEm / 2)), height = Double(capHeight ?? unitsPerEm * 7 / 10)
        let inset = width * 0.1
        let outer = Rect(x: inset, y: 0, width: width - 2 * inset, height: height)
        let stroke = width * 0.08
        var box = Path.rect(outer)
        // The inner rectangle runs the opposite way, leaving a hollow box under the non-zero rule.
        let inner = outer.insetBy(stroke)
        box.append(contentsOf: Path([.move(Point(inner.minX, inner.minY)), .line(Point(inner.minX, inner.maxY)),
                                     .line(Point(inner.maxX, inner.maxY)), .line(Point(inner.maxX, inner.minY)),
                                     .close]))
        return box
    }
}
