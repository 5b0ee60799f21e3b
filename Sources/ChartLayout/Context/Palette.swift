public import ChartScene

/// Series colors. The defaults are the Okabe–Ito palette (Okabe & Ito 2008, "Color Universal Design"),
/// distinguishable with every common color-vision deficiency, adjusted so that every color reaches WCAG 2.1's 3:1
/// non-text contrast (success criterion 1.4.11) against its theme's background and none is black, gray or white (a
/// black series reads as an axis): neighbours alternate cool and warm (blue, orange, green, vermillion, …).
///
/// Adjusted per theme (measured with `colorspacious`: CAM02-UCS distances under full-severity CVD simulation,
/// Machado et al. 2009):
/// - light: Okabe–Ito's orange, sky blue and reddish purple are darkened in CIELAB lightness (hue and chroma kept)
///   until they reach 3.2:1 on white; vermillion is darkened to 5.5:1 so it stays apart from the darker orange for
///   deuteranopes (ΔE 3.9 → 14); yellow (1.3:1) and black are replaced by Paul Tol's indigo (#332288, from his
///   colour-blind-safe "muted" scheme). Least distance 14 for normal vision, 14 deutan, 9 protan, 6 tritan.
/// - dark: Okabe–Ito as it is, light blue first, without black (its light-gray stand-in was near-white); every color
///   reaches 3.5:1 on #111418. Least distance 21 normal, 15 deutan, 14 protan, 11 tritan.
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

    /// Okabe–Ito adjusted for light backgrounds.
    public static let okabeItoLight = Palette([
        Color(rgb: 0x0072B2), Color(rgb: 0xC48200), Color(rgb: 0x009E73), Color(rgb: 0xB54400),
        Color(rgb: 0x3098CB), Color(rgb: 0xC875A3), Color(rgb: 0x332288),
    ])

    /// Okabe–Ito for dark backgrounds: the light blue leads, and black is left out.
    public static let okabeItoDark = Palette([
        Color(rgb: 0x56B4E9), Color(rgb: 0xE69F00), Color(rgb: 0x009E73), Color(rgb: 0xD55E00),
        Color(rgb: 0x0072B2), Color(rgb: 0xCC79A7), Color(rgb: 0xF0E442),
    ])
}
