/// An sRGB color with straight (non-premultiplied) 8-bit alpha.
///
/// Parsing CSS color syntax is the spec layer's job; the scene only carries validated values.
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A color from `0xRRGGBB`.
    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF), alpha: alpha)
    }

    /// The same color with its alpha multiplied by `opacity` (0…1).
    public func withOpacity(_ opacity: Double) -> Color {
        var c = self
        c.alpha = UInt8((Double(alpha) * min(max(opacity, 0), 1)).rounded())
        return c
    }

    /// Alpha as a fraction 0…1.
    public var opacity: Double { Double(alpha) / 255 }

    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
