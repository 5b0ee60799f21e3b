/// The `/ToUnicode` CMap of an Identity-H font: maps each two-byte code (a glyph id) to the text it was drawn for, in
/// UTF-16BE, so that text can be searched and copied (PDF 32000-1:2008 §9.10.3; Adobe Technical Note #5411,
/// "ToUnicode Mapping File Tutorial").
///
/// Runs of consecutive glyphs standing for consecutive single UTF-16 code units become `bfrange` entries (a range
/// may not cross a change of the high byte, of the codes or of the text); everything else — texts of several code
/// units, characters outside the BMP as surrogate pairs — is a `bfchar` entry. At most 100 entries per block.
enum ToUnicodeCMap {
    /// The CMap program for `mappings`, which must be sorted by glyph, each glyph once; glyphs with empty text get no
    /// entry.
    static func make(_ mappings: [(glyph: UInt16, text: String)]) -> [UInt8] {
        var ranges: [(first: UInt16, last: UInt16, unit: UInt16)] = []
        var chars: [(glyph: UInt16, units: [UInt16])] = []
        for (glyph, text) in mappings where !text.isEmpty {
            let units = Array(text.utf16)
            if units.count == 1, let previous = ranges.last, previous.last &+ 1 == glyph, glyph & 0xFF != 0,
               previous.unit &+ (previous.last - previous.first) &+ 1 == units[0], units[0] & 0xFF != 0 {
                ranges[ranges.count - 1].last = glyph
            } else if units.count == 1 {
                ranges.append((glyph, glyph, units[0]))
            } else {
                chars.append((glyph, units))
            }
        }
        // A single-glyph range reads better (and no worse) as a bfchar.
        for range in ranges where range.first == range.last { chars.append((range.first, [range.unit])) }
        ranges.removeAll { $0.first == $0.last }
        chars.sort { $0.glyph < $1.glyph }

        var out = """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """
        for start in stride(from: 0, to: chars.count, by: 100) {
            let block = chars[start..<min(start + 100, chars.count)]
            out += "\(block.count) beginbfchar\n"
            for char in block { out += "<\(hex(char.glyph))> <\(char.units.map(hex).joined())>\n" }
            out += "endbfchar\n"
        }
        for start in stride(from: 0, to: ranges.count, by: 100) {
            let block = ranges[start..<min(start + 100, ranges.count)]
            out += "\(block.count) beginbfrange\n"
            for range in block { out += "<\(hex(range.first))> <\(hex(range.last))> <\(hex(range.unit))>\n" }
            out += "endbfrange\n"
        }
        out += """
            endcmap
            CMapName currentdict /CMap defineresource pop
            end
            end

            """
        return Array(out.utf8)
    }

    /// The ASCII codes of the uppercase hex digits.
    static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Four uppercase hex digits.
    static func hex(_ value: UInt16) -> String {
        String(unsafeUninitializedCapacity: 4) { buffer in
            for (i, shift) in [12, 8, 4, 0].enumerated() { buffer[i] = hexDigits[Int(value >> UInt16(shift)) & 0xF] }
            return 4
        }
    }
}
