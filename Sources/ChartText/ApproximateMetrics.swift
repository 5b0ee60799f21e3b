public import ChartScene

/// Text metrics without a font file: DejaVu Sans-like average advances.
/// Used only when no font could be loaded; real measurement comes from the TrueType reader.
public struct ApproximateMetrics: TextMeasuring {
    public init() {}

    public func width(of text: String, size: Double, weight: FontWeight) -> Double {
        var em = 0.0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20: em += 0.318
            case 0x30...0x39: em += 0.636
            case 0x2E, 0x2C, 0x3A, 0x3B, 0x69, 0x6C, 0x49, 0x6A: em += 0.3
            case 0x41...0x5A: em += 0.70
            case 0x21...0x7E: em += 0.56
            case 0x1100...0x11FF, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0x20000...0x2FFFD: em += 1.0
            default: em += 0.6
            }
        }
        return em * size * (weight == .bold ? 1.08 : 1)
    }

    public func ascent(size: Double) -> Double { size * 0.76 }
    public func descent(size: Double) -> Double { size * 0.24 }
}
