public import ChartScene
public import ChartSpec

/// The non-data colors of a theme.
public struct ThemeColors: Hashable, Sendable {
    public var background: Color
    /// Titles and emphasized text.
    public var text: Color
    /// Tick labels, subtitles, legend text.
    public var secondaryText: Color
    /// Axis lines and the zero line.
    public var axis: Color
    /// Grid lines (already at their ~12 % opacity).
    public var grid: Color
    /// Reference lines without their own color.
    public var annotation: Color
    public var palette: Palette

    public init(background: Color, text: Color, secondaryText: Color, axis: Color, grid: Color,
                annotation: Color, palette: Palette) {
        self.background = background
        self.text = text
        self.secondaryText = secondaryText
        self.axis = axis
        self.grid = grid
        self.annotation = annotation
        self.palette = palette
    }

    public static let light = ThemeColors(
        background: .white, text: Color(rgb: 0x1F2328), secondaryText: Color(rgb: 0x59636E),
        axis: Color(rgb: 0x818B98), grid: Color(rgb: 0x1F2328).withOpacity(0.12), annotation: Color(rgb: 0x59636E),
        palette: .okabeItoLight)

    public static let dark = ThemeColors(
        background: Color(rgb: 0x111418), text: Color(rgb: 0xE6EDF3), secondaryText: Color(rgb: 0x9DA7B3),
        axis: Color(rgb: 0x6E7681), grid: Color(rgb: 0xE6EDF3).withOpacity(0.12), annotation: Color(rgb: 0x9DA7B3),
        palette: .okabeItoDark)

    /// The colors of a spec theme.
    public static func of(_ theme: Theme) -> ThemeColors {
        switch theme {
        case .light: light
        case .dark: dark
        }
    }
}
