/// Reads pair kerning from GPOS (lookup type 2, or type 9 wrapping type 2) and from the legacy `kern` table.
///
/// Offsets follow the OpenType "Common Table Formats" and "GPOS" chapters: FeatureList → `kern` features → lookup
/// indices → LookupList → PairPos subtables with their Coverage and ClassDef tables. Every count is checked against
/// the bytes it claims before anything is allocated, so allocation is bounded by the table's size.
enum KerningReader {
    /// Most explicit pairs accepted per font (DejaVu Sans has about 10,000).
    static let maximumPairs = 1 << 20
    /// Most class-matrix cells accepted per subtable.
    static let maximumMatrixCells = 1 << 22
    /// Most glyphs accepted from all Coverage and ClassDef tables of a font together.
    static let maximumExpandedGlyphs = 1 << 22

    static func read(data: FontData, directory: TableDirectory) throws(FontError) -> KerningTable {
        if let gpos = directory.optional("GPOS") {
            let lookups = try readGPOS(data, gpos)
            if !lookups.isEmpty { return KerningTable(lookups: lookups) }
        }
        if let kern = directory.optional("kern") {
            return try readKern(data, kern)
        }
        return KerningTable()
    }

    // MARK: - legacy kern

    private static func readKern(_ data: FontData, _ table: TableRange) throws(FontError) -> KerningTable {
        try table.require(0, 4, "kern header")
        guard try data.u16(table.offset) == 0 else { return KerningTable() }  // Apple's version 1 table: skip.
        let count = Int(try data.u16(table.offset + 2))
        var subtables: [KerningTable.Subtable] = []
        var position = 4
        var pairsRead = 0
        for _ in 0..<count {
            try table.require(position, 6, "kern subtable header")
            let length = Int(try data.u16(table.offset + position + 2))
            let coverage = try data.u16(table.offset + position + 4)
            // Format 0, horizontal, not minimum values, not cross-stream.
            if coverage >> 8 == 0, coverage & 0x7 == 0x1 {
                try table.require(position + 6, 8, "kern format 0 header")
                let nPairs = Int(try data.u16(table.offset + position + 6))
                pairsRead += nPairs
                guard pairsRead <= maximumPairs else {
                    throw FontError(.invalid, "kern table has more than \(maximumPairs) pairs")
                }
                // The 16-bit `length` overflows for large subtables, so the pair count decides the size.
                try table.require(position + 14, nPairs * 6, "kern format 0 pairs")
                var pairs: [UInt32: Int16] = [:]
                pairs.reserveCapacity(nPairs)
                for i in 0..<nPairs {
                    let p = table.offset + position + 14 + 6 * i
                    let key = UInt32(try data.u16(p)) << 16 | UInt32(try data.u16(p + 2))
                    pairs[key] = try data.i16(p + 4)
                }
                subtables.append(.pairs(GlyphKeyMap(pairs)))
                position += max(length, 14 + nPairs * 6)
            } else {
                guard length >= 6 else { break }
                position += length
            }
        }
        // Each legacy subtable adds to the others, so each is its own "lookup".
        return KerningTable(lookups: subtables.map { [$0] })
    }

    // MARK: - GPOS

    static func readGPOS(_ data: FontData, _ table: TableRange) throws(FontError) -> [[KerningTable.Subtable]] {
        try table.require(0, 10, "GPOS header")
        guard try data.u16(table.offset) == 1 else { return [] }
        let featureList = Int(try data.u16(table.offset + 6))
        let lookupList = Int(try data.u16(table.offset + 8))
        guard featureList != 0, lookupList != 0 else { return [] }

        // Lookup indices of every 'kern' feature (any script, any language system).
        try table.require(featureList, 2, "GPOS FeatureList")
        let featureCount = Int(try data.u16(table.offset + featureList))
        try table.require(featureList + 2, featureCount * 6, "GPOS FeatureRecords")
        var lookupIndices = Set<Int>()
        for i in 0..<featureCount {
            let record = table.offset + featureList + 2 + 6 * i
            guard try data.tag(record) == "kern" else { continue }
            let feature = featureList + Int(try data.u16(record + 4))
            try table.require(feature, 4, "GPOS kern Feature")
            let indexCount = Int(try data.u16(table.offset + feature + 2))
            try table.require(feature + 4, indexCount * 2, "GPOS kern Feature lookup indices")
            for j in 0..<indexCount { lookupIndices.insert(Int(try data.u16(table.offset + feature + 4 + 2 * j))) }
        }
        guard !lookupIndices.isEmpty else { return [] }

        try table.require(lookupList, 2, "GPOS LookupList")
        let lookupCount = Int(try data.u16(table.offset + lookupList))
        try table.require(lookupList + 2, lookupCount * 2, "GPOS lookup offsets")
        var lookups: [[KerningTable.Subtable]] = []
        var budget = Budget()
        for index in lookupIndices.sorted() where index < lookupCount {
            let lookup = lookupList + Int(try data.u16(table.offset + lookupList + 2 + 2 * index))
            try table.require(lookup, 6, "GPOS Lookup \(index)")
            let type = try data.u16(table.offset + lookup)
            let subtableCount = Int(try data.u16(table.offset + lookup + 4))
            try table.require(lookup + 6, subtableCount * 2, "GPOS Lookup \(index) subtable offsets")
            var subtables: [KerningTable.Subtable] = []
            for j in 0..<subtableCount {
                var subtable = lookup + Int(try data.u16(table.offset + lookup + 6 + 2 * j))
                var subtableType = type
                if type == 9 {
                    // ExtensionPosFormat1: format, extensionLookupType, Offset32 from the extension subtable.
                    try table.require(subtable, 8, "GPOS Extension subtable")
                    subtableType = try data.u16(table.offset + subtable + 2)
                    subtable += Int(try data.u32(table.offset + subtable + 4))
                }
                guard subtableType == 2 else { continue }
                if let parsed = try readPairPos(data, table, subtable, &budget) { subtables.append(parsed) }
            }
            if !subtables.isEmpty { lookups.append(subtables) }
        }
        return lookups
    }

    /// Caps the total work over all subtables of a font.
    private struct Budget {
        var pairs = 0
        var cells = 0
        /// Glyphs expanded from Coverage and ClassDef ranges (a hostile font could reuse one huge range often).
        var expanded = 0

        mutating func expand(_ count: Int) throws(FontError) {
            expanded += count
            guard expanded <= KerningReader.maximumExpandedGlyphs else {
                throw FontError(.invalid, "GPOS Coverage/ClassDef ranges expand to too many glyphs")
            }
        }
    }

    /// Size in bytes of a ValueRecord with `format` (one int16 per set bit among the eight defined).
    private static func valueSize(_ format: UInt16) -> Int { (format & 0xFF).nonzeroBitCount * 2 }

    /// Byte offset of XAdvance inside a ValueRecord, or nil when the format has none.
    private static func xAdvanceOffset(_ format: UInt16) -> Int? {
        format & 0x4 == 0 ? nil : (format & 0x3).nonzeroBitCount * 2
    }

    private static func readPairPos(_ data: FontData, _ table: TableRange, _ at: Int,
                                    _ budget: inout Budget) throws(FontError) -> KerningTable.Subtable? {
        try table.require(at, 10, "GPOS PairPos header")
        let base = table.offset + at
        let format = try data.u16(base)
        let coverage = try readCoverage(data, table, at + Int(try data.u16(base + 2)), &budget)
        let format1 = try data.u16(base + 4), format2 = try data.u16(base + 6)
        let size1 = valueSize(format1), size2 = valueSize(format2)
        let xAdvance = xAdvanceOffset(format1)
        switch format {
        case 1:
            let setCount = Int(try data.u16(base + 8))
            try table.require(at + 10, setCount * 2, "GPOS PairPos format 1 PairSet offsets")
            var pairs: [UInt32: Int16] = [:]
            for (first, i) in zip(coverage.glyphs, coverage.indices) where i < setCount {
                let set = at + Int(try data.u16(base + 10 + 2 * i))
                try table.require(set, 2, "GPOS PairSet")
                let count = Int(try data.u16(table.offset + set))
                let recordSize = 2 + size1 + size2
                try table.require(set + 2, count * recordSize, "GPOS PairValueRecords")
                budget.pairs += count
                guard budget.pairs <= maximumPairs else {
                    throw FontError(.invalid, "GPOS kerning has more than \(maximumPairs) pairs")
                }
                guard let xAdvance else { continue }
                for k in 0..<count {
                    let record = table.offset + set + 2 + recordSize * k
                    let second = try data.u16(record)
                    let value = try data.i16(record + 2 + xAdvance)
                    let key = UInt32(first) << 16 | UInt32(second)
                    if value != 0, pairs[key] == nil { pairs[key] = value }
                }
            }
            return pairs.isEmpty ? nil : .pairs(GlyphKeyMap(pairs))
        case 2:
            try table.require(at, 16, "GPOS PairPos format 2 header")
            let first = try readClassDef(data, table, at + Int(try data.u16(base + 8)), &budget)
            let second = try readClassDef(data, table, at + Int(try data.u16(base + 10)), &budget)
            let class1Count = Int(try data.u16(base + 12)), class2Count = Int(try data.u16(base + 14))
            let cells = class1Count * class2Count
            budget.cells += cells
            guard budget.cells <= maximumMatrixCells else {
                throw FontError(.invalid, "GPOS class kerning has more than \(maximumMatrixCells) cells")
            }
            let recordSize = size1 + size2
            try table.require(at + 16, cells * recordSize, "GPOS Class1Records")
            guard let xAdvance, class2Count > 0 else { return nil }
            var values = [Int16](repeating: 0, count: cells)
            for c in 0..<cells { values[c] = try data.i16(base + 16 + recordSize * c + xAdvance) }
            let covered = Dictionary(coverage.glyphs.map { (UInt32($0), UInt8(1)) }, uniquingKeysWith: { a, _ in a })
            return .classes(coverage: GlyphKeyMap(covered), first: first, second: second,
                            class2Count: class2Count, values: values)
        default:
            return nil
        }
    }

    /// Glyphs of a Coverage table with their coverage indices (format 2 ranges carry their start index).
    private struct Coverage {
        var glyphs: [UInt16] = []
        var indices: [Int] = []
    }

    private static func readCoverage(_ data: FontData, _ table: TableRange, _ at: Int,
                                     _ budget: inout Budget) throws(FontError) -> Coverage {
        try table.require(at, 4, "Coverage header")
        let base = table.offset + at
        let count = Int(try data.u16(base + 2))
        var coverage = Coverage()
        switch try data.u16(base) {
        case 1:
            try table.require(at + 4, count * 2, "Coverage format 1 glyphs")
            try budget.expand(count)
            coverage.glyphs.reserveCapacity(count)
            for i in 0..<count { coverage.glyphs.append(try data.u16(base + 4 + 2 * i)) }
            coverage.indices = Array(0..<count)
        case 2:
            try table.require(at + 4, count * 6, "Coverage format 2 ranges")
            for i in 0..<count {
                let start = try data.u16(base + 4 + 6 * i), end = try data.u16(base + 6 + 6 * i)
                let startIndex = Int(try data.u16(base + 8 + 6 * i))
                guard start <= end, coverage.glyphs.count + Int(end - start) < 65536 else { continue }
                try budget.expand(Int(end - start) + 1)
                coverage.glyphs.append(contentsOf: start...end)
                coverage.indices.append(contentsOf: startIndex...(startIndex + Int(end - start)))
            }
        default:
            throw FontError(.unsupported, "Coverage format \(try data.u16(base)) at offset \(base)")
        }
        return coverage
    }

    private static func readClassDef(_ data: FontData, _ table: TableRange,
                                     _ at: Int, _ budget: inout Budget) throws(FontError) -> KerningTable.ClassDef {
        try table.require(at, 4, "ClassDef header")
        let base = table.offset + at
        var classes: [UInt32: UInt16] = [:]
        switch try data.u16(base) {
        case 1:
            try table.require(at, 6, "ClassDef format 1 header")
            let start = Int(try data.u16(base + 2)), count = Int(try data.u16(base + 4))
            try table.require(at + 6, count * 2, "ClassDef format 1 classes")
            try budget.expand(count)
            for i in 0..<count where start + i < 65536 {
                let value = try data.u16(base + 6 + 2 * i)
                if value != 0 { classes[UInt32(start + i)] = value }
            }
        case 2:
            let count = Int(try data.u16(base + 2))
            try table.require(at + 4, count * 6, "ClassDef format 2 ranges")
            for i in 0..<count {
                let r = base + 4 + 6 * i
                let start = try data.u16(r), end = try data.u16(r + 2), value = try data.u16(r + 4)
                guard start <= end, value != 0, classes.count + Int(end - start) < 65536 else { continue }
                try budget.expand(Int(end - start) + 1)
                for g in start...end { classes[UInt32(g)] = value }
            }
        default:
            throw FontError(.unsupported, "ClassDef format \(try data.u16(base)) at offset \(base)")
        }
        return GlyphKeyMap(classes)
    }
}
