import ChartScene
import ChartText

/// The page's text: draws each `TextRun` as PDF text operators with the glyphs, faces, kerning and synthetic bold the
/// rasterizer uses (`FontSet.walk`, as `GlyphPlacement` does), so PDF text sits where the PNG's does, and then writes
/// one embedded subset font per face used (`PDFEmbeddedFont`).
///
/// Text space: the page's user space is y-down CSS px (P1's `0.75 0 0 -0.75 0 H cm`). Each run sets the text matrix
/// `[cosθ sinθ sinθ −cosθ x y]` — unit scale, the y flip that stands glyphs upright, the run's clockwise rotation θ,
/// and the anchored start of the baseline — and the size through `Tf`; so text space is user space turned and
/// flipped, and a stroke width (synthetic bold) means the same in both.
struct PDFFontResources {
    private let fonts: FontSet
    /// Faces in `fonts.faces` order (a glyph's `slot`), each created when first drawn with.
    private var used: [PDFEmbeddedFont?]

    init(fonts: FontSet) {
        self.fonts = fonts
        used = Array(repeating: nil, count: fonts.faces.count)
    }

    /// The resource name of the face in `slot` of `fonts.faces`.
    private static func resourceName(_ slot: Int) -> String { "F\(slot + 1)" }

    /// One drawn glyph of a run.
    private struct Glyph {
        var slot: Int
        var glyph: UInt16
        /// Pen position in ems from the start of the run.
        var pen: Double
        var synthetic: Bool
        /// The advance the reader takes from `/W`, in ems.
        var width: Double
    }

    /// Appends the operators that draw `run` (`q … BT … Tf … TJ ET Q`); nothing for a run without glyphs.
    mutating func draw(_ run: TextRun, into content: inout [UInt8], resources: inout PDFResources) {
        guard run.size > 0, run.size.isFinite, run.position.x.isFinite, run.position.y.isFinite else { return }
        var glyphs: [Glyph] = []
        var exact = true
        let advance = fonts.walk(run.text, weight: run.weight) { face, slot, glyph, scalar, pen, synthetic in
            glyphs.append(Glyph(slot: slot, glyph: glyph, pen: pen, synthetic: synthetic,
                                width: PDFEmbeddedFont.width(of: glyph, in: face) / 1000))
            if used[slot] == nil { used[slot] = PDFEmbeddedFont(face: face) }
            exact = (used[slot]?.use(glyph, for: scalar) ?? true) && exact
        }
        guard !glyphs.isEmpty else { return }

        let size = run.size
        let shift: Double = switch run.anchor {
        case .start: 0
        case .middle: -advance * size / 2
        case .end: -advance * size
        }
        let (cosine, sine) = run.direction
        func n(_ value: Double) -> String { PDFNumber.string(value, decimals: 3) }
        var ops = "q\n"
        if run.color.alpha < 255 { ops += "/\(resources.alphaState(run.color.opacity)) gs\n" }
        let color = [run.color.red, run.color.green, run.color.blue].map { n(Double($0) / 255) }
            .joined(separator: " ")
        ops += "\(color) rg\n"
        if glyphs.contains(where: \.synthetic) {
            // Fake bold as browsers draw it: fill and stroke, the stroke as wide as SyntheticBold's outline growth.
            ops += "\(color) RG \(n(SyntheticBold.strengthPerEm(size: size) * size)) w 1 j\n"
        }
        if !exact { ops += "/Span << /ActualText <FEFF\(run.text.utf16.map(ToUnicodeCMap.hex).joined())> >> BDC\n" }
        let (c, s) = (PDFNumber.string(cosine, decimals: 5), PDFNumber.string(sine, decimals: 5))
        ops += "BT\n\(c) \(s) \(s) \(PDFNumber.string(-cosine, decimals: 5)) "
        ops += "\(n(run.position.x + shift * cosine)) \(n(run.position.y + shift * sine)) Tm\n"

        // Where the reader's pen is, in ems: it advances by each glyph's /W width and by the TJ adjustments.
        var pdfPen = 0.0
        var slot = -1, synthetic = false, inArray = false, inHex = false
        for glyph in glyphs {
            if glyph.slot != slot || glyph.synthetic != synthetic {
                if inHex { ops += ">" }
                if inArray { ops += "] TJ\n" }
                inArray = false; inHex = false
                if glyph.slot != slot { ops += "/\(Self.resourceName(glyph.slot)) \(n(size)) Tf\n" }
                // Render mode 2 fills and strokes, 0 (the default, restored by Q) only fills.
                if glyph.synthetic != synthetic { ops += glyph.synthetic ? "2 Tr\n" : "0 Tr\n" }
                slot = glyph.slot; synthetic = glyph.synthetic
            }
            if !inArray { ops += "["; inArray = true }
            // TJ numbers are thousandths of an em, subtracted from the pen (§9.4.3). Drift below 0.05 (the /W
            // widths' rounding, 1/20000 em) is left to accumulate until it matters.
            let adjustment = ((pdfPen - glyph.pen) * 1000 * 100).rounded() / 100
            if abs(adjustment) >= 0.05 {
                if inHex { ops += ">"; inHex = false }
                ops += n(adjustment)
                pdfPen -= adjustment / 1000
            }
            if !inHex { ops += "<"; inHex = true }
            ops += ToUnicodeCMap.hex(glyph.glyph)
            pdfPen += glyph.width
        }
        if inHex { ops += ">" }
        ops += "] TJ\nET\n"
        if !exact { ops += "EMC\n" }
        ops += "Q\n"
        content += ops.utf8
    }

    /// Writes a font for every face drawn with (call once the content stream is complete: each subset needs every
    /// glyph) and returns the page's `/Font` resource entries.
    func writeFonts(into objects: inout PDFObjectWriter) -> [(name: String, id: PDFObjectID)] {
        used.enumerated().compactMap { slot, font in
            font.map { (Self.resourceName(slot), $0.write(into: &objects)) }
        }
    }
}
