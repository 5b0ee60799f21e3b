/// The fonts a chart's text is drawn with (`font` in the spec).
public struct FontOptions: Hashable, Sendable {
    /// The family for all the chart's text, by its font's family name, in any letter case ("Noto Sans Arabic", or a
    /// family the deployment added with `--fonts-dir`); its characters missing from it come from the usual fallback
    /// chain. nil means the default (DejaVu Sans). A family the renderer has not loaded is a 422 at `font.family`
    /// listing the loaded ones (the spec layer knows no fonts, so the renderer checks it).
    public var family: String?

    /// No choice: the default fonts.
    public init(family: String? = nil) {
        self.family = family
    }
}
