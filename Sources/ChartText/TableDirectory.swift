/// The table directory of one face of a TrueType file or collection (`.ttc`).
///
/// A collection starts with `ttcf`, a face count and one offset per face to that face's offset table; table offsets
/// in every face's directory are file-absolute (WenQuanYi Micro Hei relies on this), exactly as in a single `.ttf`.
struct TableDirectory: Sendable {
    /// Tables this reader needs, by tag; other tables are ignored.
    private(set) var tables: [String: TableRange] = [:]
    /// Whether the face is an OpenType font with PostScript (CFF) outlines: sfnt version `OTTO`, a `CFF ` (or
    /// `CFF2`) table instead of `glyf`/`loca`.
    private(set) var isCFF = false

    /// Most faces any collection may declare; real collections have a handful.
    static let maximumFaces = 256
    /// Most tables one face may list; real fonts have about 20–30.
    static let maximumTables = 512

    /// The number of faces in `data`: 1 for a plain font, the declared count for a collection.
    static func faceCount(in data: FontData) throws(FontError) -> Int {
        guard try data.tag(0) == "ttcf" else { return 1 }
        let count = Int(try data.u32(8))
        guard count >= 1, count <= maximumFaces else {
            throw FontError(.invalid, "collection declares \(count) faces (allowed 1…\(maximumFaces))")
        }
        try data.require(12, count * 4, "collection face offsets")
        return count
    }

    init(data: FontData, faceIndex: Int) throws(FontError) {
        var start = 0
        if try data.tag(0) == "ttcf" {
            let count = try Self.faceCount(in: data)
            guard faceIndex >= 0, faceIndex < count else {
                throw FontError(.faceIndexOutOfRange, "face index \(faceIndex) but the collection has \(count) face(s)")
            }
            start = Int(try data.u32(12 + 4 * faceIndex))
        } else if faceIndex != 0 {
            throw FontError(.faceIndexOutOfRange, "face index \(faceIndex) but the file is a single font")
        }
        let version = try data.u32(start)
        isCFF = version == 0x4F54_544F  // 'OTTO'
        guard isCFF || version == 0x0001_0000 || version == 0x7472_7565 else {  // 1.0 or 'true'
            throw FontError(.invalid, "unknown sfnt version 0x\(String(version, radix: 16)) at offset \(start)")
        }
        let numTables = Int(try data.u16(start + 4))
        guard numTables <= Self.maximumTables else {
            throw FontError(.invalid, "table directory lists \(numTables) tables (allowed ≤ \(Self.maximumTables))")
        }
        try data.require(start + 12, numTables * 16, "table directory")
        for i in 0..<numTables {
            let record = start + 12 + 16 * i
            let tag = try data.tag(record)
            let range = TableRange(offset: Int(try data.u32(record + 8)), length: Int(try data.u32(record + 12)))
            try data.require(range.offset, range.length, "table '\(tag)'")
            if tables[tag] == nil { tables[tag] = range }
        }
    }

    /// The range of table `tag`, or a `missingTable` error.
    func required(_ tag: String) throws(FontError) -> TableRange {
        guard let range = tables[tag] else { throw FontError(.missingTable, "required table '\(tag)' is absent") }
        return range
    }

    /// The range of table `tag` when present.
    func optional(_ tag: String) -> TableRange? { tables[tag] }
}
