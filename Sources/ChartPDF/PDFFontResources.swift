import ChartScene
import ChartText

/// The page's text: draws each `TextRun` as PDF text operators with the shaped glyphs (HarfBuzz's glyph ids and
/// positions), faces and synthetic bold the rasterizer uses (`FontSet.walk`, as `GlyphPlacement` does), so PDF text
/// sits where the PNG's does, and then writes one embedded subset font per face used (`PDFEmbeddedFont`).
///
/// Text extraction: each glyph maps to its cluster's characters in `/ToUnicode` (a ligature to all of them). Glyphs
/// stand in visual order, as PDF text does, and readers (poppler's `pdftotext`, Acrobat) put right-to-left runs back
/// into logical order themselves; so a right-to-left cluster of several characters (lam-alef) is written reversed,
/// as drawn (a mirrored bracket keeps its logical character: readers do not mirror). Where `/ToUnicode` cannot say
/// the text —
/// a glyph drawn for different characters, a cluster of several glyphs — the run is an `/ActualText` span with the
/// run's text.
///
/// Text space: the page's user space is y-down CSS px (P1's `0.75 0 0 -0.75 0 H cm`). Each run sets the text matrix
/// `[cosθ sinθ sinθ −cosθ x y]` — unit scale, the y flip that stands glyphs upright, the run's clockwise rotation θ,
/// and the anchored start of the baseline — and the size through `Tf`; so text space is user space turned and
/// flipped, and a stroke width (synthetic bold) means the same in both.
struct PDFFontResources {
    private let fonts: FontSet
    /// `fonts.faces`, by slot.
    private let faces: [FontFace]
    /// Faces in `fonts.faces` order (a glyph's `slot`), each created when first drawn with.
    private var used: [PDFEmbeddedFont?]
    /// The glyphs of the run being drawn (kept to reuse its storage).
    private var scratch: [Glyph] = []

    init(fonts: FontSet) {
        self.fonts = fonts
        faces = fonts.faces
        used = Array(repeating: nil, count: faces.count)
    }

    /// The resource name of the face in `slot` of `fonts.faces`.
    private static func resourceName(_ slot: Int) -> String { "F\(slot + 1)" }

    /// One drawn glyph of a run.
    private struct Glyph {
        var slot: Int
        var glyph: UInt16
        /// The characters it is drawn for (its cluster), as scalar offsets into the run's text.
        var cluster: Range<Int>
        /// Pen position in ems from the start of the run, and offset from the baseline (ems, up).
        var pen: Double
        var rise: Double
        var synthetic: Bool
        /// The advance the reader takes from `/W`, in ems.
        var width: Double
        /// Whether it belongs to a right-to-left run (its cluster's text is written reversed, as drawn).
        var rightToLeft: Bool
    }

    /// Appends the operators that draw `run` (`q … BT … Tf … TJ ET Q`); nothing for a run without glyphs.
    mutating func draw(_ run: TextRun, into content: inout [UInt8], resources: inout PDFResources) {
        guard run.size > 0, run.size.isFinite, run.position.x.isFinite, run.position.y.isFinite else { return }
        var glyphs: [Glyph] = []
        swap(&glyphs, &scratch)
        glyphs.removeAll(keepingCapacity: true)
        defer { swap(&glyphs, &scratch) }
        // The closure leaves `self` alone, so that `fonts` is read in place rather than copied.
        var exact = true
        var previousCluster = -1..<(-1)
        let advance = fonts.walk(run.text, weight: run.weight) { face, shaped in
            let cluster = shaped.clusterStart..<shaped.clusterEnd
            // A second glyph of the same cluster (a split vowel, a decomposed letter) has no text of its own.
            if cluster == previousCluster { exact = false }
            previousCluster = cluster
            glyphs.append(Glyph(slot: shaped.slot, glyph: shaped.glyph, cluster: cluster, pen: shaped.x,
                                rise: shaped.y, synthetic: shaped.synthetic,
                                width: PDFEmbeddedFont.width(of: shaped.glyph, in: face) / 1000,
                                rightToLeft: shaped.rightToLeft))
        }
        guard !glyphs.isEmpty else { return }
        let scalars = Array(run.text.unicodeScalars)
        for glyph in glyphs {
            if used[glyph.slot] == nil { used[glyph.slot] = PDFEmbeddedFont(face: faces[glyph.slot]) }
            let lower = min(glyph.cluster.lowerBound, scalars.count), upper = min(glyph.cluster.upperBound, scalars.count)
            var text = ""
            if glyph.rightToLeft {
                text.unicodeScalars.append(contentsOf: scalars[lower..<upper].reversed())
            } else {
                text.unicodeScalars.append(contentsOf: scalars[lower..<upper])
            }
            exact = (used[glyph.slot]?.use(glyph.glyph, for: text) ?? true) && exact
        }

        // Written straight into the stream's bytes: text is most of a chart's content, and Strings would cost more
        // than the shapes.
        func put(_ text: StaticString) {
            content.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func put(_ value: Double, decimals: Int = 3) {
            PDFNumber.append(value, decimals: decimals, to: &content)
            content.append(0x20)
        }
        func put(hex value: UInt16) {
            for shift in [12, 8, 4, 0] { content.append(ToUnicodeCMap.hexDigits[Int(value >> UInt16(shift)) & 0xF]) }
        }
        let size = run.size
        let shift = run.anchorOffset(width: advance * size)
        let (cosine, sine) = run.direction
        put("q\n")
        if run.color.alpha < 255 {
            content.append(0x2F)  // "/"
            content.append(contentsOf: resources.alphaState(run.color.opacity).utf8)
            put(" gs\n")
        }
        func color() { for c in [run.color.red, run.color.green, run.color.blue] { put(Double(c) / 255) } }
        color()
        put("rg\n")
        if glyphs.contains(where: \.synthetic) {
            // Fake bold as browsers draw it: fill and stroke, the stroke as wide as SyntheticBold's outline growth;
            // round joins, so sharp corners do not grow miter spikes that the offset outline lacks.
            color()
            put("RG ")
            put(SyntheticBold.strengthPerEm(size: size) * size)
            put("w 1 j\n")
        }
        if !exact {
            put("/Span <</ActualText <FEFF")
            for unit in run.text.utf16 { put(hex: unit) }
            put("> >> BDC\n")
        }
        put("BT\n")
        for value in [cosine, sine, sine, -cosine] { put(value, decimals: 5) }
        put(run.position.x + shift * cosine)
        put(run.position.y + shift * sine)
        put("Tm\n")

        // Where the reader's pen is, in ems: it advances by each glyph's /W width and by the TJ adjustments.
        var pdfPen = 0.0
        var slot = -1, synthetic = false, inArray = false, inHex = false, rise = 0.0
        for glyph in glyphs {
            if glyph.slot != slot || glyph.synthetic != synthetic || glyph.rise != rise {
                if inHex { put(">") }
                if inArray { put("] TJ\n") }
                inArray = false; inHex = false
                if glyph.slot != slot {
                    content.append(contentsOf: "/\(Self.resourceName(glyph.slot)) ".utf8)
                    put(size)
                    put("Tf\n")
                }
                // Render mode 2 fills and strokes, 0 (the default, restored by Q) only fills.
                if glyph.synthetic != synthetic { glyph.synthetic ? put("2 Tr\n") : put("0 Tr\n") }
                // A mark's offset from the baseline (text rise, §9.3.7: unscaled text space, which is px here).
                if glyph.rise != rise {
                    put(glyph.rise * size)
                    put("Ts\n")
                }
                slot = glyph.slot; synthetic = glyph.synthetic; rise = glyph.rise
            }
            if !inArray { put("["); inArray = true }
            // TJ numbers are thousandths of an em, subtracted from the pen (§9.4.3). Drift below 0.05 (the /W
            // widths' rounding, 1/20000 em) is left to accumulate until it matters.
            let adjustment = ((pdfPen - glyph.pen) * 1000 * 100).rounded() / 100
            if abs(adjustment) >= 0.05 {
                if inHex { put(">"); inHex = false }
                PDFNumber.append(adjustment, decimals: 2, to: &content)
                pdfPen -= adjustment / 1000
            }
            if !inHex { put("<"); inHex = true }
            put(hex: glyph.glyph)
            pdfPen += glyph.width
        }
        if inHex { put(">") }
        put("] TJ\nET\n")
        if !exact { put("EMC\n") }
        put("Q\n")
    }

    /// Writes a font for every face drawn with (call once the content stream is complete: each subset needs every
    /// glyph) and returns the page's `/Font` resource entries.
    func writeFonts(into objects: inout PDFObjectWriter) -> [(name: String, id: PDFObjectID)] {
        used.enumerated().compactMap { slot, font in
            font.map { (Self.resourceName(slot), $0.write(into: &objects)) }
        }
    }
}
