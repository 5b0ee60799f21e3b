public import ChartScene

/// What the service draws and measures text with: real fonts, or — when no font file could be loaded — the
/// approximate metrics, in which case text can be laid out and written as SVG `<text>` but not drawn into a PNG
/// (nor into SVG "paths" output), because there are no glyph outlines.
public enum TextEngine: Sendable {
    /// Fonts loaded: exact measurement and glyph outlines.
    case fonts(FontSet)
    /// No font loaded: `ApproximateMetrics` only; `reason` says what was tried, `missingFiles` lists the files that
    /// were named or found but could not be loaded (`path: reason`).
    case approximate(reason: String, missingFiles: [String] = [])

    /// `FontSet.loadDefault()` (honoring `CHART_FONTS` and `CHART_FONTS_DIR`), or `.approximate` with the loader's
    /// error.
    public static func loadDefault(fontList: String? = FontSet.environmentFontList,
                                   fontsDirectory: String? = FontSet.environmentFontsDirectory) -> TextEngine {
        let attempt = FontSet.load(fontList: fontList, fontsDirectory: fontsDirectory)
        switch attempt.result {
        case .success(let set): return .fonts(set)
        case .failure(let error): return .approximate(reason: error.description, missingFiles: attempt.missingFiles)
        }
    }

    /// The measurer layout should use.
    public var measurer: any TextMeasuring {
        switch self {
        case .fonts(let set): set
        case .approximate: ApproximateMetrics()
        }
    }

    /// The fonts, when glyph outlines are available.
    public var fontSet: FontSet? {
        if case .fonts(let set) = self { set } else { nil }
    }

    /// Whether text can be turned into outlines (PNG output, SVG `text: "paths"`).
    public var canDrawGlyphs: Bool { fontSet != nil }
}
