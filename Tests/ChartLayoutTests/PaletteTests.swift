#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import ChartScene
@testable import ChartLayout

/// The default palettes: every color is a visible, chromatic data color on its theme's background.
struct PaletteTests {
    /// An sRGB channel in linear light (IEC 61966-2-1, with the 0.04045 knee WCAG's definition uses).
    static func linear(_ v: UInt8) -> Double {
        let s = Double(v) / 255
        return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }

    /// WCAG 2.1 relative luminance of an sRGB color.
    static func luminance(_ c: Color) -> Double {
        0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    /// WCAG 2.1 contrast ratio, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter.
    static func contrast(_ a: Color, _ b: Color) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// CIELAB (D65) of an sRGB color, for color distances.
    static func lab(_ c: Color) -> (l: Double, a: Double, b: Double) {
        let (r, g, b) = (linear(c.red), linear(c.green), linear(c.blue))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    @Test func theContrastFormulaMatchesWCAGsExamples() {
        #expect(abs(Self.contrast(.white, .black) - 21) < 1e-9)
        // The measurement: Okabe–Ito yellow on white is 1.3:1.
        #expect(abs(Self.contrast(Color(rgb: 0xF0E442), .white) - 1.32) < 0.01)
        #expect(abs(Self.contrast(Color(rgb: 0x767676), .white) - 4.54) < 0.01)
    }

    /// WCAG 1.4.11: graphical objects need 3:1 against adjacent colors; a series touches the background.
    @Test(arguments: [ThemeColors.light, ThemeColors.dark])
    func everyColorReaches3To1OnItsBackground(theme: ThemeColors) {
        for color in theme.palette.colors {
            #expect(Self.contrast(color, theme.background) >= 3, "\(color)")
        }
    }

    /// No black, white or gray: each color has CIELAB chroma of at least 30 (a gray series reads as an axis or a
    /// grid line), and none is as dark as the theme's text or as light as near-white (L* 95).
    @Test(arguments: [ThemeColors.light, ThemeColors.dark])
    func everyColorIsChromaticAndNeitherBlackNorWhite(theme: ThemeColors) {
        for color in theme.palette.colors {
            let c = Self.lab(color)
            #expect((c.a * c.a + c.b * c.b).squareRoot() >= 30, "\(color)")
            #expect(c.l > Self.lab(Color(rgb: 0x1F2328)).l + 5 && c.l < 95, "\(color)")
        }
    }

    /// Neighbouring and non-neighbouring colors stay apart: CIELAB ΔE*ab of at least 15 between any two.
    @Test(arguments: [ThemeColors.light, ThemeColors.dark])
    func colorsAreDistinct(theme: ThemeColors) {
        let colors = theme.palette.colors
        #expect(colors.count >= 7)
        for i in colors.indices {
            for j in colors.indices where j > i {
                let (p, q) = (Self.lab(colors[i]), Self.lab(colors[j]))
                let distance = ((p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) + (p.b - q.b) * (p.b - q.b))
                    .squareRoot()
                #expect(distance >= 15, "\(colors[i]) and \(colors[j])")
            }
        }
    }
}
