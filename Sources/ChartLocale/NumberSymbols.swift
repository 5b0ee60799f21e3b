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
    /// The symbols as UTF-8, for rewriting a number byte by byte.
    let utf8: UTF8Symbols

    /// The UTF-8 bytes of the separators, the minus sign and the ten digits.
    struct UTF8Symbols: Hashable, Sendable {
        let decimal: [UInt8]
        let group: [UInt8]
        let minus: [UInt8]
        /// Ten digits of `digitWidth` bytes each, zero first.
        let digits: [UInt8]
        let digitWidth: Int

        init(decimal: String, group: String, minus: String, zeroDigit: UInt32) {
            self.decimal = Array(decimal.utf8)
            self.group = Array(group.utf8)
            self.minus = Array(minus.utf8)
            // The ten digits of a numbering system are consecutive scalars of one UTF-8 length.
            let zero = Unicode.Scalar(zeroDigit).flatMap { Unicode.Scalar($0.value + 9) != nil ? $0 : nil } ?? "0"
            var digits: [UInt8] = []
            for d in 0..<10 {
                let scalar = Unicode.Scalar(zero.value + UInt32(d)) ?? "0"
                digits.append(contentsOf: String(Character(scalar)).utf8)
            }
            digitWidth = digits.count / 10
            self.digits = digits.count == digitWidth * 10 ? digits : Array("0123456789".utf8)
        }

        /// Appends the digit `d` (0…9).
        @inline(__always)
        func appendDigit(_ d: Int, to out: inout [UInt8]) {
            let start = d * digitWidth
            for i in start..<start + digitWidth { out.append(digits[i]) }
        }
    }

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
        isDefault = decimal == "." && group == "," && minus == "\u{2212}" && primaryGroup == 3 && secondaryGroup == 3
            && zeroDigit == 0x30 && percentPrefix.isEmpty && percentSuffix == "%"
        utf8 = UTF8Symbols(decimal: decimal, group: group, minus: minus, zeroDigit: zeroDigit)
    }

    /// True for en's symbols: "." and ",", groups of three, ASCII digits and U+2212 — the service's own number
    /// spelling, which needs no rewriting.
    public let isDefault: Bool

    /// Rewrites a number written the default way — optional leading U+2212, ASCII digits, at most one ".", and
    /// with `grouped` optionally the default's "," group separators — in this locale: its minus, digits and decimal
    /// separator, and with `grouped` its group separator at its grouping sizes (the input's "," are dropped and the
    /// digits regrouped). Anything else in `plain` (an exponent's "e", "∞", "NaN", a unit suffix) is kept as it is,
    /// digits in an exponent included after being mapped.
    public func localize(_ plain: String, grouped: Bool) -> String {
        if isDefault && !grouped { return plain }
        var text = plain
        return text.withUTF8 { src in
            let symbols = utf8
            var out: [UInt8] = []
            out.reserveCapacity(src.count * (symbols.digitWidth + symbols.group.count) + symbols.minus.count)
            // U+2212 is E2 88 92 in UTF-8; the other bytes that matter are ASCII, which never occur inside a
            // multi-byte scalar, so every other byte is copied as it is.
            func isMinus(_ k: Int) -> Bool {
                k + 2 < src.count && src[k] == 0xE2 && src[k + 1] == 0x88 && src[k + 2] == 0x92
            }
            func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
            var start = 0
            if isMinus(0) {
                out += symbols.minus
                start = 3
            }
            // The integer digits run first, grouped from the right.
            var integerDigits = 0
            var end = start
            while end < src.count, isDigit(src[end]) || (grouped && src[end] == 0x2C) {
                if src[end] != 0x2C { integerDigits += 1 }
                end += 1
            }
            var j = 0
            for k in start..<end where src[k] != 0x2C {
                let remaining = integerDigits - j
                if grouped && j > 0 && remaining >= primaryGroup
                    && (remaining == primaryGroup || (remaining - primaryGroup) % secondaryGroup == 0) {
                    out += symbols.group
                }
                symbols.appendDigit(Int(src[k] &- 0x30), to: &out)
                j += 1
            }
            var k = end
            while k < src.count {
                let b = src[k]
                if b == 0x2E {
                    out += symbols.decimal
                } else if isMinus(k) {
                    out += symbols.minus
                    k += 3
                    continue
                } else if isDigit(b) {
                    symbols.appendDigit(Int(b &- 0x30), to: &out)
                } else {
                    out.append(b)
                }
                k += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// A percentage's number (already localized) with the locale's percent affixes; a negative one's minus sign
    /// goes before them, as CLDR's implicit negative pattern says (Turkish `-%12`).
    public func percent(_ number: String) -> String {
        if !percentPrefix.isEmpty, number.hasPrefix(minus) {
            return minus + percentPrefix + number.dropFirst(minus.count) + percentSuffix
        }
        return percentPrefix + number + percentSuffix
    }

    /// Writes the integer `n` (≥ 0) in this locale's digits, zero-padded to `width`.
    func digits(_ n: Int, width: Int = 1) -> String {
        var out: [UInt8] = []
        appendDigits(n, width: width, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 of the integer `n` (≥ 0; a negative `n` is written as 0) in this locale's digits,
    /// zero-padded to `width`.
    func appendDigits(_ n: Int, width: Int = 1, to out: inout [UInt8]) {
        let n = max(0, n)
        var count = 1
        var divisor = 1
        while n / divisor >= 10 {
            divisor *= 10
            count += 1
        }
        if width > count {
            for _ in count..<width { utf8.appendDigit(0, to: &out) }
        }
        var rest = n
        while divisor > 0 {
            utf8.appendDigit(rest / divisor, to: &out)
            rest %= divisor
            divisor /= 10
        }
    }
}
