import Foundation
import ChartScene
@testable import ChartPDF

/// A written PDF read back as a reader does: objects found through its own cross-reference table. Text is read as
/// Latin-1 (one character per byte); offsets are byte offsets.
struct PDFDocument {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Writes `scene` with uncompressed streams.
    init(_ scene: Scene) throws {
        var writer = PDFWriter(fonts: nil)
        writer.compressesStreams = false
        self.init(try writer.write(scene))
    }

    /// Bytes `range` as Latin-1 text.
    func text(_ range: Range<Int>) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes[range] { scalars.append(Unicode.Scalar(b)) }
        return String(scalars)
    }

    /// The whole file as Latin-1 text.
    var text: String { text(0..<bytes.count) }

    /// The byte offset of `xref`, as `startxref` says.
    var startXref: Int? {
        guard let marker = lastIndex(of: Array("startxref\n".utf8)) else { return nil }
        return Int(String(decoding: bytes[(marker + 10)...].prefix { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self))
    }

    private func lastIndex(of needle: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return stride(from: bytes.count - needle.count, through: 0, by: -1).first { i in
            bytes[i..<i + needle.count].elementsEqual(needle)
        }
    }

    /// The cross-reference entries for objects 1… as written (20 bytes each).
    var xrefEntries: [String] {
        guard let start = startXref, text(start..<min(start + 5, bytes.count)) == "xref\n" else { return [] }
        var at = start + 5
        let countLine = bytes[at...].prefix { $0 != 0x0A }
        at += countLine.count + 1
        let count = Int(String(decoding: countLine, as: UTF8.self).split(separator: " ").last ?? "") ?? 0
        return (1..<max(count, 1)).map { i in text(at + 20 * i..<min(at + 20 * (i + 1), bytes.count)) }
    }

    /// The offsets of objects 1… from the cross-reference table (nil for free entries).
    var xrefOffsets: [Int?] {
        xrefEntries.map { $0.hasSuffix("n\r\n") ? Int($0.prefix(10)) : nil }
    }

    /// The text of object `number` from `N 0 obj` to just before its `endobj` line, found at its cross-reference
    /// offset.
    func object(_ number: Int) -> String? {
        let offsets = xrefOffsets
        guard number >= 1, number <= offsets.count, let offset = offsets[number - 1] else { return nil }
        let rest = text(offset..<bytes.count)
        guard rest.hasPrefix("\(number) 0 obj\n"), let end = rest.range(of: "\nendobj\n") else { return nil }
        return String(rest[..<end.lowerBound]) + "\n"
    }

    /// The data of stream object `number` (between `stream` and `endstream`), as Latin-1 text.
    func stream(_ number: Int) -> String? {
        guard let object = object(number), let start = object.range(of: ">>\nstream\n"),
              let end = object.range(of: "\nendstream", options: .backwards) else { return nil }
        return String(object[start.upperBound..<end.lowerBound])
    }

    /// The page's content stream (object 5: the writer reserves catalog, pages, page, resources, content, info).
    var content: String { stream(5) ?? "" }

    /// The shared resource dictionary (object 4).
    var resources: String { object(4) ?? "" }

    /// The objects whose text contains `fragment`, by number.
    func objects(containing fragment: String) -> [Int] {
        xrefOffsets.indices.compactMap { i in object(i + 1)?.contains(fragment) == true ? i + 1 : nil }
    }
}

/// Small scenes for the writer's tests.
enum TestScene {
    static func with(_ nodes: [Node], width: Double = 800, height: Double = 400, background: Color? = nil,
                     title: String = "Test") -> Scene {
        Scene(width: width, height: height, background: background, title: title, description: "", nodes: nodes)
    }

    static let red = Color(rgb: 0xFF0000)
    static let blue = Color(rgb: 0x0000FF)
}
