/// Fuzz bytes turned into a chart whose every text is world text (issue 17): labels drawn from the blocks of every
/// script the service claims (Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari, Bengali, Tamil, Thai, CJK, kana,
/// Hangul, emoji), mixed with what breaks naive text engines — bidi embeddings, overrides and isolates, combining
/// marks, ZWJ/ZWNJ, variation selectors, skin tones, regional indicators, emoji tag sequences — and with runs of one
/// scalar repeated (a base with a flood of marks, nested RLOs) up to the spec's 200-scalar limit.
///
/// The bytes are read as a little program: each byte is an operation (a scalar from a block, a special, a cluster, a
/// repeat, literal UTF-8, the end of a label), followed by the operation's argument bytes. Random bytes therefore
/// give plausible mixed text, and libFuzzer's mutations move one character or one run at a time.
struct WorldTextInput {
    /// Script blocks, sampled uniformly by the two argument bytes (assigned and unassigned code points alike).
    static let blocks: [ClosedRange<UInt32>] = [
        0x0020...0x007E, // Basic Latin
        0x00A0...0x024F, // Latin-1, Latin Extended-A/B
        0x0370...0x03FF, // Greek
        0x0400...0x04FF, // Cyrillic
        0x0591...0x05F4, // Hebrew (points and cantillation included)
        0x0600...0x06FF, // Arabic
        0x0750...0x077F, // Arabic Supplement
        0x0900...0x097F, // Devanagari
        0x0980...0x09FF, // Bengali
        0x0B80...0x0BFF, // Tamil
        0x0E00...0x0E5B, // Thai
        0x3040...0x30FF, // Hiragana, Katakana
        0x4E00...0x9FFF, // CJK Unified Ideographs
        0xAC00...0xD7A3, // Hangul syllables
        0x1F300...0x1FAFF, // pictographs, emoticons, symbols
        0x0300...0x036F, // combining diacritical marks
        0xFB50...0xFDFF, // Arabic presentation forms A
        0x20000...0x2A6DF, // CJK Extension B (outside the BMP)
    ]

    /// Characters that change how text is ordered, joined or drawn.
    static let specials: [UInt32] = [
        0x202A, 0x202B, 0x202C, 0x202D, 0x202E, // LRE, RLE, PDF, LRO, RLO
        0x2066, 0x2067, 0x2068, 0x2069, // LRI, RLI, FSI, PDI
        0x200E, 0x200F, 0x061C, // LRM, RLM, ALM
        0x200D, 0x200C, 0x034F, // ZWJ, ZWNJ, combining grapheme joiner
        0xFE0E, 0xFE0F, // text and emoji presentation selectors
        0x1F3FB, 0x1F3FF, // skin tones
        0x1F1FA, 0x1F1F8, // regional indicators U, S
        0xE0067, 0xE0062, 0xE007F, // tag g, tag b, cancel tag
        0x0651, 0x064B, 0x0670, // Arabic shadda, fathatan, superscript alef
        0x094D, 0x093C, 0x0A4D, // virama, nukta, Gurmukhi virama
        0x0E31, 0x0E47, 0x0E4C, // Thai mai han-akat, maitaikhu, thanthakhat
        0x0640, 0x00AD, 0x2060, 0xFEFF, // tatweel, soft hyphen, word joiner, BOM
        0x0028, 0x005B, 0x007B, 0x003C, 0x0029, // brackets (bidi mirroring)
        0x0031, 0x0662, 0x06F3, 0x0967, // digits: European, Arabic-Indic, extended, Devanagari
        0x2028, 0x00A0, 0x3000, 0xFFFD, 0xFFFF, // line separator, no-break and ideographic spaces, replacement, nonchar
    ]

    /// Whole clusters as they appear in real labels.
    static let clusters: [String] = [
        "👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇺🇸", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "👍🏽", "1️⃣", "☕︎",
        "क्ष", "त्र", "श्री", "ক্ষ", "க்ஷ", "น้ำ", "ไตร", "لا", "لله", "ﷺ", "שָׁלוֹם", "(25%)",
        "e\u{301}\u{302}\u{303}", "Z\u{36B}\u{33F}\u{344}", "\u{202E}abc\u{202C}", "\u{2067}עברית\u{2069}",
    ]

    /// The labels, each at most `maxScalars` Unicode scalars; at least one (possibly empty).
    private(set) var labels: [String] = []

    init(_ bytes: ArraySlice<UInt8>, maxLabels: Int = 24, maxScalars: Int = 200) {
        var input = bytes.makeIterator()
        var current = String.UnicodeScalarView()
        var count = 0
        var last: Unicode.Scalar = "a"
        func add(_ scalar: Unicode.Scalar) {
            // The spec refuses C0/C1 controls and DEL in texts (the `chart` target covers that refusal); here every
            // input must reach the text engine.
            guard count < maxScalars, scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value) else { return }
            current.append(scalar)
            count += 1
            last = scalar
        }
        func finish() {
            labels.append(String(current))
            current = String.UnicodeScalarView()
            count = 0
        }
        while labels.count < maxLabels, let op = input.next() {
            switch op % 16 {
            case 0...7: // a scalar from a block
                let block = Self.blocks[(Int(op / 16) * 8 + Int(op % 16)) % Self.blocks.count]
                let offset = UInt32(input.next() ?? 0) << 8 | UInt32(input.next() ?? 0)
                let value = block.lowerBound + offset % UInt32(block.count)
                if let scalar = Unicode.Scalar(value) { add(scalar) }
            case 8, 9: // a special
                let value = Self.specials[Int(input.next() ?? op) % Self.specials.count]
                if let scalar = Unicode.Scalar(value) { add(scalar) }
            case 10: // a cluster
                for scalar in Self.clusters[Int(input.next() ?? op) % Self.clusters.count].unicodeScalars {
                    add(scalar)
                }
            case 11: // the last scalar again, up to 255 times (floods: marks on one base, nested RLOs)
                for _ in 0..<Int(input.next() ?? 0) { add(last) }
            case 12: // a mark flood on the last base
                let mark = Unicode.Scalar(0x0300 + UInt32(input.next() ?? 0) % 0x70) ?? "\u{301}"
                for _ in 0..<Int(input.next() ?? 0) { add(mark) }
            case 13: // an ASCII run, as labels usually are
                let n = Int(input.next() ?? 0) % 16
                for _ in 0..<n { add(Unicode.Scalar(0x20 + (input.next() ?? 0x41) % 0x5F)) }
            case 14: // UTF-8 as is (invalid sequences become U+FFFD): how the seeds spell real labels
                let n = Int(input.next() ?? 0)
                var utf8: [UInt8] = []
                for _ in 0..<n { if let b = input.next() { utf8.append(b) } }
                for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars { add(scalar) }
            default: // the end of this label
                finish()
            }
        }
        if !current.isEmpty || labels.isEmpty { finish() }
    }

    /// `text` as a JSON string literal (quotes, backslashes and controls escaped; everything else as UTF-8).
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The i-th label, cycling (there is always at least one).
    func label(_ i: Int) -> String { labels[i % labels.count] }

    /// A chart spec (JSON) that puts the labels everywhere text goes: title, subtitle, category labels, series names
    /// (legend), axis titles, annotation labels and a value bubble; `kind` picks bar, line or pie (slice labels),
    /// `paths` draws text as glyph outlines.
    func spec(kind: UInt8, paths: Bool) -> [UInt8] {
        let type = ["bar", "line", "pie"][Int(kind) % 3]
        let categories = (0..<min(max(labels.count, 3), 8)).map { Self.jsonString(label($0)) }
        let values = (0..<categories.count).map { String(($0 * 7 + Int(kind)) % 11 + 1) }
        var json = "{\"type\":\"\(type)\",\"width\":360,\"height\":220,\"legend\":true"
        json += ",\"title\":" + Self.jsonString(label(0)) + ",\"subtitle\":" + Self.jsonString(label(1))
        json += ",\"labels\":[" + categories.joined(separator: ",") + "]"
        json += ",\"series\":[{\"name\":" + Self.jsonString(label(2)) + ",\"values\":[" + values.joined(separator: ",")
            + "]}"
        if type != "pie" {  // a pie draws one series
            json += ",{\"name\":" + Self.jsonString(label(3)) + ",\"values\":["
                + values.reversed().joined(separator: ",") + "]}"
        }
        json += "]"
        if type != "pie" {
            json += ",\"x\":{\"title\":" + Self.jsonString(label(4)) + "},\"y\":{\"title\":" + Self.jsonString(label(5))
                + "},\"annotations\":[{\"type\":\"hline\",\"y\":3,\"label\":" + Self.jsonString(label(6))
                + "},{\"type\":\"bubble\",\"series\":0,\"index\":1,\"label\":" + Self.jsonString(label(7)) + "}]"
        }
        if paths { json += ",\"text\":\"paths\"" }
        return Array((json + "}").utf8)
    }
}
