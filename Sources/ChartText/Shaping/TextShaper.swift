import CHarfBuzz

/// Turns one line of text into positioned glyphs with a face chain: bidi levels by FriBidi (`BidiParagraph`), runs
/// split by level, script and face, each run shaped by HarfBuzz, the runs placed in visual order.
///
/// Faces: a character is drawn by the first face of the chain that maps it (CSS font fallback, as browsers do);
/// combining marks, joiners (ZWJ, ZWNJ), variation selectors and other default-ignorable characters stay in their
/// base character's face so the shaper sees them together. Scripts: characters of the Common and Inherited scripts
/// (spaces, digits, punctuation, marks) join the run around them. C0 and C1 controls draw nothing, as before.
///
/// The cost is linear in the text: FriBidi and HarfBuzz are linear (HarfBuzz bounds its own work per buffer with
/// its `max_len`/`max_ops` limits), a run boundary costs one `hb_shape` call, and a run at least one character.
struct TextShaper {
    /// The weight's faces, weight's face first.
    let chain: [FontFace]
    /// Each face's index in `FontSet.faces`.
    let slots: [Int]
    /// px per font unit at size 1, per face.
    let scales: [Double]
    /// Whether the text is bold; `synthetic[k]` says whether face k of the chain fakes bold (it has no bold style).
    let bold: Bool
    let synthetic: [Bool]

    /// One run: characters `start..<end` at one bidi level, in one script and one face.
    private struct Run {
        var start: Int
        var end: Int
        var level: UInt8
        var script: UInt32
        var chainIndex: Int
    }

    private static let scriptCommon: UInt32 = 0x5A79_7979     // 'Zyyy'
    private static let scriptInherited: UInt32 = 0x5A69_6E68  // 'Zinh'
    private static let scriptUnknown: UInt32 = 0x5A7A_7A7A    // 'Zzzz'

    /// Most combining marks kept in a row: Unicode's stream-safe limit (UAX #15: no real text has more than 30
    /// non-starters in a sequence). Marks past it draw nothing; without the cap, HarfBuzz's mark attachment walks
    /// back over every earlier mark, and 10,000 marks on one base cost 200 ms instead of 2.
    static let maxMarksInARow = 30

    /// The Unicode scalars of `text` as HarfBuzz and FriBidi take them: C0/C1 controls, and combining marks past
    /// `maxMarksInARow` in a row, become U+200B (a boundary neutral for bidi, a default ignorable the shaper
    /// removes), so offsets still match the text's scalars.
    static func codepoints(of text: String) -> [UInt32] {
        let unicode = hb_unicode_funcs_get_default()
        var marks = 0
        return text.unicodeScalars.map { scalar in
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) { return 0x200B }
            guard v >= 0x300 else {
                marks = 0
                return v
            }
            switch hb_unicode_general_category(unicode, v) {
            case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
                 HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
                marks += 1
                return marks > maxMarksInARow ? 0x200B : v
            default:
                marks = 0
                return v
            }
        }
    }

    /// Shapes `codepoints` (from `codepoints(of:)`); `rightToLeft` forces a right-to-left paragraph.
    func shape(_ codepoints: [UInt32], rightToLeft: Bool = false) -> ShapedText {
        guard !codepoints.isEmpty else { return ShapedText(glyphs: [], advance: 0, isRightToLeft: rightToLeft) }
        let bidi = BidiParagraph(codepoints, rightToLeft: rightToLeft)
        let runs = itemize(codepoints, levels: bidi.levels)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(codepoints.count)
        var pen = 0.0
        guard let buffer = hb_buffer_create() else {
            return ShapedText(glyphs: [], advance: 0, isRightToLeft: bidi.isRightToLeft)
        }
        defer { hb_buffer_destroy(buffer) }
        for index in BidiParagraph.visualOrder(levels: runs.map(\.level)) {
            pen = place(runs[index], codepoints, buffer: buffer, at: pen, into: &glyphs)
        }
        return ShapedText(glyphs: glyphs, advance: pen, isRightToLeft: bidi.isRightToLeft)
    }

    /// Whether `value` is drawn in its base character's face: a mark, a joiner or another default ignorable.
    private static func staysWithBase(_ value: UInt32, category: hb_unicode_general_category_t) -> Bool {
        switch category {
        case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
             HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK, HB_UNICODE_GENERAL_CATEGORY_FORMAT:
            return true
        default:
            return (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) || value == 0x200B
        }
    }

    /// Splits the text into runs of one level, one script and one face, in logical order.
    private func itemize(_ codepoints: [UInt32], levels: [UInt8]) -> [Run] {
        let unicode = hb_unicode_funcs_get_default()
        var runs: [Run] = []
        var current: Run?
        for (i, value) in codepoints.enumerated() {
            let level = i < levels.count ? levels[i] : 0
            let category = hb_unicode_general_category(unicode, value)
            var face: Int
            if let run = current, Self.staysWithBase(value, category: category) {
                face = run.chainIndex
            } else {
                face = 0
                if chain[0].glyph(for: Unicode.Scalar(value) ?? " ") == 0 {
                    for k in 1..<chain.count where chain[k].glyph(for: Unicode.Scalar(value) ?? " ") != 0 {
                        face = k
                        break
                    }
                }
            }
            var script = hb_unicode_script(unicode, value).rawValue
            let neutral = script == Self.scriptCommon || script == Self.scriptInherited || script == Self.scriptUnknown
            if var run = current, run.level == level, run.chainIndex == face,
               neutral || run.script == 0 || run.script == script {
                if run.script == 0, !neutral { run.script = script }
                run.end = i + 1
                current = run
                continue
            }
            if let run = current { runs.append(run) }
            if neutral { script = 0 }
            current = Run(start: i, end: i + 1, level: level, script: script, chainIndex: face)
        }
        if let run = current { runs.append(run) }
        return runs
    }

    /// Shapes `run` and appends its glyphs, left to right, starting at `pen` (ems); returns the pen after it.
    private func place(_ run: Run, _ codepoints: [UInt32], buffer: OpaquePointer, at pen: Double,
                       into glyphs: inout [ShapedGlyph]) -> Double {
        let face = chain[run.chainIndex]
        let scale = scales[run.chainIndex]
        let rightToLeft = run.level % 2 == 1
        let synthetic = bold && synthetic[run.chainIndex]
        let slot = slots[run.chainIndex]
        guard let font = face.harfBuzz?.font else {
            return placeUnshaped(run, codepoints, face: face, at: pen, into: &glyphs)
        }
        hb_buffer_clear_contents(buffer)
        codepoints.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return }
            hb_buffer_add_codepoints(buffer, base, Int32(text.count), UInt32(run.start), Int32(run.end - run.start))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if run.script != 0 { hb_buffer_set_script(buffer, hb_script_t(rawValue: run.script)) }
        hb_buffer_guess_segment_properties(buffer)
        var flags = HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES.rawValue
        if run.start == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if run.end == codepoints.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_shape(font, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count), count > 0 else { return pen }
        let n = Int(count)
        // A cluster's characters run to the next cluster value of the run (HarfBuzz keeps clusters monotone): mark
        // the characters that start a cluster, then sweep right to left for each start's end. Linear, and without
        // the set, sort and dictionary that made this cost twice HarfBuzz's own shaping of long labels.
        let length = run.end - run.start
        var startsCluster = [Bool](repeating: false, count: length)
        for i in 0..<n {
            let offset = Int(infos[i].cluster) - run.start
            if offset >= 0 && offset < length { startsCluster[offset] = true }
        }
        var clusterEnd = [Int](repeating: run.end, count: length)
        var next = run.end
        for offset in stride(from: length - 1, through: 0, by: -1) {
            clusterEnd[offset] = next
            if startsCluster[offset] { next = run.start + offset }
        }
        var units = 0
        for i in 0..<n {
            let position = positions[i]
            let start = min(max(Int(infos[i].cluster), run.start), run.end - 1)
            glyphs.append(ShapedGlyph(slot: slot, glyph: UInt16(clamping: infos[i].codepoint),
                                      x: pen + Double(units + Int(position.x_offset)) * scale,
                                      y: Double(position.y_offset) * scale, clusterStart: start,
                                      clusterEnd: max(start + 1, clusterEnd[start - run.start]),
                                      synthetic: synthetic, rightToLeft: rightToLeft, chainIndex: run.chainIndex))
            units += Int(position.x_advance)
        }
        return pen + Double(units) * scale
    }

    /// A run in a face HarfBuzz could not open: one glyph per character from our own tables, with pair kerning,
    /// reversed when right to left.
    private func placeUnshaped(_ run: Run, _ codepoints: [UInt32], face: FontFace, at pen: Double,
                               into glyphs: inout [ShapedGlyph]) -> Double {
        let scale = scales[run.chainIndex]
        let rightToLeft = run.level % 2 == 1
        var indices = Array(run.start..<run.end)
        if rightToLeft { indices.reverse() }
        var units = 0
        var previous: UInt16?
        for i in indices where !FontSet.isIgnorable(codepoints[i]) {
            let glyph = face.glyph(for: Unicode.Scalar(codepoints[i]) ?? " ")
            if let previous { units += face.kerning(previous, glyph) }
            glyphs.append(ShapedGlyph(slot: slots[run.chainIndex], glyph: glyph, x: pen + Double(units) * scale, y: 0,
                                      clusterStart: i, clusterEnd: i + 1,
                                      synthetic: bold && synthetic[run.chainIndex],
                                      rightToLeft: rightToLeft, chainIndex: run.chainIndex))
            units += face.advance(of: glyph)
            previous = glyph
        }
        return pen + Double(units) * scale
    }
}
