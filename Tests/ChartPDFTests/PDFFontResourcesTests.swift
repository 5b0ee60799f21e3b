import ChartScene
import ChartText
import Foundation
import Testing
@testable import ChartPDF

enum Fonts {
    static let dejaVu = try? FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    static let dejaVuBold = try? FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    static let wenQuanYi = try? FontFace(path: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
    /// DejaVu Sans (regular and bold) with WenQuanYi Micro Hei for CJK, as the service loads them.
    static let standard: FontSet? = dejaVu.flatMap { regular in
        wenQuanYi.map { FontSet(regular: regular, bold: dejaVuBold, fallbacks: [$0]) }
    }
}

let hasFonts = Fonts.standard != nil

/// A content stream read back as operators with their operands (numbers, names, hex strings, arrays flattened).
struct ContentReader {
    enum Operand: Equatable {
        case number(Double)
        case name(String)
        case hex([UInt16])
    }

    var operations: [(op: String, operands: [Operand])] = []

    init(_ content: [UInt8]) {
        var operands: [Operand] = []
        let text = String(decoding: content, as: UTF8.self)
        var scanner = Substring(text)
        while let c = scanner.first {
            if c.isWhitespace || c == "[" || c == "]" {
                scanner.removeFirst()
            } else if c == "<" && scanner.dropFirst().first == "<" {
                // A dictionary operand (BDC's properties): keep it whole as a name.
                let end = scanner.range(of: ">>")!.upperBound
                operands.append(.name(String(scanner[..<end])))
                scanner = scanner[end...]
            } else if c == "<" {
                let end = scanner.firstIndex(of: ">")!
                let digits = Array(scanner[scanner.index(after: scanner.startIndex)..<end])
                operands.append(.hex(stride(from: 0, to: digits.count, by: 4).map {
                    UInt16(String(digits[$0..<$0 + 4]), radix: 16)!
                }))
                scanner = scanner[scanner.index(after: end)...]
            } else {
                let token = scanner.prefix { !$0.isWhitespace && $0 != "[" && $0 != "]" && $0 != "<" }
                scanner = scanner.dropFirst(token.count)
                if let value = Double(token) {
                    operands.append(.number(value))
                } else if token.hasPrefix("/") {
                    operands.append(.name(String(token.dropFirst())))
                } else {
                    operations.append((String(token), operands))
                    operands = []
                }
            }
        }
    }

    func count(_ op: String) -> Int { operations.filter { $0.op == op }.count }
}

@Suite(.enabled(if: hasFonts, "DejaVu Sans and WenQuanYi Micro Hei are not installed"))
struct PDFFontResourcesTests {
    /// Draws `runs` and writes their fonts; returns the content stream and the font objects' text.
    static func render(_ runs: [TextRun], fonts: FontSet)
        -> (content: [UInt8], objects: String, fonts: [(name: String, id: PDFObjectID)], resources: PDFResources) {
        var resources = PDFResources(), text = PDFFontResources(fonts: fonts), content: [UInt8] = []
        for run in runs { text.draw(run, into: &content, resources: &resources) }
        var objects = PDFObjectWriter()
        let written = text.writeFonts(into: &objects)
        return (content, String(decoding: objects.bytes, as: UTF8.self), written, resources)
    }

    /// The `/W` widths of the CIDFont written for `resource`, by glyph.
    static func widths(in objects: String, count: Int) -> [[UInt16: Double]] {
        objects.components(separatedBy: "/W [").dropFirst().prefix(count).map { rest in
            var widths: [UInt16: Double] = [:]
            let body = rest.prefix { $0 != ">" }.dropLast()  // up to the closing "]" before " >>"
            var tokens = body.replacingOccurrences(of: "[", with: " [ ").replacingOccurrences(of: "]", with: " ] ")
                .split(separator: " ")[...]
            while let first = tokens.popFirst() {
                guard var glyph = UInt16(first), tokens.popFirst() == "[" else { continue }
                while let token = tokens.popFirst(), token != "]" {
                    widths[glyph] = Double(token)!
                    glyph += 1
                }
            }
            return widths
        }
    }

    @Test func glyphsSitWhereTheRasterizerPutsThem() throws {
        let fonts = try #require(Fonts.standard)
        // Kerned Latin (AV, To), fallback CJK mid-run, a rotated and centred run, a bold one.
        let runs = [
            TextRun(text: "AVATo 第1节", position: Point(120, 80), size: 13, anchor: .middle, color: .black,
                    rotation: -30),
            TextRun(text: "Wave Yo", position: Point(400, 300), size: 22, weight: .bold, anchor: .end, color: .black),
        ]
        let (content, objects, written, _) = Self.render(runs, fonts: fonts)
        let reader = ContentReader(content)
        #expect(reader.count("BT") == 2 && reader.count("ET") == 2 && reader.count("q") == 2)

        // Font resource name → its widths (fonts are written in resource order, one /W each).
        let widthTables = Self.widths(in: objects, count: written.count)
        let widthsByName = Dictionary(uniqueKeysWithValues: zip(written.map(\.name), widthTables))

        var placed: [Point] = []
        var matrix = [Double](), size = 0.0, pen = 0.0, widths: [UInt16: Double] = [:]
        for (op, operands) in reader.operations {
            switch op {
            case "Tm":
                matrix = operands.map { if case .number(let v) = $0 { v } else { .nan } }
                pen = 0
            case "Tf":
                guard case .name(let name) = operands[0], case .number(let s) = operands[1] else { continue }
                widths = try #require(widthsByName[name]); size = s
            case "TJ":
                for operand in operands {
                    switch operand {
                    case .number(let adjustment): pen -= adjustment / 1000 * size
                    case .hex(let glyphs):
                        for glyph in glyphs {
                            // Text space (pen, 0) through the text matrix [a b c d e f].
                            placed.append(Point(matrix[0] * pen + matrix[4], matrix[1] * pen + matrix[5]))
                            pen += try #require(widths[glyph]) / 1000 * size
                        }
                    case .name: break
                    }
                }
            default: break
            }
        }
        // The rasterizer's glyphs (spaces have no outline and are left out there).
        let expected = runs.flatMap { run in
            fonts.glyphs(for: run).map { Point($0.transform.tx, $0.transform.ty) }
        }
        let spaces = runs.flatMap { run in run.text.enumerated().filter { $0.element == " " }.map(\.offset) }
        #expect(placed.count == expected.count + spaces.count)
        var pdfOrigins = placed
        // Remove the spaces (one per run here, at the recorded offsets, second run shifted by the first's length).
        for index in [spaces[1] + runs[0].text.count, spaces[0]] { pdfOrigins.remove(at: index) }
        for (pdf, raster) in zip(pdfOrigins, expected) {
            #expect(abs(pdf.x - raster.x) < 0.01 && abs(pdf.y - raster.y) < 0.01, "\(pdf) vs \(raster)")
        }
        let adjusted = reader.operations.contains { operation in
            operation.op == "TJ" && operation.operands.contains { if case .number = $0 { true } else { false } }
        }
        #expect(adjusted, "kerning shows as TJ adjustments")
    }

    @Test func eachFaceBecomesAnEmbeddedType0FontWithToUnicode() throws {
        let fonts = try #require(Fonts.standard)
        let runs = [TextRun(text: "Revenue 收入", position: Point(10, 20), size: 12, color: .black),
                    TextRun(text: "Q1", position: Point(10, 40), size: 12, weight: .bold, color: .black)]
        let (_, objects, written, _) = Self.render(runs, fonts: fonts)
        #expect(written.map(\.name) == ["F1", "F2", "F3"], "regular, bold and the CJK fallback, in `faces` order")
        for key in ["/Subtype /Type0", "/Encoding /Identity-H", "/Subtype /CIDFontType2", "/CIDToGIDMap /Identity",
                    "/Registry (Adobe) /Ordering (Identity) /Supplement 0", "/FontFile2", "/ToUnicode"] {
            #expect(objects.components(separatedBy: key).count - 1 == 3, "\(key) once per font")
        }
        let names = objects.components(separatedBy: "/BaseFont /").dropFirst().map { $0.prefix { $0 != " " } }
        #expect(Set(names).count == 3)
        for name in names {
            #expect(name.prefix(6).allSatisfy { $0.isUppercase && $0.isASCII } && name.dropFirst(6).first == "+")
        }
        #expect(names.contains { $0.hasSuffix("+DejaVuSans") } && names.contains { $0.hasSuffix("+DejaVuSans-Bold") })
        #expect(names.contains { $0.hasSuffix("+WenQuanYiMicroHei") })
        // The same drawing gives the same bytes (subset tags and all).
        #expect(Self.render(runs, fonts: fonts).objects == objects)
    }

    @Test func translucentTextGetsAGraphicsStateAndFakeBoldAStroke() throws {
        let regular = try #require(Fonts.dejaVu)
        let fonts = FontSet(regular: regular)  // no bold face: bold text is emboldened
        let run = TextRun(text: "Hi", position: Point(0, 10), size: 18, weight: .bold,
                          color: Color(rgb: 0x336699, alpha: 128))
        var rendered = Self.render([run], fonts: fonts)
        let reader = ContentReader(rendered.content)
        let state = rendered.resources.alphaState(run.color.opacity)
        #expect(reader.operations.contains { $0.op == "gs" && $0.operands == [.name(state)] })
        #expect(reader.operations.contains { $0.op == "Tr" && $0.operands == [.number(2)] })
        let width = try #require(reader.operations.first { $0.op == "w" })
        #expect(width.operands == [.number((SyntheticBold.strengthPerEm(size: 18) * 18 * 1000).rounded() / 1000)])
        let color: [ContentReader.Operand] = [.number(0.2), .number(0.4), .number(0.6)]
        #expect(reader.operations.contains { $0.op == "rg" && $0.operands == color })
    }

    @Test func aGlyphStandingForSeveralCharactersMarksItsRunWithActualText() throws {
        let regular = try #require(Fonts.dejaVu)
        // Two private-use characters DejaVu lacks: both draw .notdef, which /ToUnicode can map to only one.
        let run = TextRun(text: "a\u{E000}\u{E001}", position: Point(0, 10), size: 12, color: .black)
        let content = String(decoding: Self.render([run], fonts: FontSet(regular: regular)).content, as: UTF8.self)
        #expect(content.contains("/Span <</ActualText <FEFF0061E000E001> >> BDC"))
        #expect(content.contains("EMC"))
        let plain = TextRun(text: "abc", position: Point(0, 10), size: 12, color: .black)
        #expect(!String(decoding: Self.render([plain], fonts: FontSet(regular: regular)).content, as: UTF8.self)
            .contains("ActualText"))
    }

    @Test func theWriterEmbedsTheFontsItsTextUses() throws {
        let fonts = try #require(Fonts.standard)
        let scene = TestScene.with([
            .text(TextRun(text: "Umsatz 收入", position: Point(20, 40), size: 14, color: .black)),
            .group(Group(children: [.text(TextRun(text: "Q1", position: Point(20, 80), size: 12, color: .black))])),
        ])
        var writer = PDFWriter(fonts: fonts)
        writer.compressesStreams = false
        let document = PDFDocument(try writer.write(scene))
        let resources = document.resources
        #expect(resources.contains("/Font <</F1 ") && resources.contains("/F3 "), "DejaVu Sans and WenQuanYi")
        #expect(document.content.components(separatedBy: "BT\n").count == 3)
        #expect(document.objects(containing: "/Subtype /Type0").count == 2)
        #expect(document.objects(containing: "/FontFile2").count == 2)
        #expect(try writer.write(scene) == writer.write(scene), "byte-stable, subset tags included")
    }

    @Test func runsWithoutGlyphsDrawNothing() throws {
        let fonts = try #require(Fonts.standard)
        let runs = [TextRun(text: "", position: Point(0, 0), size: 12, color: .black),
                    TextRun(text: "x", position: Point(.nan, 0), size: 12, color: .black),
                    TextRun(text: "x", position: Point(0, 0), size: 0, color: .black)]
        let rendered = Self.render(runs, fonts: fonts)
        #expect(rendered.content.isEmpty && rendered.fonts.isEmpty)
    }
}
