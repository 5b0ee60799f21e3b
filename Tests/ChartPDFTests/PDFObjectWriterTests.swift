import Foundation
import Testing
@testable import ChartPDF

/// The file structure a reader relies on: objects where the cross-reference table says, 20-byte entries, the
/// trailer's `startxref` at the table, stream lengths that match.
struct PDFObjectWriterTests {
    @Test func offsetsAndCrossReferenceTableAreExact() throws {
        var writer = PDFObjectWriter()
        let a = writer.reserve(), b = writer.reserve(), c = writer.reserve()
        writer.write(b, "<</Type /Pages /Kids [] /Count 0>>")
        writer.writeStream(c, dictionary: "/Type /XObject", data: Array("0 0 m 1 1 l S".utf8), compress: false)
        writer.write(a, "<</Type /Catalog /Pages \(b.reference)>>")
        let info = writer.reserve()
        writer.write(info, "<</Producer (chartd)>>")
        let bytes = writer.finish(root: a, info: info)
        let doc = PDFDocument(bytes)

        let header = "%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n"  // Latin-1: one character per byte
        let objectB = "2 0 obj\n<</Type /Pages /Kids [] /Count 0>>\nendobj\n"
        let objectC = "3 0 obj\n<</Type /XObject /Length 13>>\nstream\n0 0 m 1 1 l S\nendstream\nendobj\n"
        let objectA = "1 0 obj\n<</Type /Catalog /Pages 2 0 R>>\nendobj\n"
        let objectInfo = "4 0 obj\n<</Producer (chartd)>>\nendobj\n"
        let offsets = [header, objectB, objectC, objectA].map(\.unicodeScalars.count).reduce(into: [0]) { $0.append($0.last! + $1) }
        #expect(doc.xrefOffsets == [offsets[3], offsets[1], offsets[2], offsets[4]])
        let xref = offsets[4] + objectInfo.count
        #expect(doc.startXref == xref)
        let id = try #require(doc.text.firstMatch(of: /\/ID \[<([0-9a-f]{32})> <([0-9a-f]{32})>\]/))
        #expect(id.1 == id.2)
        let entries = [offsets[3], offsets[1], offsets[2], offsets[4]]
            .map { String(repeating: "0", count: 10 - String($0).count) + String($0) + " 00000 n\r\n" }.joined()
        let tail = "xref\n0 5\n0000000000 65535 f\r\n" + entries
            + "trailer\n<</Size 5 /Root 1 0 R /Info 4 0 R /ID [<\(id.1)> <\(id.1)>]>>\nstartxref\n\(xref)\n%%EOF\n"
        #expect(doc.text == header + objectB + objectC + objectA + objectInfo + tail)
        for n in 1...4 { #expect(doc.object(n) != nil, "object \(n) not at its offset") }
    }

    @Test func everyCrossReferenceEntryIsTwentyBytes() {
        var writer = PDFObjectWriter()
        let ids = (0..<12).map { _ in writer.reserve() }
        for id in ids.dropLast() { writer.write(id, "<<>>") }
        let bytes = writer.finish(root: ids[0], info: ids[1])
        let doc = PDFDocument(bytes)
        #expect(doc.xrefEntries.count == 12)
        #expect(doc.xrefEntries.allSatisfy { $0.unicodeScalars.count == 20 && $0.hasSuffix("\r\n") })
        // The reserved object that was never written is a free entry.
        #expect(doc.xrefOffsets.last == .some(nil))
        #expect(doc.xrefOffsets.dropLast().allSatisfy { $0 != nil })
    }

    @Test func compressedStreamsAreZlibWithTheirLength() throws {
        var writer = PDFObjectWriter()
        let id = writer.reserve()
        let data = Array(String(repeating: "100 200 l\n", count: 500).utf8)
        writer.writeStream(id, dictionary: "", data: data, compress: true)
        let doc = PDFDocument(writer.finish(root: id, info: id))
        let object = try #require(doc.object(1))
        let length = try #require(object.firstMatch(of: /\/Length (\d+) \/Filter \/FlateDecode>>/)?.1).description
        let stream = try #require(doc.stream(1))
        #expect(Int(length) == stream.unicodeScalars.count)
        #expect(stream.unicodeScalars.count < data.count / 10)
        // A zlib header: deflate with a 32 KiB window, header checksum a multiple of 31 (RFC 1950 §2.2).
        let cmf = stream.unicodeScalars.first!.value, flg = stream.unicodeScalars.dropFirst().first!.value
        #expect(cmf == 0x78 && (cmf * 256 + flg) % 31 == 0)
    }

    @Test func theFileIDDependsOnTheContent() {
        func file(_ body: String) -> String {
            var writer = PDFObjectWriter()
            let id = writer.reserve()
            writer.write(id, body)
            let doc = PDFDocument(writer.finish(root: id, info: id))
            return String(doc.text.firstMatch(of: /\/ID \[<([0-9a-f]{32})>/)?.1 ?? "")
        }
        #expect(file("<</A 1>>") == file("<</A 1>>"))
        #expect(file("<</A 1>>") != file("<</A 2>>"))
        #expect(file("<</A 1>>") != file("<</A 1 >>"))
    }
}
