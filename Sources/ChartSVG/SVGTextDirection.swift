import CFriBidi

/// The paragraph direction of a label as the PNG, PDF and text-as-paths draw it (`FontSet.shaped` in ChartText):
/// the direction of its first strong character (UAX #9 rules P2–P3 by FriBidi, like HTML `dir=auto`), left to right
/// when it has none. The SVG writer gives a right-to-left label `direction="rtl"`, so a browser orders it as our
/// raster does (a browser would otherwise lay SVG text out in a left-to-right paragraph).
enum SVGTextDirection {
    /// Whether `text`'s paragraph direction is right to left.
    static func isRightToLeft(_ text: String) -> Bool {
        // Nothing below U+0590 is a strong right-to-left character or an explicit embedding.
        guard text.unicodeScalars.contains(where: { $0.value >= 0x0590 }) else { return false }
        let codepoints = text.unicodeScalars.map(\.value)
        guard let length = Int32(exactly: codepoints.count) else { return false }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: codepoints.count)
        fribidi_get_bidi_types(codepoints, length, &types)
        // FRIBIDI_PAR_RTL: strong, letter, right to left (fribidi-bidi-types.h; the macro does not import).
        return fribidi_get_par_direction(types, length).rawValue == 0x111
    }
}
