#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import ChartSpec

/// Formats tick and value labels for a `NumberFormat` without Foundation.
///
/// Tick sets get one decimal count for all their labels (0.0, 0.5, 1.0 — not 0, 0.5, 1), chosen as the
/// fewest decimals that show every tick exactly. Negative numbers use the typographic minus sign (U+2212)
/// and negative zero prints as "0".
public struct TickFormatter: Hashable, Sendable {
    public var format: NumberFormat

    /// The minus sign used for negative numbers and exponents.
    public static let minus = "\u{2212}"
    /// The most decimals ever printed.
    public static let maxDecimals = 10

    public init(_ format: NumberFormat = .auto) {
        self.format = format
    }

    /// Labels for a set of tick values, with consistent decimals across the set.
    public func labels(for values: [Double]) -> [String] {
        switch format {
        case .fixed(let d):
            return values.map { Self.fixed($0, decimals: d) }
        case .percent(let d):
            return values.map { Self.fixed($0 * 100, decimals: d) + "%" }
        case .si, .auto:
            var maxAbs = 0.0
            for v in values where v.isFinite { maxAbs = max(maxAbs, abs(v)) }
            let siThreshold = format == .si ? 1e3 : 1e4
            if maxAbs >= siThreshold && maxAbs < 1e15 {
                let (unit, suffix) = Self.siUnit(for: maxAbs)
                let d = values.reduce(0) { max($0, Self.decimalsNeeded($1 / unit, limit: 6)) }
                return values.map { $0 == 0 ? "0" : Self.fixed($0 / unit, decimals: d) + suffix }
            }
            if maxAbs >= 1e15 || (maxAbs > 0 && maxAbs < 1e-4) {
                let d = values.reduce(0) { v, x in
                    x == 0 || !x.isFinite ? v : max(v, Self.decimalsNeeded(Self.mantissa(x).m, limit: 3))
                }
                return values.map { Self.scientific($0, decimals: d) }
            }
            let d = values.reduce(0) { max($0, Self.decimalsNeeded($1, limit: Self.maxDecimals)) }
            return values.map { Self.fixed($0, decimals: d) }
        }
    }

    /// One value on its own (tooltips, bubbles, descriptions): the shortest readable form.
    public func string(_ value: Double) -> String {
        switch format {
        case .fixed(let d):
            return Self.fixed(value, decimals: d)
        case .percent(let d):
            return Self.fixed(value * 100, decimals: d) + "%"
        case .si, .auto:
            guard value.isFinite else { return Self.fixed(value, decimals: 0) }
            let a = abs(value)
            if a >= (format == .si ? 1e3 : 1e4) && a < 1e15 {
                let (unit, suffix) = Self.siUnit(for: a)
                return Self.fixed(value / unit, decimals: 2, trim: true) + suffix
            }
            if a >= 1e15 || (a > 0 && a < 1e-4) {
                return Self.scientific(value, decimals: 2, trim: true)
            }
            // About four significant digits, at least two decimals' worth for small values.
            let lead = a > 0 ? Int(log10(a).rounded(.down)) : 0
            let d = min(max(2, 3 - lead), Self.maxDecimals)
            return Self.fixed(value, decimals: d, trim: true)
        }
    }

    // MARK: - Building blocks

    /// `value` with exactly `decimals` decimals, U+2212 for negatives, "0" for −0.
    /// Magnitudes beyond exact integer precision fall back to scientific notation.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        fixed(value, decimals: decimals, trim: false)
    }

    /// As `fixed(_:decimals:)`; with `trim`, trailing fractional zeros (and a bare point) are dropped.
    /// Builds UTF-8 bytes directly: this runs for every tooltip, so it avoids Character-level String work.
    static func fixed(_ value: Double, decimals: Int, trim: Bool) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? minus + "∞" : "∞") }
        let d = min(max(decimals, 0), maxDecimals)
        let scaled = (abs(value) * pow10(d)).rounded()
        guard scaled < 9e15 else { return scientific(value, decimals: 3, trim: true) }
        var n = UInt64(scaled)
        let negative = n != 0 && value < 0
        // Digits in reverse order: at most 16 integer digits, the point and 10 decimals.
        var reversed: [UInt8] = []
        reversed.reserveCapacity(32)
        var position = 0
        var trimming = trim
        while n > 0 || position <= d {
            let digit = UInt8(n % 10)
            n /= 10
            if position < d {
                if !(trimming && digit == 0) {
                    trimming = false
                    reversed.append(0x30 + digit)
                }
            } else {
                if position == d && d > 0 && !reversed.isEmpty { reversed.append(0x2E) }  // "."
                reversed.append(0x30 + digit)
            }
            position += 1
        }
        if negative { reversed.append(contentsOf: [0x92, 0x88, 0xE2]) }  // U+2212 in UTF-8, reversed
        reversed.reverse()
        return String(decoding: reversed, as: UTF8.self)
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

    /// The SI divisor and suffix for a magnitude.
    static func siUnit(for magnitude: Double) -> (Double, String) {
        if magnitude >= 1e12 { return (1e12, "T") }
        if magnitude >= 1e9 { return (1e9, "G") }
        if magnitude >= 1e6 { return (1e6, "M") }
        if magnitude >= 1e3 { return (1e3, "k") }
        return (1, "")
    }
}
