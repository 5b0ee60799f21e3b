/// Horizontal pair kerning for simple left-to-right text, in font units.
///
/// Built from GPOS PairPos lookups (formats 1 and 2, directly or through Extension lookups) referenced by a `kern`
/// feature; when the font has no such lookup, from the legacy `kern` table (format 0). Following common shapers, the
/// legacy table is ignored when GPOS kerning exists. Only the first glyph's XAdvance adjustment is applied: no
/// vertical, cross-stream, right-to-left or mark positioning (bidirectional text and complex shaping are out of scope).
struct KerningTable: Sendable {
    /// A glyph class definition: explicit glyph → class entries; absent glyphs are class 0.
    typealias ClassDef = GlyphKeyMap<UInt16>

    /// One PairPos subtable, in lookup order.
    enum Subtable: Sendable {
        /// Format 1 (and legacy `kern` format 0): explicit pairs keyed `left << 16 | right`.
        case pairs(GlyphKeyMap<Int16>)
        /// Format 2: classes of the first and second glyph index a class1Count × class2Count matrix; `coverage` holds
        /// the first glyphs it applies to (each mapped to 1).
        case classes(coverage: GlyphKeyMap<UInt8>, first: ClassDef, second: ClassDef, class2Count: Int,
                     values: [Int16])
    }

    /// Lookups whose adjustments add up; within one lookup the first subtable that applies wins.
    private(set) var lookups: [[Subtable]] = []

    var isEmpty: Bool { lookups.isEmpty }

    init() {}

    init(lookups: [[Subtable]]) { self.lookups = lookups }

    /// The XAdvance adjustment of the pair (`left`, `right`) in font units.
    func adjustment(_ left: UInt16, _ right: UInt16) -> Int {
        var total = 0
        for lookup in lookups {
            subtables: for subtable in lookup {
                switch subtable {
                case .pairs(let pairs):
                    if let value = pairs[UInt32(left) << 16 | UInt32(right)] {
                        total += Int(value)
                        break subtables
                    }
                case .classes(let coverage, let first, let second, let class2Count, let values):
                    guard coverage[UInt32(left)] != nil else { continue }
                    // Classes beyond the matrix (malformed fonts) apply with no adjustment.
                    let class2 = Int(second[UInt32(right)] ?? 0)
                    let index = Int(first[UInt32(left)] ?? 0) * class2Count + class2
                    if class2 < class2Count, index < values.count { total += Int(values[index]) }
                    break subtables
                }
            }
        }
        return total
    }
}
