public import ChartScene

/// What the service draws and measures text with: real fonts, or — when no font file could be loaded — the
/// approximate metrics, in which case text can be laid out and written as SVG `<text>` but not drawn into a PNG
/// (nor into SVG "paths" output), because there are no glyph outlines.
public enum TextEngine: Sendable {
    /// Fonts loaded: exact measurement and glyph outlines.
    case fonts(FontSet)
    /// No font loaded: `ApproximateMetrics` only; `reason` says what was tried.
    case approximate(reason: String)

    /// `FontSet.loadDefault()` (honoring `CHART_FONTS`), or `.approximate` with the loader's error.
    public static func loadDefault(fontList: String? = FontSet.environmentFontList) -> TextEngine {
        do {
            return .fonts(try FontSet.loadDefault(fontList: fontList))
        } catch {
            return .approximate(reason: error.description)
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
