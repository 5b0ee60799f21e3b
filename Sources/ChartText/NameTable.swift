/// The strings of a face's `name` table (OpenType spec, "name — Naming Table"), read best effort: only the
/// encodings in real use — Unicode and Windows Unicode BMP (UTF-16BE), Macintosh Roman (read as ASCII) — and never
/// an error, since a face is usable without names.
struct NameTable {
    /// One decoded name record.
    struct Record {
        var platform: UInt16
        var language: UInt16
        var nameID: UInt16
        var text: String
    }

    /// Decoded records in table order; records in other encodings and out-of-bounds strings are skipped.
    let records: [Record]

    init(data: FontData, table: TableRange?) {
        records = (try? Self.read(data, table)) ?? []
    }

    /// Every string with `nameID`, in table order.
    func strings(_ nameID: UInt16) -> [String] {
        records.filter { $0.nameID == nameID }.map(\.text)
    }

    /// The English string with `nameID` if there is one (Windows US English, then Macintosh English), else the first
    /// one in the table; nil when the table has none or only empty ones.
    func english(_ nameID: UInt16) -> String? {
        let named = records.filter { $0.nameID == nameID && !$0.text.isEmpty }
        return named.first { $0.platform == 3 && $0.language == 0x409 }?.text
            ?? named.first { $0.platform == 1 && $0.language == 0 }?.text
            ?? named.first?.text
    }

    /// The family name: the typographic family (ID 16) when present, else the legacy family (ID 1).
    var family: String? { english(16) ?? english(1) }

    private static func read(_ data: FontData, _ table: TableRange?) throws(FontError) -> [Record] {
        guard let table else { return [] }
        try table.require(0, 6, "name header")
        let count = Int(try data.u16(table.offset + 2)), strings = Int(try data.u16(table.offset + 4))
        try table.require(6, 12 * count, "name records")
        var records: [Record] = []
        for i in 0..<count {
            let record = table.offset + 6 + 12 * i
            let platform = try data.u16(record), encoding = try data.u16(record + 2)
            let language = try data.u16(record + 4), nameID = try data.u16(record + 6)
            let length = Int(try data.u16(record + 8)), start = strings + Int(try data.u16(record + 10))
            guard (try? table.require(start, length, "name string")) != nil else { continue }
            let bytes = data.bytes[(table.offset + start)..<(table.offset + start + length)]
            let text: String
            switch (platform, encoding) {
            case (3, 1), (0, _):
                let units = stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2).map {
                    UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
                }
                text = String(decoding: units, as: UTF16.self)
            case (1, 0):
                text = String(decoding: bytes, as: UTF8.self)
            default:
                continue
            }
            records.append(Record(platform: platform, language: language, nameID: nameID, text: text))
        }
        return records
    }
}
