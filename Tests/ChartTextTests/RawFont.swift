import Foundation

/// An independent, deliberately naive font reader for tests (Foundation `Data`, linear scans, traps on bad input):
/// expected values come from here rather than from the code under test.
struct RawFont {
    let bytes: [UInt8]
    let tables: [String: (offset: Int, length: Int)]

    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let dejaVuBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let wenQuanYi = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
    static let droid = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    static func available(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    init(path: String, face: Int = 0) throws {
        try self.init(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), face: face)
    }

    init(bytes: [UInt8], face: Int = 0) throws {
        self.bytes = bytes
        var start = 0
        if bytes[0] == 0x74, bytes[1] == 0x74, bytes[2] == 0x63, bytes[3] == 0x66 {  // "ttcf"
            start = RawFont.u32(bytes, 12 + 4 * face)
        }
        var tables: [String: (Int, Int)] = [:]
        let count = RawFont.u16(bytes, start + 4)
        for i in 0..<count {
            let r = start + 12 + 16 * i
            let tag = String(decoding: bytes[r..<r + 4], as: UTF8.self)
            tables[tag] = (RawFont.u32(bytes, r + 8), RawFont.u32(bytes, r + 12))
        }
        self.tables = tables
    }

    /// The checksum recorded in `tag`'s table record.
    func tableChecksum(_ tag: String) -> Int {
        let start = bytes.starts(with: Array("ttcf".utf8)) ? u32(12) : 0
        let r = (0..<u16(start + 4)).map { start + 12 + 16 * $0 }
            .first { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) == tag }!
        return u32(r + 4)
    }

    static func u16(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) << 8 | Int(b[o + 1]) }
    static func i16(_ b: [UInt8], _ o: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(b, o)))) }
    static func u32(_ b: [UInt8], _ o: Int) -> Int { u16(b, o) << 16 | u16(b, o + 2) }
    func u16(_ o: Int) -> Int { RawFont.u16(bytes, o) }
    func i16(_ o: Int) -> Int { RawFont.i16(bytes, o) }
    func u32(_ o: Int) -> Int { RawFont.u32(bytes, o) }

    var unitsPerEm: Int { u16(tables["head"]!.offset + 18) }
    var numberOfHMetrics: Int { u16(tables["hhea"]!.offset + 34) }
    var glyphCount: Int { u16(tables["maxp"]!.offset + 4) }
    var ascender: Int { i16(tables["hhea"]!.offset + 4) }

    /// Advance of `glyph` straight from hmtx (glyphs past numberOfHMetrics take the last advance).
    func advance(_ glyph: Int) -> Int {
        let index = min(glyph, numberOfHMetrics - 1)
        return u16(tables["hmtx"]!.offset + 4 * index)
    }

    /// Left side bearing of `glyph` (only for glyphs below numberOfHMetrics).
    func leftSideBearing(_ glyph: Int) -> Int { i16(tables["hmtx"]!.offset + 4 * glyph + 2) }

    /// Glyph of `scalar` by a linear scan of the (3,1) format 4 subtable (BMP only).
    func glyph(_ scalar: Unicode.Scalar) -> Int {
        let cmap = tables["cmap"]!.offset
        var sub = -1
        for i in 0..<u16(cmap + 2) where u16(cmap + 4 + 8 * i) == 3 && u16(cmap + 6 + 8 * i) == 1 {
            sub = cmap + u32(cmap + 8 + 8 * i)
        }
        precondition(sub >= 0 && u16(sub) == 4)
        let c = Int(scalar.value)
        let segs = u16(sub + 6) / 2
        for i in 0..<segs {
            let end = u16(sub + 14 + 2 * i), start = u16(sub + 16 + 2 * segs + 2 * i)
            guard c >= start && c <= end else { continue }
            let delta = u16(sub + 16 + 4 * segs + 2 * i)
            let rangeSlot = sub + 16 + 6 * segs + 2 * i
            let rangeOffset = u16(rangeSlot)
            if rangeOffset == 0 { return (c + delta) & 0xFFFF }
            let g = u16(rangeSlot + rangeOffset + 2 * (c - start))
            return g == 0 ? 0 : (g + delta) & 0xFFFF
        }
        return 0
    }

    /// Byte offset (file-absolute) of `glyph`'s glyf record, or nil when empty.
    func glyfOffset(_ glyph: Int) -> Int? {
        let long = i16(tables["head"]!.offset + 50) == 1
        let loca = tables["loca"]!.offset
        let a = long ? u32(loca + 4 * glyph) : 2 * u16(loca + 2 * glyph)
        let b = long ? u32(loca + 4 * glyph + 4) : 2 * u16(loca + 2 * glyph + 2)
        return a == b ? nil : tables["glyf"]!.offset + a
    }

    /// numberOfContours and header bbox of `glyph`.
    func glyphHeader(_ glyph: Int) -> (contours: Int, xMin: Int, yMin: Int, xMax: Int, yMax: Int)? {
        guard let o = glyfOffset(glyph) else { return nil }
        return (i16(o), i16(o + 2), i16(o + 4), i16(o + 6), i16(o + 8))
    }

    /// Component glyph ids of a composite glyph, by walking its component records.
    func components(_ glyph: Int) -> [Int] {
        guard let o = glyfOffset(glyph), i16(o) < 0 else { return [] }
        var p = o + 10, result: [Int] = []
        while true {
            let flags = u16(p)
            result.append(u16(p + 2))
            p += 4 + (flags & 1 != 0 ? 4 : 2)
            if flags & 0x8 != 0 { p += 2 } else if flags & 0x40 != 0 { p += 4 } else if flags & 0x80 != 0 { p += 8 }
            if flags & 0x20 == 0 { return result }
        }
    }

    /// The value of the pair (left, right) in the legacy kern table's first subtable, by linear scan.
    func legacyKern(_ left: Int, _ right: Int) -> Int? {
        guard let kern = tables["kern"]?.offset else { return nil }
        let nPairs = u16(kern + 4 + 6)
        for i in 0..<nPairs {
            let p = kern + 4 + 14 + 6 * i
            if u16(p) == left && u16(p + 2) == right { return i16(p + 4) }
        }
        return nil
    }
}

/// A deterministic generator (SplitMix64) so fuzz-style tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
