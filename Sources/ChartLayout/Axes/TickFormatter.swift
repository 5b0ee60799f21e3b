#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import ChartLocale
public import ChartSpec

/// Formats tick and value labels for a `NumberFormat` without Foundation, in a CLDR locale (`ChartLocale`).
///
/// Tick sets get one decimal count and one unit for all their labels (0.0, 0.5, 1.0 — not 0, 0.5, 1): the fewest
/// decimals that show every tick exactly, raised until no two labels read the same (so 1,000,000,000 … 1,000,000,400
/// never prints five equal labels). Negative numbers use the typographic minus sign (U+2212) and negative zero prints
/// as "0". Thousands are grouped with "," and decimals follow "." — the conventions of d3-format's default locale,
/// which Vega-Lite users see; `auto` matches Vega-Lite's axis labels below 10,000 and shortens larger ones.
///
/// Another `locale` rewrites each label with its CLDR symbols (`NumberSymbols.localize`): decimal and group
/// separators, grouping sizes (India's 12,34,567), digits (Arabic-Indic, Bengali…), minus sign and percent affixes
/// (`12,5 %`, `%12,5`). The unit suffixes (K, M, B, T; k, m, µ…) and the exponent's `e` stay as they are. The
/// default `en` takes no extra step.
public struct TickFormatter: Hashable, Sendable {
    public var format: NumberFormat
    /// The locale labels are written in; `.english` is the historical output.
    public var locale: ChartLocale

    /// The minus sign used for negative numbers and exponents.
    public static let minus = "\u{2212}"
    /// The most decimals ever printed.
    public static let maxDecimals = 10
    /// The most decimals `auto` gives a suffixed label (1.25M); a tick set needing more has a large common
    /// offset and is written as grouped full numbers instead.
    static let maxSuffixDecimals = 2

    public init(_ format: NumberFormat = .auto, locale: ChartLocale = .english) {
        self.format = format
        self.locale = locale
    }

    /// Labels for a set of increasing tick values, with consistent decimals and unit across the set.
    public func labels(for values: [Double]) -> [String] {
        let labels = defaultLabels(for: values)
        return locale.isDefault ? labels : labels.map(localized)
    }

    /// One value on its own (tooltips, bubbles, descriptions): the shortest readable form.
    public func string(_ value: Double) -> String {
        let text = defaultString(value)
        return locale.isDefault ? text : localized(text)
    }

    /// A label written the default way (`−1,234.5`, `12.5%`, `1.25M`) in this formatter's locale.
    func localized(_ label: String) -> String {
        let numbers = locale.numbers
        if label.hasSuffix("%") {
            return numbers.percent(numbers.localize(String(label.dropLast()), grouped: false))
        }
        return numbers.localize(label, grouped: label.utf8.contains(UInt8(ascii: ",")))
    }

    /// `labels(for:)` in the default locale.
    func defaultLabels(for values: [Double]) -> [String] {
        switch format {
        case .fixed(let d):
            return values.map { Self.fixed($0, decimals: d) }
        case .percent(let d):
            return values.map { Self.fixed($0 * 100, decimals: d) + "%" }
        case .grouped(let d?):
            return values.map { Self.fixed($0, decimals: d, grouped: true) }
        case .grouped(nil):
            return Self.distinct(values, limit: Self.maxDecimals) { Self.fixed($0, decimals: $1, grouped: true) }
        case .si, .short, .auto:
            var maxAbs = 0.0
            for v in values where v.isFinite { maxAbs = max(maxAbs, abs(v)) }
            if let (unit, suffix) = unit(for: maxAbs) {
                let limit = format == .auto ? Self.maxSuffixDecimals : Self.maxDecimals
                let suffixed = Self.distinct(values, limit: limit, scale: unit) { v, d in
                    v == 0 ? "0" : Self.fixed(v / unit, decimals: d) + suffix
                }
                // `auto` with a large common offset (1,000,000,100 is 1.0000001B): grouped full numbers.
                if format != .auto || Self.isDistinct(suffixed) && Self.exactDecimals(values, scale: unit,
                                                                                        limit: limit + 1) <= limit {
                    return suffixed
                }
                return Self.distinct(values, limit: Self.maxDecimals) { Self.fixed($0, decimals: $1, grouped: true) }
            }
            if maxAbs >= 1e15 || (maxAbs > 0 && maxAbs < 1e-4) {
                let scientific = Self.distinct(values, limit: 6, mantissas: true) { Self.scientific($0, decimals: $1) }
                // Mantissas of more than 7 digits: full numbers while integers are exact (below 2^53 ≈ 9e15).
                if Self.isDistinct(scientific) || maxAbs >= 9e15 || maxAbs < 1 { return scientific }
                return Self.distinct(values, limit: 0) { Self.fixed($0, decimals: $1, grouped: true) }
            }
            return Self.distinct(values, limit: Self.maxDecimals) { Self.fixed($0, decimals: $1) }
        }
    }

    /// `string(_:)` appended to `bytes` as UTF-8, without building a `String` in the default locale (tooltips:
    /// one per drawn point).
    public func append(_ value: Double, to bytes: inout [UInt8]) {
        if locale.isDefault {
            appendDefault(value, to: &bytes)
        } else {
            bytes.append(contentsOf: string(value).utf8)
        }
    }

    /// `string(_:)` in the default locale.
    func defaultString(_ value: Double) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendDefault(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `defaultString(_:)` appended to `bytes` as UTF-8.
    func appendDefault(_ value: Double, to bytes: inout [UInt8]) {
        switch format {
        case .fixed(let d):
            Self.appendFixed(value, decimals: d, to: &bytes)
        case .percent(let d):
            Self.appendFixed(value * 100, decimals: d, to: &bytes)
            bytes.append(UInt8(ascii: "%"))
        case .grouped(let d?):
            Self.appendFixed(value, decimals: d, grouped: true, to: &bytes)
        case .si, .short, .auto, .grouped(nil):
            guard value.isFinite else { return Self.appendFixed(value, decimals: 0, to: &bytes) }
            let a = abs(value)
            if let (unit, suffix) = unit(for: a) {
                Self.appendFixed(value / unit, decimals: 2, trim: true, to: &bytes)
                bytes.append(contentsOf: suffix.utf8)
                return
            }
            if format != .grouped(nil) && (a >= 1e15 || (a > 0 && a < 1e-4)) {
                bytes.append(contentsOf: Self.scientific(value, decimals: 2, trim: true).utf8)
                return
            }
            // About four significant digits, at least two decimals' worth for small values.
            let lead = a > 0 ? Int(log10(a).rounded(.down)) : 0
            let d = min(max(2, 3 - lead), Self.maxDecimals)
            Self.appendFixed(value, decimals: d, trim: true, grouped: format == .grouped(nil), to: &bytes)
        }
    }

    /// The divisor and suffix this format writes a magnitude with; nil for plain or scientific notation.
    /// `auto` shortens from 10,000 (so years and 4-digit counts stay whole), `short` and `si` from 1,000;
    /// `si` also writes magnitudes in 10^−12…1 with m, µ, n, p.
    func unit(for magnitude: Double) -> (Double, String)? {
        switch format {
        case .auto, .short:
            guard magnitude >= (format == .auto ? 1e4 : 1e3), magnitude < 1e15 else { return nil }
            if magnitude >= 1e12 { return (1e12, "T") }
            if magnitude >= 1e9 { return (1e9, "B") }
            if magnitude >= 1e6 { return (1e6, "M") }
            return (1e3, "K")
        case .si:
            guard magnitude >= 1e-12, magnitude < 1e15, magnitude < 1 || magnitude >= 1e3 else { return nil }
            if magnitude >= 1e12 { return (1e12, "T") }
            if magnitude >= 1e9 { return (1e9, "G") }
            if magnitude >= 1e6 { return (1e6, "M") }
            if magnitude >= 1e3 { return (1e3, "k") }
            if magnitude >= 1e-3 { return (1e-3, "m") }
            if magnitude >= 1e-6 { return (1e-6, "µ") }
            if magnitude >= 1e-9 { return (1e-9, "n") }
            return (1e-12, "p")
        case .fixed, .percent, .grouped:
            return nil
        }
    }

    /// `values` written by `render(value, decimals)` with the fewest decimals that show every value exactly
    /// (values divided by `scale`, or their scientific mantissas), raised while two neighbours read the same,
    /// up to `limit`.
    static func distinct(_ values: [Double], limit: Int, scale: Double = 1, mantissas: Bool = false,
                         _ render: (Double, Int) -> String) -> [String] {
        var d = exactDecimals(values, scale: scale, mantissas: mantissas, limit: limit)
        var labels = values.map { render($0, d) }
        while d < limit && !isDistinct(labels) {
            d += 1
            labels = values.map { render($0, d) }
        }
        return labels
    }

    /// The fewest decimals (≤ `limit`) that show every finite nonzero `value / scale` (or its scientific
    /// mantissa) exactly, up to float noise.
    static func exactDecimals(_ values: [Double], scale: Double = 1, mantissas: Bool = false, limit: Int) -> Int {
        values.reduce(0) { d, v in
            guard v.isFinite, v != 0 else { return d }
            return max(d, decimalsNeeded(mantissas ? mantissa(v).m : v / scale, limit: limit))
        }
    }

    /// True when no two neighbouring labels are equal (tick labels come in increasing order).
    static func isDistinct(_ labels: [String]) -> Bool {
        zip(labels, labels.dropFirst()).allSatisfy { $0 != $1 }
    }

    // MARK: - Building blocks

    /// `value` with exactly `decimals` decimals, U+2212 for negatives, "0" for −0; with `trim`, trailing fractional
    /// zeros (and a bare point) are dropped; with `grouped`, a "," separates each three integer digits. Magnitudes
    /// beyond exact integer precision fall back to scientific notation.
    public static func fixed(_ value: Double, decimals: Int, trim: Bool = false, grouped: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendFixed(value, decimals: decimals, trim: trim, grouped: grouped, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `fixed(_:decimals:trim:grouped:)` appended to `bytes` as UTF-8. Builds the bytes directly: this runs for
    /// every tooltip, so it avoids Character-level String work and any allocation of its own.
    public static func appendFixed(_ value: Double, decimals: Int, trim: Bool = false, grouped: Bool = false,
                                   to bytes: inout [UInt8]) {
        guard value.isFinite else {
            return bytes.append(contentsOf: (value.isNaN ? "NaN" : (value < 0 ? minus + "∞" : "∞")).utf8)
        }
        let d = min(max(decimals, 0), maxDecimals)
        let scaled = (abs(value) * pow10(d)).rounded()
        guard scaled < 9e15 else { return bytes.append(contentsOf: scientific(value, decimals: 3, trim: true).utf8) }
        var n = UInt64(scaled)
        let negative = n != 0 && value < 0
        // Written from the end of a scratch buffer backwards, then appended in one copy: at most 16 integer digits,
        // 5 group separators, the point, 10 decimals and the 3 bytes of the minus sign (35 bytes).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { scratch in
            var start = scratch.count
            var position = 0
            var trimming = trim
            while n > 0 || position <= d {
                let digit = UInt8(n % 10)
                n /= 10
                if position < d {
                    if !(trimming && digit == 0) {
                        trimming = false
                        start -= 1
                        scratch[start] = 0x30 + digit
                    }
                } else {
                    if position == d && d > 0 && start < scratch.count {  // "."
                        start -= 1
                        scratch[start] = 0x2E
                    }
                    if grouped && position > d && (position - d) % 3 == 0 {  // ","
                        start -= 1
                        scratch[start] = 0x2C
                    }
                    start -= 1
                    scratch[start] = 0x30 + digit
                }
                position += 1
            }
            if negative {  // U+2212 in UTF-8
                start -= 3
                scratch[start] = 0xE2
                scratch[start + 1] = 0x88
                scratch[start + 2] = 0x92
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[start...]))
        }
    }

    /// `value` as mantissa e exponent, e.g. "2.5e−7", with `decimals` mantissa decimals.
    public static func scientific(_ value: Double, decimals: Int, trim: Bool = false) -> String {
        guard value.isFinite, value != 0 else { return fixed(value, decimals: 0) }
        var (m, e) = mantissa(value)
        let d = min(max(decimals, 0), 6)
        if (abs(m) * pow10(d)).rounded() >= 10 * pow10(d) {  // 9.999… rounds up to 10.0
            m /= 10
            e += 1
        }
        return fixed(m, decimals: d, trim: trim) + "e" + (e < 0 ? minus + String(-e) : String(e))
    }

    /// `value` = m × 10^e with 1 ≤ |m| < 10.
    static func mantissa(_ value: Double) -> (m: Double, e: Int) {
        let a = abs(value)
        guard a > 0, a.isFinite else { return (value, 0) }
        var e = Int(log10(a).rounded(.down))
        var m = value / pow10(e)
        if abs(m) >= 10 { m /= 10; e += 1 }
        if abs(m) < 1 { m *= 10; e -= 1 }
        return (m, e)
    }

    /// The fewest decimals (≤ `limit`) that show `value` exactly, up to float noise.
    static func decimalsNeeded(_ value: Double, limit: Int) -> Int {
        guard value.isFinite else { return 0 }
        var d = 0
        while d < limit {
            let s = value * pow10(d)
            if abs(s - s.rounded()) <= 1e-9 * max(1, abs(s)) { break }
            d += 1
        }
        return d
    }
}
