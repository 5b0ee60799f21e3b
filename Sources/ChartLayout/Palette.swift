public import ChartScene

/// Series colors. The default is the Okabe–Ito palette (Okabe & Ito 2008, "Color Universal Design"),
/// distinguishable with every common color-vision deficiency, ordered so neighbours alternate cool and
/// warm (blue, orange, green, vermillion, …) and the low-contrast yellow comes last.
public struct Palette: Hashable, Sendable {
    public var colors: [Color]

    public init(_ colors: [Color]) {
        self.colors = colors
    }

    /// The color of series `index`, cycling through the palette (never empty-crashes: falls back to gray).
    public func color(at index: Int) -> Color {
        guard !colors.isEmpty else { return Color(rgb: 0x808080) }
        return colors[((index % colors.count) + colors.count) % colors.count]
    }

    /// Okabe–Ito for light backgrounds.
    public static let okabeItoLight = Palette([
        Color(rgb: 0x0072B2), Color(rgb: 0xE69F00), Color(rgb: 0x009E73), Color(rgb: 0xD55E00),
        Color(rgb: 0x56B4E9), Color(rgb: 0xCC79A7), Color(rgb: 0x000000), Color(rgb: 0xF0E442),
    ])

    /// Okabe–Ito for dark backgrounds: the light blue leads and black becomes a light gray.
    public static let okabeItoDark = Palette([
        Color(rgb: 0x56B4E9), Color(rgb: 0xE69F00), Color(rgb: 0x009E73), Color(rgb: 0xD55E00),
        Color(rgb: 0x0072B2), Color(rgb: 0xCC79A7), Color(rgb: 0xDDDDDD), Color(rgb: 0xF0E442),
    ])
}
