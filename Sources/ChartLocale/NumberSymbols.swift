/// How a locale writes numbers: CLDR's symbols of its default numbering system and the grouping of its decimal
/// pattern.
public struct NumberSymbols: Hashable, Sendable {
    /// The decimal separator (`.`, `,`, `٫`).
    public let decimal: String
    /// The group separator (`,`, `.`, U+202F, `'`).
    public let group: String
    /// The minus sign, with any bidi mark CLDR puts before it (`-`, U+2212, U+061C + `-`).
    public let minus: String
    /// What comes before and after a percentage's digits (`"" … "\u{A0}%"`, `"%" … ""` in Turkish).
    public let percentPrefix: String
    public let percentSuffix: String
    /// Digits in the group nearest the decimal separator, and in every group further left (3 and 2 in India:
    /// 12,34,567).
    public let primaryGroup: Int
    public let secondaryGroup: Int
    /// The Unicode scalar of the digit zero of the locale's digits (U+0030; U+0660 Arabic-Indic; U+09E6 Bengali);
    /// the other nine follow it.
    public let zeroDigit: UInt32

    init(decimal: String, group: String, minus: String, percentPrefix: String, percentSuffix: String,
         primaryGroup: Int, secondaryGroup: Int, zeroDigit: UInt32) {
        self.decimal = decimal
        self.group = group
        self.minus = minus
        self.percentPrefix = percentPrefix
        self.percentSuffix = percentSuffix
        self.primaryGroup = max(1, primaryGroup)
        self.secondaryGroup = max(1, secondaryGroup)
        self.zeroDigit = zeroDigit
    }

    /// True for en's symbols: "." and ",", groups of three, ASCII digits and U+2212 — the service's own number
    /// spelling, which needs no rewriting.
    public var isDefault: Bool {
        decimal == "." && group == "," && minus == "\u{2212}" && primaryGroup == 3 && secondaryGroup == 3
            && zeroDigit == 0x30 && percentPrefix.isEmpty && percentSuffix == "%"
    }

    /// Rewrites a number written the default way — optional leading U+2212, ASCII digits, at most one ".", no group
    /// separators — in this locale: its minus, digits and decimal separator, and with `grouped` its group separator
    /// at its grouping sizes. Anything else in `plain` (an exponent's "e", "∞", "NaN", a unit suffix) is kept as it
    /// is, digits in an exponent included after being mapped.
    public func localize(_ plain: String, grouped: Bool) -> String {
        if isDefault && !grouped { return plain }
        var scalars = Array(plain.unicodeScalars)
        var out = String.UnicodeScalarView()
        var result = ""
        var i = 0
        if scalars.first == "\u{2212}" {
            result += minus
            scalars.removeFirst()
        }
        // The integer digits run first, grouped from the right.
        var integerEnd = 0
        while integerEnd < scalars.count, Self.isASCIIDigit(scalars[integerEnd]) { integerEnd += 1 }
        for j in 0..<integerEnd {
            let remaining = integerEnd - j
            if grouped && j > 0 && remaining >= primaryGroup
                && (remaining == primaryGroup || (remaining - primaryGroup) % secondaryGroup == 0) {
                out.append(contentsOf: group.unicodeScalars)
            }
            out.append(digit(scalars[j]))
        }
        i = integerEnd
        while i < scalars.count {
            let s = scalars[i]
            if s == "." {
                out.append(contentsOf: decimal.unicodeScalars)
            } else if s == "\u{2212}" {
                out.append(contentsOf: minus.unicodeScalars)
            } else if Self.isASCIIDigit(s) {
                out.append(digit(s))
            } else {
                out.append(s)
            }
            i += 1
        }
        result.unicodeScalars.append(contentsOf: out)
        return result
    }

    /// A percentage's number (already localized) with the locale's percent affixes; a negative one's minus sign
    /// goes before them, as CLDR's implicit negative pattern says (Turkish `-%12`).
    public func percent(_ number: String) -> String {
        if !percentPrefix.isEmpty, number.hasPrefix(minus) {
            return minus + percentPrefix + number.dropFirst(minus.count) + percentSuffix
        }
        return percentPrefix + number + percentSuffix
    }

    /// The ASCII digit `s` in this locale's digits.
    func digit(_ s: Unicode.Scalar) -> Unicode.Scalar {
        guard zeroDigit != 0x30 else { return s }
        return Unicode.Scalar(zeroDigit + (s.value - 0x30)) ?? s
    }

    /// Writes the integer `n` (≥ 0) in this locale's digits, zero-padded to `width`.
    func digits(_ n: Int, width: Int = 1) -> String {
        var ascii = String(max(0, n))
        if ascii.count < width { ascii = String(repeating: "0", count: width - ascii.count) + ascii }
        if zeroDigit == 0x30 { return ascii }
        var out = String.UnicodeScalarView()
        for s in ascii.unicodeScalars { out.append(digit(s)) }
        return String(out)
    }

    static func isASCIIDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }
}
