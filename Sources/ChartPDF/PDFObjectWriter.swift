import CPNGWriter

/// Writes the body of a PDF file object by object, remembering each object's byte offset, and ends it with the
/// cross-reference table and trailer (ISO 32000-1 §7.5: header, body, xref, trailer).
///
/// Objects are numbered by `reserve()` and may be written in any order, so one object can refer to another written
/// later (a page to the resources that are complete only after its content). Nothing depends on the clock or on
/// randomness: the same calls give the same bytes, and the trailer's `/ID` is a hash of everything before it.
struct PDFObjectWriter {
    /// The file so far: the header, then every object written.
    private(set) var bytes: [UInt8]
    /// Byte offset of each object's `N 0 obj` line, by object number − 1; nil until written.
    private var offsets: [Int?] = []

    /// The header: version 1.7 (transparency groups and soft masks need 1.4) and a comment line of bytes above 127,
    /// which tells file-transfer tools the file is binary (§7.5.2).
    static let header: [UInt8] = Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]

    /// zlib level of FlateDecode streams: level 1 deflates chart content streams within 10 % of level 6's size at
    /// several times its speed (docs/benchmarks.md, "PDF").
    static let compressionLevel: Int32 = 1

    init(capacity: Int = 1 << 14) {
        bytes = Self.header
        bytes.reserveCapacity(capacity)
    }

    /// A new object number, to be written later with `write` or `writeStream`.
    mutating func reserve() -> PDFObjectID {
        offsets.append(nil)
        return PDFObjectID(number: offsets.count)
    }

    /// Writes object `id` with `object` as its body (e.g. a dictionary `<< … >>`).
    mutating func write(_ id: PDFObjectID, _ object: String) {
        begin(id)
        bytes.append(contentsOf: object.utf8)
        bytes.append(contentsOf: "\nendobj\n".utf8)
    }

    /// Writes object `id` as a stream of `data`. `dictionary` holds the stream dictionary's entries without
    /// `<< >>`; `/Length` is added, and `/Filter /FlateDecode` when `compress` (zlib format, RFC 1950) — unless
    /// compressing fails (out of memory), in which case the data is stored as it is.
    mutating func writeStream(_ id: PDFObjectID, dictionary: String, data: [UInt8], compress: Bool) {
        var packed = chart_png_buffer(data: nil, size: 0, capacity: 0)
        defer { chart_png_free(&packed) }
        let deflated = compress && data.withUnsafeBufferPointer { raw in
            chart_deflate(raw.baseAddress, raw.count, Self.compressionLevel, &packed)
        } == 0 && packed.data != nil
        begin(id)
        bytes.append(contentsOf: "<<".utf8)
        if !dictionary.isEmpty {
            bytes.append(contentsOf: dictionary.utf8)
            bytes.append(0x20)
        }
        bytes.append(contentsOf: "/Length \(deflated ? packed.size : data.count)".utf8)
        if deflated { bytes.append(contentsOf: " /Filter /FlateDecode".utf8) }
        bytes.append(contentsOf: ">>\nstream\n".utf8)
        if deflated, let start = packed.data {
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: packed.size))
        } else {
            bytes.append(contentsOf: data)
        }
        bytes.append(contentsOf: "\nendstream\nendobj\n".utf8)
    }

    private mutating func begin(_ id: PDFObjectID) {
        offsets[id.number - 1] = bytes.count
        bytes.append(contentsOf: "\(id.number) 0 obj\n".utf8)
    }

    /// The finished file: the objects, the cross-reference table (§7.5.4: entries of exactly 20 bytes, a reserved
    /// object never written is listed as free) and the trailer naming the catalog `root`, the document information
    /// dictionary `info`, and an `/ID` derived from the bytes before it (`PDFFileID`), so it is stable.
    mutating func finish(root: PDFObjectID, info: PDFObjectID) -> [UInt8] {
        let id = PDFFileID.hex(of: bytes)
        let xref = bytes.count
        bytes.append(contentsOf: "xref\n0 \(offsets.count + 1)\n0000000000 65535 f\r\n".utf8)
        for offset in offsets {
            var entry = [UInt8](repeating: 0x30, count: 20)
            var value = offset ?? 0
            for i in stride(from: 9, through: 0, by: -1) {
                entry[i] = 0x30 + UInt8(value % 10)
                value /= 10
            }
            entry.replaceSubrange(10..<20, with: Array((offset == nil ? " 65535 f\r\n" : " 00000 n\r\n").utf8))
            bytes.append(contentsOf: entry)
        }
        bytes.append(contentsOf: ("trailer\n<</Size \(offsets.count + 1) /Root \(root.reference) "
            + "/Info \(info.reference) /ID [<\(id)> <\(id)>]>>\nstartxref\n\(xref)\n%%EOF\n").utf8)
        return bytes
    }
}
