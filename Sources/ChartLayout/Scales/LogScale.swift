#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value a log scale cannot show: its index in the input and the value itself (zero, negative or not finite).
public struct LogScaleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Index in the checked list, for the spec layer to build a path like `series[0].values[3]`.
    public var index: Int
    public var value: Double

    public init(index: Int, value: Double) {
        self.index = index
        self.value = value
    }

    public var description: String { "log scale needs positive values" }
}

/// One tick of a log axis.
public struct LogTick: Hashable, Sendable {
    public var value: Double
    /// The label (empty for minor ticks): `1`, `10`, `1k`, `1M`, `0.01`, `2`, `50`.
    public var label: String
    /// Major ticks get a label and a grid line; minor ones only a short mark.
    public var isMajor: Bool

    public init(value: Double, label: String, isMajor: Bool) {
        self.value = value
        self.label = label
        self.isMajor = isMajor
    }
}

/// Maps positive values logarithmically (base 10) onto a pixel range.
public struct LogScale: Hashable, Sendable {
    /// Positive domain bounds (`lower` ≤ `upper`).
    public private(set) var lower: Double
    public private(set) var upper: Double
    public var rangeStart: Double
    public var rangeEnd: Double

    /// Smallest and largest accepted domain bounds; beyond them powers of ten stop being exact and labels meaningless.
    public static let minValue = 1e-300
    public static let maxValue = 1e300

    /// log10 of a value clamped into the accepted range, so zero or garbage never gives −∞ (non-finite: 0).
    static func log10Clamped(_ v: Double) -> Double {
        log10(v.isFinite ? min(max(v, minValue), maxValue) : 1)
    }
    /// At most this many major ticks: wider domains label every 2nd, 3rd, … decade.
    public static let maxMajorTicks = 12

    /// A scale for the domain [lower, upper] (either order; clamped into [minValue, maxValue]).
    public init(lower: Double, upper: Double, rangeStart: Double, rangeEnd: Double) {
        func clean(_ v: Double) -> Double { v.isFinite ? min(max(v, Self.minValue), Self.maxValue) : 1 }
        self.lower = min(clean(lower), clean(upper))
        self.upper = max(clean(lower), clean(upper))
        self.rangeStart = rangeStart
        self.rangeEnd = rangeEnd
    }

    /// The smallest and largest value, or the first value that is not positive and finite (nil entries are gaps and
    /// skipped). Nil result: no values at all.
    public static func checkedExtent(of values: [Double?]) -> Result<(min: Double, max: Double), LogScaleError>? {
        var lo = Double.infinity, hi = -Double.infinity
        for (i, v) in values.enumerated() {
            guard let v else { continue }
            guard v.isFinite, v > 0 else { return .failure(LogScaleError(index: i, value: v)) }
            lo = min(lo, v)
            hi = max(hi, v)
        }
        return lo <= hi ? .success((lo, hi)) : nil
    }

    /// The pixel position of `v`; values at or below zero map to the start of the range.
    public func position(of v: Double) -> Double {
        let span = log10(upper) - log10(lower)
        guard span > 0 else { return (rangeStart + rangeEnd) / 2 }
        let t = ((v > 0 ? log10(v) : log10(lower)) - log10(lower)) / span
        return rangeStart + t * (rangeEnd - rangeStart)
    }

    /// The value at pixel `x` (the inverse of `position`).
    public func value(at x: Double) -> Double {
        guard rangeEnd != rangeStart else { return lower }
        let t = (x - rangeStart) / (rangeEnd - rangeStart)
        return pow(10, log10(lower) + t * (log10(upper) - log10(lower)))
    }

    /// This scale with its domain widened to whole powers of ten (1…1000 for 3…700).
    public func niced() -> LogScale {
        let lo = Self.power(Int(log10(lower).rounded(.down)))
        let hi = Self.power(Int(log10(upper).rounded(.up)))
        return LogScale(lower: lo <= lower ? lo : lo / 10, upper: hi >= upper ? hi : hi * 10,
                        rangeStart: rangeStart, rangeEnd: rangeEnd)
    }

    /// Ticks inside the domain, ascending.
    ///
    /// Spanning a decade or more: majors at powers of ten (every n-th decade when there are more than
    /// `maxMajorTicks`), minors at 2…9 × 10^k (only while there are at most `maxMajorTicks` decades), else at the
    /// skipped decades (only while there are at most 5 × `maxMajorTicks`).
    /// Under a decade: majors at 1, 2, 5 × 10^k, minors at the other integers × 10^k; if fewer than two majors fit,
    /// every integer × 10^k is major; if still fewer than two, linear nice ticks (1, 2, 5 × 10^k steps).
    public func ticks() -> [LogTick] {
        let k0 = Int(log10(lower).rounded(.down)) - 1, k1 = Int(log10(upper).rounded(.up)) + 1
        func inside(_ v: Double) -> Bool { v >= lower * (1 - 1e-12) && v <= upper * (1 + 1e-12) }
        let decades = (k0...k1).filter { inside(Self.power($0)) }
        if decades.count >= 2 {
            let stride = (decades.count + Self.maxMajorTicks - 1) / Self.maxMajorTicks
            var out: [LogTick] = []
            for k in k0...k1 {
                let p = Self.power(k)
                let major = ((k % stride) + stride) % stride == 0
                // Unlabelled decade marks only while they stay readable (at most five per major).
                if inside(p), major || decades.count <= 5 * Self.maxMajorTicks {
                    out.append(LogTick(value: p, label: major ? Self.label(mantissa: 1, exponent: k) : "",
                                       isMajor: major))
                }
                if stride == 1 {
                    for j in 2...9 where inside(Self.multiple(j, k)) {
                        out.append(LogTick(value: Self.multiple(j, k), label: "", isMajor: false))
                    }
                }
            }
            return out
        }
        let candidates = (k0...k1).flatMap { k in (1...9).map { j in (j, k) } }.filter { inside(Self.multiple($0.0, $0.1)) }
        let oneTwoFive = candidates.filter { [1, 2, 5].contains($0.0) }
        if oneTwoFive.count >= 2 {
            return candidates.map { j, k in
                let major = [1, 2, 5].contains(j)
                return LogTick(value: Self.multiple(j, k), label: major ? Self.label(mantissa: j, exponent: k) : "",
                               isMajor: major)
            }
        }
        if candidates.count >= 2 {
            return candidates.map { LogTick(value: Self.multiple($0.0, $0.1), label: Self.label(mantissa: $0.0, exponent: $0.1),
                                            isMajor: true) }
        }
        return linearTicks()
    }

    /// 1, 2, 5 × 10^k steps giving about five ticks, for domains too narrow for any log structure.
    private func linearTicks() -> [LogTick] {
        let raw = (upper - lower) / 5
        guard raw > 0 else {
            // A single value: the fewest decimals (up to 6) that show it to within a millionth.
            let decimals = (0...6).first { d in abs((lower * Self.power(d)).rounded() / Self.power(d) - lower) <= lower * 1e-6 }
            return [LogTick(value: lower, label: Self.format(lower, decimals: decimals ?? 6), isMajor: true)]
        }
        let e = Int(log10(raw).rounded(.down))
        let base = Self.power(e)
        let m = [1.0, 2, 5, 10].first { $0 * base >= raw } ?? 10
        let step = m * base
        let decimals = max(0, -(m == 10 ? e + 1 : e))
        var out: [LogTick] = []
        var i = (lower / step).rounded(.up)
        while i * step <= upper * (1 + 1e-12), out.count < 20 {
            let v = i * step
            out.append(LogTick(value: v, label: Self.format(v, decimals: decimals), isMajor: true))
            i += 1
        }
        return out
    }

    /// 10^k, exact for the representable integer powers and correctly rounded for negative k.
    static func power(_ k: Int) -> Double {
        var p = 1.0
        for _ in 0..<min(abs(k), 330) { p *= 10 }
        return k >= 0 ? p : 1 / p
    }

    /// j × 10^k computed as one correctly rounded operation (so 3 × 10^-1 is the double nearest 0.3).
    static func multiple(_ j: Int, _ k: Int) -> Double {
        k >= 0 ? Double(j) * power(k) : Double(j) / power(-k)
    }

    /// `j × 10^k` as a compact label in the style of the `auto` number format (`TickFormatter`): plain integers
    /// below 10,000, the business suffixes K M B T above, plain decimals down to 0.0001, and `je-k` (or `je+k`
    /// past the trillions) beyond, so the axis reads like the tooltips of the same chart.
    static func label(mantissa j: Int, exponent k: Int) -> String {
        let suffixes = ["", "K", "M", "B", "T"]
        if k >= 0 {
            if k < 4 { return String(j) + String(repeating: "0", count: k) }
            let group = k / 3
            guard group < suffixes.count else { return "\(j)e+\(k)" }
            return String(j) + String(repeating: "0", count: k - group * 3) + suffixes[group]
        }
        if k >= -4 {
            return "0." + String(repeating: "0", count: -k - 1) + String(j)
        }
        return "\(j)e\(k)"
    }

    /// `v` with exactly `decimals` digits after the point (at most 9), without Foundation.
    static func format(_ v: Double, decimals: Int) -> String {
        let d = min(max(decimals, 0), 9)
        let scale = power(d)
        let scaled = (abs(v) * scale).rounded()
        guard scaled < 9e15 else { return String(v) }
        let n = Int(scaled)
        var digits = String(n / Int(scale))
        if d > 0 {
            var frac = String(n % Int(scale))
            while frac.count < d { frac = "0" + frac }
            digits += "." + frac
        }
        return (v < 0 && n != 0 ? "-" : "") + digits
    }
}
