import ChartScene
import ChartText
import Foundation
import Testing
@testable import ChartPDF

/// PDF text carries HarfBuzz's glyphs (joining forms, ligatures, bidi order) and still extracts as the logical text:
/// checked in the content stream and with poppler's `pdftotext`, an outside reader (a ligature's `/ToUnicode` entry
/// gives back all its characters; right-to-left runs say their logical text with `/ActualText`).
@Suite(.enabled(if: hasFonts, "DejaVu Sans and WenQuanYi Micro Hei are not installed"))
struct PDFShapedTextTests {
    static let pdftotext = "/usr/bin/pdftotext"

    /// The glyph ids of every `TJ` string in `content`, in order.
    func drawnGlyphs(_ content: [UInt8]) -> [UInt16] {
        ContentReader(content).operations.filter { $0.op == "TJ" }.flatMap { operation in
            operation.operands.flatMap { operand -> [UInt16] in
                if case .hex(let glyphs) = operand { return glyphs } else { return [] }
            }
        }
    }

    @Test(arguments: ["مرحبا بالعالم", "שלום (123) עולם", "office ffl", "Sales مبيعات 2024"])
    func theContentStreamDrawsHarfBuzzGlyphs(_ text: String) throws {
        let fonts = try #require(Fonts.standard)
        let run = TextRun(text: text, position: Point(10, 40), size: 14, color: .black)
        let content = PDFFontResourcesTests.render([run], fonts: fonts).content
        let shaped = fonts.shaped(text, weight: .regular).glyphs.map(\.glyph)
        #expect(drawnGlyphs(content) == shaped)
        // Every glyph stands for its own cluster: no run needs ActualText.
        #expect(!String(decoding: content, as: UTF8.self).contains("ActualText"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: pdftotext), "poppler-utils is not installed"),
          arguments: ["مرحبا بالعالم", "שלום עולם", "नमस्ते", "office waffle", "لا سلام", "שלום (עולם)"])
    func pdftotextGivesTheLogicalTextBack(_ text: String) throws {
        let regular = try #require(Fonts.dejaVu)
        let devanagari = try? FontFace(path: "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf")
        let fonts = FontSet(regular: regular, fallbacks: devanagari.map { [$0] } ?? [])
        let scene = TestScene.with([.text(TextRun(text: text, position: Point(40, 60), size: 20, color: .black))])
        let pdf = try PDFWriter(fonts: fonts).write(scene)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shaped-\(UUID().uuidString).pdf")
        try Data(pdf).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.pdftotext)
        process.arguments = ["-enc", "UTF-8", path.path, "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // poppler marks right-to-left text with embedding controls (U+202A…U+202C); the characters are the text.
        let characters = output.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) }
        #expect(String(String.UnicodeScalarView(characters)).trimmingCharacters(in: .whitespacesAndNewlines) == text)
    }
}
