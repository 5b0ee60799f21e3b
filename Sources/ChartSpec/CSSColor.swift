package import ChartScene

/// Parses the CSS color syntax a chart spec accepts into a scene `Color`.
///
/// Accepted (case-insensitive): `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`; `rgb()`/`rgba()` with integer channels
/// 0–255 or percentages, an optional alpha 0–1 or percentage, in comma (`rgb(1, 2, 3, 0.5)`) or space
/// (`rgb(1 2 3 / 50%)`) syntax; `hsl()`/`hsla()` in the same two syntaxes (CSS Color 4); and the CSS Color 4
/// named colors including `transparent`. Anything else — including surrounding whitespace, out-of-range channels
/// and other CSS functions — is rejected, so a color can never smuggle other text into SVG output.
package enum CSSColor {
    /// The forms listed in every rejection message.
    public static let acceptedForms = "expected a CSS color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(r, g, b), "
        + "rgba(r, g, b, a), rgb(r g b / a), hsl(h, s%, l%), hsla(h, s%, l%, a), hsl(h s% l% / a) "
        + "or a CSS color name"

    /// The longest input examined; longer strings cannot be a valid color.
    static let maxLength = 64

    /// Parses `text`; the error message says what was wrong and lists the accepted forms.
    public static func parse(_ text: String) throws(CSSColorError) -> Color {
        if text.utf8.count <= maxLength, let color = parsedQuickly(text) { return color }
        return try parseFully(text)
    }

    /// `parse` without the quick path (`CSSColor+QuickPath`): every form, and every error.
    static func parseFully(_ text: String) throws(CSSColorError) -> Color {
        guard text.utf8.count <= maxLength else {
            throw CSSColorError(message: "\(acceptedForms) (got a \(text.utf8.count)-byte string)")
        }
        let lower = String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        if lower.hasPrefix("#") {
            return try parseHex(lower.utf8.dropFirst(), original: text)
        }
        if ["rgb(", "rgba(", "hsl(", "hsla("].contains(where: { lower.hasPrefix($0) }) {
            return try parseFunction(lower, original: text)
        }
        if let rgb = namedColors[lower] {
            return Color(rgb: rgb)
        }
        if lower == "transparent" {
            return .transparent
        }
        throw CSSColorError(message: "\(acceptedForms); got \(JSONPath.quoted(text))")
    }

    /// The canonical spelling: `#rrggbb`, or `#rrggbbaa` when not opaque. Used by `canonicalJSON`.
    public static func hexString(_ color: Color) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var out = "#"
        for byte in [color.red, color.green, color.blue] + (color.alpha == 255 ? [] : [color.alpha]) {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return out
    }

    private static func parseHex(_ digits: Substring.UTF8View, original: String) throws(CSSColorError) -> Color {
        var nibbles: [UInt8] = []
        for byte in digits {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(byte - UInt8(ascii: "a") + 10)
            default: throw CSSColorError(message: "\(acceptedForms); \(JSONPath.quoted(original)) has a non-hex digit")
            }
        }
        switch nibbles.count {
        case 3, 4:
            let c = nibbles.map { $0 << 4 | $0 }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: nibbles.count == 4 ? c[3] : 255)
        case 6, 8:
            let c = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: nibbles.count == 8 ? c[3] : 255)
        default:
            let found = "\(JSONPath.quoted(original)) has \(nibbles.count) hex digits (use 3, 4, 6 or 8)"
            throw CSSColorError(message: "\(acceptedForms); \(found)")
        }
    }

    /// `rgb(` / `rgba(` / `hsl(` / `hsla(` … `)`: either all commas (legacy) or all spaces with an optional
    /// `/ alpha` (CSS Color 4).
    private static func parseFunction(_ lower: String, original: String) throws(CSSColorError) -> Color {
        func invalid(_ why: String) -> CSSColorError {
            CSSColorError(message: "\(acceptedForms); \(JSONPath.quoted(original)): \(why)")
        }
        guard lower.hasSuffix(")"), let open = lower.firstIndex(of: "(") else {
            throw invalid("missing closing parenthesis")
        }
        let body = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]
        let legacy = body.contains(",")
        var channels: [Substring]
        var alpha: Substring?
        if legacy {
            channels = body.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
            if body.contains("/") { throw invalid("do not mix commas and '/'") }
            if channels.count == 4 { alpha = channels.removeLast() }
        } else {
            let parts = body.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { throw invalid("more than one '/'") }
            channels = parts[0].split(separator: " ").map(trimmed)
            if parts.count == 2 {
                alpha = trimmed(parts[1])
            }
        }
        guard channels.count == 3, channels.allSatisfy({ !$0.isEmpty }) else {
            throw invalid("expected 3 channels and an optional alpha")
        }
        var alphaByte: UInt8 = 255
        if let alpha {
            let isPercent = alpha.hasSuffix("%")
            guard let value = decimal(isPercent ? alpha.dropLast() : alpha),
                  (0...(isPercent ? 100 : 1)).contains(value)
            else { throw invalid("alpha \(alpha) is not a number between 0 and 1 or a percentage") }
            alphaByte = UInt8(((isPercent ? value / 100 : value) * 255).rounded())
        }
        if lower.hasPrefix("hsl") {
            let rgb = try hslChannels(channels, legacy: legacy, invalid)
            return Color(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alphaByte)
        }
        var bytes: [UInt8] = []
        for channel in channels {
            if channel.hasSuffix("%") {
                guard let percent = decimal(channel.dropLast()), (0...100).contains(percent) else {
                    throw invalid("channel \(channel) is not a percentage between 0% and 100%")
                }
                bytes.append(UInt8((percent * 255 / 100).rounded()))
            } else {
                guard channel.utf8.count <= 3, channel.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                      let value = Int(channel), (0...255).contains(value)
                else { throw invalid("channel \(channel) is not an integer between 0 and 255") }
                bytes.append(UInt8(value))
            }
        }
        return Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: alphaByte)
    }

    /// The red, green and blue bytes of `hsl(hue, saturation, lightness)`. The hue is an angle (a plain number is
    /// degrees; `deg`, `grad`, `rad` and `turn` units; any sign or size, taken modulo 360°); saturation and
    /// lightness are percentages 0–100% (the space syntax also takes plain numbers 0–100, as CSS Color 4).
    /// Conversion: CSS Color Module Level 4, §7.1 "Converting HSL Colors to sRGB" (its `hslToRgb`).
    private static func hslChannels(_ channels: [Substring], legacy: Bool,
                                    _ invalid: (String) -> CSSColorError) throws(CSSColorError) -> [UInt8] {
        guard let hue = angleInDegrees(channels[0]) else {
            throw invalid("hue \(channels[0]) is not an angle (a number, or with deg, grad, rad or turn)")
        }
        var percents: [Double] = []
        for (name, channel) in zip(["saturation", "lightness"], channels.dropFirst()) {
            let isPercent = channel.hasSuffix("%")
            guard isPercent || !legacy, let value = decimal(isPercent ? channel.dropLast() : channel),
                  (0...100).contains(value)
            else { throw invalid("\(name) \(channel) is not a percentage between 0% and 100%") }
            percents.append(value / 100)
        }
        let rgb = hslBytes(hue: hue, saturation: percents[0], lightness: percents[1])
        return [rgb.red, rgb.green, rgb.blue]
    }

    /// The sRGB bytes of a hue in degrees (any sign or size: taken modulo 360°), saturation and lightness 0…1;
    /// shared with the quick path (`CSSColor+QuickPath`), so both give the same bytes.
    static func hslBytes(hue: Double, saturation: Double, lightness: Double) -> (red: UInt8, green: UInt8, blue: UInt8) {
        var hue = hue.truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        func f(_ n: Double) -> UInt8 {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * Swift.min(lightness, 1 - lightness)
            let value = lightness - a * Swift.max(-1, Swift.min(k - 3, 9 - k, 1))
            return UInt8((Swift.min(Swift.max(value, 0), 1) * 255).rounded())
        }
        return (f(0), f(8), f(4))
    }

    /// A CSS `<hue>` in degrees: an optionally signed decimal with no unit or `deg`, `grad`, `rad`, `turn`.
    private static func angleInDegrees(_ text: Substring) -> Double? {
        let units: [(suffix: String, degrees: Double)] = [
            ("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360), ("", 1),
        ]
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { return nil }
        var number = text.dropLast(unit.suffix.count)
        let negative = number.first == "-"
        if negative || number.first == "+" { number = number.dropFirst() }
        guard let magnitude = decimal(number) else { return nil }
        return (negative ? -magnitude : magnitude) * unit.degrees
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// A plain decimal `12`, `12.5` or `.5` — no sign, exponent, hex or `inf`, unlike `Double(_:)`.
    private static func decimal(_ text: Substring) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !text.isEmpty, text.utf8.count <= 16, parts.count <= 2, !(parts.count == 2 && parts[1].isEmpty),
              text.utf8.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") })
        else { return nil }
        return Double(text.first == "." ? "0" + text : String(text))
    }

    /// The CSS Color Module Level 4 named colors (§6.1), `transparent` aside.
    static let namedColors: [String: UInt32] = [
        "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
        "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
        "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
        "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00, "chocolate": 0xD2691E,
        "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
        "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
        "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B,
        "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00, "darkorchid": 0x9932CC,
        "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F, "darkslateblue": 0x483D8B,
        "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1, "darkviolet": 0x9400D3,
        "deeppink": 0xFF1493, "deepskyblue": 0x00BFFF, "dimgray": 0x696969, "dimgrey": 0x696969,
        "dodgerblue": 0x1E90FF, "firebrick": 0xB22222, "floralwhite": 0xFFFAF0, "forestgreen": 0x228B22,
        "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF, "gold": 0xFFD700,
        "goldenrod": 0xDAA520, "gray": 0x808080, "green": 0x008000, "greenyellow": 0xADFF2F,
        "grey": 0x808080, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C,
        "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA,
        "lavenderblush": 0xFFF0F5, "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6,
        "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3,
        "lightgreen": 0x90EE90, "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A,
        "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA, "lightslategray": 0x778899, "lightslategrey": 0x778899,
        "lightsteelblue": 0xB0C4DE, "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32,
        "linen": 0xFAF0E6, "magenta": 0xFF00FF, "maroon": 0x800000, "mediumaquamarine": 0x66CDAA,
        "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371,
        "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC,
        "mediumvioletred": 0xC71585, "midnightblue": 0x191970, "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1,
        "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD, "navy": 0x000080, "oldlace": 0xFDF5E6,
        "olive": 0x808000, "olivedrab": 0x6B8E23, "orange": 0xFFA500, "orangered": 0xFF4500,
        "orchid": 0xDA70D6, "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE,
        "palevioletred": 0xDB7093, "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F,
        "pink": 0xFFC0CB, "plum": 0xDDA0DD, "powderblue": 0xB0E0E6, "purple": 0x800080,
        "rebeccapurple": 0x663399, "red": 0xFF0000, "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1,
        "saddlebrown": 0x8B4513, "salmon": 0xFA8072, "sandybrown": 0xF4A460, "seagreen": 0x2E8B57,
        "seashell": 0xFFF5EE, "sienna": 0xA0522D, "silver": 0xC0C0C0, "skyblue": 0x87CEEB,
        "slateblue": 0x6A5ACD, "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xFFFAFA,
        "springgreen": 0x00FF7F, "steelblue": 0x4682B4, "tan": 0xD2B48C, "teal": 0x008080,
        "thistle": 0xD8BFD8, "tomato": 0xFF6347, "turquoise": 0x40E0D0, "violet": 0xEE82EE,
        "wheat": 0xF5DEB3, "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00,
        "yellowgreen": 0x9ACD32,
    ]
}

/// A string that is not one of the accepted CSS color forms; `message` says why and lists the forms.
public struct CSSColorError: Error, Hashable, Sendable {
    /// What was wrong and which forms are accepted.
    public var message: String

    /// An error with `message`.
    public init(message: String) {
        self.message = message
    }
}
