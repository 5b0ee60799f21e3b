import ChartScene

/// The forms Chart.js configs and native specs nearly always use, read straight from the UTF-8 bytes without the
/// general parser's lowercased copy, splits and arrays: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (either case);
/// lowercase `rgb(` / `rgba(` with three integer channels 0–255 and an optional plain decimal alpha 0–1 (`0.25`,
/// `.25`); lowercase `hsl(` / `hsla(` with a plain decimal hue (degrees, no sign or unit), saturation and lightness
/// as plain decimal percentages, and the same optional alpha; commas, spaces around them. Anything else, valid or
/// not, is left to `parseFully`, so the quick path gives nothing but what `parseFully` gives for the same text
/// (`CSSColorQuickPathTests` checks that on every input it accepts).
extension CSSColor {
    /// The color of `text` if it is one of the quick forms; nil sends it to `parseFully`.
    static func parsedQuickly(_ text: String) -> Color? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Color? in
            switch bytes.first {
            case UInt8(ascii: "#")?: hex(bytes)
            case UInt8(ascii: "r")?: rgb(bytes)
            case UInt8(ascii: "h")?: hsl(bytes)
            default: nil
            }
        } ?? nil
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `#` and 3, 4, 6 or 8 hex digits: a short form's digit doubled (`n << 4 | n`), a long form's pairs.
    private static func hex(_ bytes: UnsafeBufferPointer<UInt8>) -> Color? {
        let digits = bytes.count - 1
        guard digits == 3 || digits == 4 || digits == 6 || digits == 8 else { return nil }
        let short = digits <= 4
        func channel(_ i: Int) -> UInt8? {
            if short {
                guard let n = nibble(bytes[1 + i]) else { return nil }
                return n << 4 | n
            }
            guard let high = nibble(bytes[1 + 2 * i]), let low = nibble(bytes[2 + 2 * i]) else { return nil }
            return high << 4 | low
        }
        guard let red = channel(0), let green = channel(1), let blue = channel(2) else { return nil }
        var alpha: UInt8 = 255
        if digits == 4 || digits == 8 {
            guard let a = channel(3) else { return nil }
            alpha = a
        }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Where the arguments of `x<second><third>(` or `x<second><third>a(` start (`rgb(`, `rgba(`, `hsl(`, `hsla(`;
    /// the first letter is the caller's), when `)` is the last byte and there is room for an argument; else nil.
    private static func arguments(_ bytes: UnsafeBufferPointer<UInt8>, _ second: Unicode.Scalar,
                                  _ third: Unicode.Scalar) -> Int? {
        let end = bytes.count - 1
        guard end > 4, bytes[end] == UInt8(ascii: ")"), bytes[1] == UInt8(ascii: second),
              bytes[2] == UInt8(ascii: third)
        else { return nil }
        if bytes[3] == UInt8(ascii: "(") { return 4 }
        return bytes[3] == UInt8(ascii: "a") && bytes[4] == UInt8(ascii: "(") ? 5 : nil
    }

    /// `rgb(` or `rgba(`, three channels of 1–3 digits (≤ 255) and an optional alpha of digits with an optional
    /// fraction, or a fraction alone (`.4`) (≤ 16 bytes, 0…1), separated by commas with any spaces around them, then
    /// `)` as the last byte.
    private static func rgb(_ bytes: UnsafeBufferPointer<UInt8>) -> Color? {
        let end = bytes.count - 1
        guard var i = arguments(bytes, "g", "b") else { return nil }
        func skipSpaces() {
            while i < end && bytes[i] == UInt8(ascii: " ") { i += 1 }
        }
        func isDigit(_ at: Int) -> Bool { at < end && bytes[at] &- UInt8(ascii: "0") <= 9 }
        var channels: (UInt8, UInt8, UInt8) = (0, 0, 0)
        for c in 0..<3 {
            skipSpaces()
            var value = 0, count = 0
            while isDigit(i) && count < 4 {
                value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                count += 1
                i += 1
            }
            guard count >= 1 && count <= 3 && value <= 255 else { return nil }
            switch c {
            case 0: channels.0 = UInt8(value)
            case 1: channels.1 = UInt8(value)
            default: channels.2 = UInt8(value)
            }
            skipSpaces()
            if c < 2 {
                guard i < end && bytes[i] == UInt8(ascii: ",") else { return nil }
                i += 1
            }
        }
        var alpha: UInt8 = 255
        if i < end {
            guard bytes[i] == UInt8(ascii: ",") else { return nil }
            i += 1
            skipSpaces()
            guard let value = decimal(bytes, &i, end: end), value <= 1 else { return nil }
            skipSpaces()
            alpha = UInt8((value * 255).rounded())
        }
        guard i == end else { return nil }
        return Color(red: channels.0, green: channels.1, blue: channels.2, alpha: alpha)
    }

    /// `hsl(` or `hsla(`, a hue in degrees, saturation and lightness percentages (`50%`) and an optional alpha, each a
    /// plain decimal (`decimal`), separated by commas with any spaces around them, then `)` as the last byte. The
    /// conversion is `parseFully`'s (`hslBytes`).
    private static func hsl(_ bytes: UnsafeBufferPointer<UInt8>) -> Color? {
        let end = bytes.count - 1
        guard var i = arguments(bytes, "s", "l") else { return nil }
        func skipSpaces() {
            while i < end && bytes[i] == UInt8(ascii: " ") { i += 1 }
        }
        func comma() -> Bool {
            skipSpaces()
            guard i < end && bytes[i] == UInt8(ascii: ",") else { return false }
            i += 1
            skipSpaces()
            return true
        }
        func percent() -> Double? {
            guard let value = decimal(bytes, &i, end: end), value <= 100, i < end, bytes[i] == UInt8(ascii: "%")
            else { return nil }
            i += 1
            return value
        }
        skipSpaces()
        guard let hue = decimal(bytes, &i, end: end), comma(), let saturation = percent(), comma(),
              let lightness = percent()
        else { return nil }
        skipSpaces()
        var alpha: UInt8 = 255
        if i < end {
            guard comma(), let value = decimal(bytes, &i, end: end), value <= 1 else { return nil }
            skipSpaces()
            alpha = UInt8((value * 255).rounded())
        }
        guard i == end else { return nil }
        let rgb = hslBytes(hue: hue, saturation: saturation / 100, lightness: lightness / 100)
        return Color(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: alpha)
    }

    /// A plain decimal at `i` as `parseFully`'s `decimal` reads one: digits with an optional fraction (`12`, `12.5`),
    /// or a fraction alone (`.5`, read as `0.5`), at most 16 bytes; `i` moves past it. nil (declined) otherwise.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int) -> Double? {
        func isDigit(_ at: Int) -> Bool { at < end && bytes[at] &- UInt8(ascii: "0") <= 9 }
        let start = i
        let leadingDot = !isDigit(i)
        guard !leadingDot || i < end && bytes[i] == UInt8(ascii: ".") && isDigit(i + 1) else { return nil }
        while isDigit(i) { i += 1 }
        if i < end && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { return nil }
            while isDigit(i) { i += 1 }
        }
        guard i - start <= 16 else { return nil }
        let digits = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        return Double(leadingDot ? "0" + digits : digits)
    }
}
