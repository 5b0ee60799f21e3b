/// A writing system as the font reports see it: its Unicode script name, characters that stand for it, and whether
/// it needs shaping to be drawn correctly.
///
/// The rule. Text is ordered by the Unicode bidi algorithm (FriBidi) and shaped by HarfBuzz (`FontSet.shaped`), so
/// a script is drawn correctly when the loaded faces have glyphs for it — and, for a script that `needsShaping`,
/// when the faces drawing it could be opened by HarfBuzz (which applies their OpenType tables: joining forms,
/// ligatures, reordering, conjuncts, mark positioning). A face HarfBuzz cannot read is drawn one glyph per
/// character, which is right only for scripts that need none of that.
///
/// Scripts that need no shaping run left to right and are written with spacing characters, one glyph each
/// (precomposed letters such as `é` and `ệ`, Hangul syllables, Han ideographs, kana): Latin, Greek, Cyrillic,
/// Armenian, Georgian, Ethiopic, Cherokee, Canadian Aboriginal syllabics, Tifinagh, Han, Hiragana, Katakana,
/// Bopomofo and Hangul. Every other script in the table `needsShaping`: the right-to-left ones (Hebrew, Arabic,
/// Syriac, Thaana, N'Ko, which also join or carry vowel marks), the Brahmic scripts (Devanagari … Sinhala, Tibetan:
/// conjuncts, reordered vowel signs), Mongolian (joining), and Thai, Lao, Khmer and Myanmar (tone and vowel marks
/// stacked on the base letter, reordering).
public struct WritingScript: Sendable, Hashable {
    /// The Unicode script name ("Latin", "Han").
    public let name: String
    /// Characters a face must all have for the script to count as covered: letters beyond the basic ones where a
    /// font commonly stops (Central European and Vietnamese Latin, accented Greek, Ukrainian Cyrillic, common Han).
    public let samples: String
    /// Whether correct text in the script needs bidi, shaping or mark positioning — drawn correctly only through
    /// HarfBuzz (see the rule above).
    public let needsShaping: Bool

    init(_ name: String, _ samples: String, needsShaping: Bool = false) {
        self.name = name
        self.samples = samples
        self.needsShaping = needsShaping
    }

    /// The scripts the reports look at, in report order: those drawn correctly first.
    public static let all: [WritingScript] = [
        WritingScript("Latin", "AZaz09ÀÉÎÕÜßçñøåŁœŠžĞışţĐđơưệ"),
        WritingScript("Greek", "ΑΩαωάέήίόύώΐ"),
        WritingScript("Cyrillic", "АЯаяЁёЖжЩщЫыЭэЮюЇїЄєЎўҐґ"),
        WritingScript("Armenian", "ԱՖաֆ"),
        WritingScript("Georgian", "აბგდჰ"),
        WritingScript("Ethiopic", "ሀለሐመ"),
        WritingScript("Cherokee", "ᎠᎡᎢᏴ"),
        WritingScript("Canadian Aboriginal", "ᐁᐃᐅᐊ"),
        WritingScript("Tifinagh", "ⴰⴱⴲⵣ"),
        WritingScript("Han", "中国第节年月日数据图表"),
        WritingScript("Hiragana", "あいうえおん"),
        WritingScript("Katakana", "アイウエオンー"),
        WritingScript("Bopomofo", "ㄅㄆㄇㄈ"),
        WritingScript("Hangul", "한국어데이터"),
        // Single-code-point emoji (Unicode 6), drawn as monochrome outlines (Symbola); sequences with ZWJ or
        // skin-tone modifiers need a colour emoji font's ligatures.
        WritingScript("Emoji", "😀😂👍🎉🚀🌍"),
        WritingScript("Hebrew", "אבגש", needsShaping: true),
        WritingScript("Arabic", "ابتث", needsShaping: true),
        WritingScript("Syriac", "ܐܒܓ", needsShaping: true),
        WritingScript("Thaana", "ހށނ", needsShaping: true),
        WritingScript("N'Ko", "ߊߋߌ", needsShaping: true),
        WritingScript("Devanagari", "कखग", needsShaping: true),
        WritingScript("Bengali", "কখগ", needsShaping: true),
        WritingScript("Gurmukhi", "ਕਖਗ", needsShaping: true),
        WritingScript("Gujarati", "કખગ", needsShaping: true),
        WritingScript("Oriya", "କଖଗ", needsShaping: true),
        WritingScript("Tamil", "கஙச", needsShaping: true),
        WritingScript("Telugu", "కఖగ", needsShaping: true),
        WritingScript("Kannada", "ಕಖಗ", needsShaping: true),
        WritingScript("Malayalam", "കഖഗ", needsShaping: true),
        WritingScript("Sinhala", "කඛග", needsShaping: true),
        WritingScript("Tibetan", "ཀཁག", needsShaping: true),
        WritingScript("Mongolian", "ᠠᠡᠢ", needsShaping: true),
        WritingScript("Thai", "กขค", needsShaping: true),
        WritingScript("Lao", "ກຂຄ", needsShaping: true),
        WritingScript("Khmer", "កខគ", needsShaping: true),
        WritingScript("Myanmar", "ကခဂ", needsShaping: true),
    ]
}
