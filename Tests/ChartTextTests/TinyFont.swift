/// Builds minimal TrueType fonts in memory (head, hhea, maxp, hmtx, cmap, loca, glyf) with hand-made glyphs, for
/// structures the installed fonts lack: deep or exponential composites, point matching, all-off-curve contours.
struct TinyFont {
    /// A glyph's `glyf` record bytes (empty for a glyph without outline).
    var glyphs: [[UInt8]] = []

    static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }

    /// A simple glyph of one contour with long coordinates; `points` are absolute (x, y, onCurve).
    static func simple(_ points: [(Int, Int, Bool)]) -> [UInt8] {
        let xs = points.map(\.0), ys = points.map(\.1)
        var b = be16(1) + be16(xs.min() ?? 0) + be16(ys.min() ?? 0) + be16(xs.max() ?? 0) + be16(ys.max() ?? 0)
        b += be16(points.count - 1) + be16(0)
        b += points.map { $0.2 ? 0x01 : 0x00 }
        var last = 0
        for x in xs { b += be16(x - last); last = x }
        last = 0
        for y in ys { b += be16(y - last); last = y }
        return b
    }

    /// A component record; `args` are offsets (xy) or point numbers, as words.
    struct Component {
        var glyph: Int
        var arg1 = 0
        var arg2 = 0
        var pointMatching = false
        var scale: (Double, Double)?
    }

    static func composite(_ components: [Component]) -> [UInt8] {
        var b = be16(-1 & 0xFFFF) + be16(0) + be16(0) + be16(0) + be16(0)
        for (i, c) in components.enumerated() {
            var flags = 0x0001 | (c.pointMatching ? 0 : 0x0002)
            if i < components.count - 1 { flags |= 0x0020 }
            if c.scale != nil { flags |= 0x0040 }
            b += be16(flags) + be16(c.glyph) + be16(c.arg1 & 0xFFFF) + be16(c.arg2 & 0xFFFF)
            if let (sx, sy) = c.scale { b += be16(Int(sx * 16384) & 0xFFFF) + be16(Int(sy * 16384) & 0xFFFF) }
        }
        return b
    }

    /// The font file: glyph i is `glyphs[i]`; every glyph advances 500 of 1000 units; cmap maps nothing.
    var bytes: [UInt8] {
        var glyf: [UInt8] = [], loca: [UInt8] = []
        for g in glyphs {
            loca += Self.be32(glyf.count)
            glyf += g + (g.count % 2 == 1 ? [0] : [])
        }
        loca += Self.be32(glyf.count)
        var head = Self.be32(0x0001_0000) + Self.be32(0) + Self.be32(0) + Self.be32(0x5F0F_3CF5) + Self.be16(0)
        head += Self.be16(1000) + [UInt8](repeating: 0, count: 30) + Self.be16(1) + Self.be16(0)
        var hhea = Self.be32(0x0001_0000) + Self.be16(800) + Self.be16(-200 & 0xFFFF)
        hhea += [UInt8](repeating: 0, count: 26) + Self.be16(1)
        let maxp = Self.be32(0x0000_5000) + Self.be16(glyphs.count)
        let hmtx = Self.be16(500) + Self.be16(0)
        var cmap = Self.be16(0) + Self.be16(1) + Self.be16(3) + Self.be16(1) + Self.be32(12)
        cmap += Self.be16(4) + Self.be16(24) + Self.be16(0) + Self.be16(2) + Self.be16(2) + Self.be16(0) + Self.be16(0)
        cmap += Self.be16(0xFFFF) + Self.be16(0) + Self.be16(0xFFFF) + Self.be16(1) + Self.be16(0)
        let tables: [(String, [UInt8])] = [("cmap", cmap), ("glyf", glyf), ("head", head), ("hhea", hhea),
                                           ("hmtx", hmtx), ("loca", loca), ("maxp", maxp)]
        var out = Self.be32(0x0001_0000) + Self.be16(tables.count) + Self.be16(0) + Self.be16(0) + Self.be16(0)
        var offset = 12 + 16 * tables.count
        var body: [UInt8] = []
        for (tag, data) in tables {
            out += Array(tag.utf8) + Self.be32(0) + Self.be32(offset) + Self.be32(data.count)
            let padded = data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
            body += padded
            offset += padded.count
        }
        return out + body
    }
}
