#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "Nice" axis ticks: round values at steps of 1, 2, 2.5 or 5 × 10^k, about `target` of them, with the
/// domain widened to the outer ticks so labels never read like 12.7.
///
/// The step is chosen by scoring every candidate near the raw step (span / (target − 1)) on three
/// criteria, a simplified form of Talbot, Lin & Hanrahan's "extended Wilkinson" labeling (2010):
/// coverage (their quadratic overhang term, weight 0.2), closeness to the target count (0.25 per tick, at most
/// target + 3 ticks) and simplicity (1, 2 and 5 beat 2.5). The weights make the domain hug the data as d3's
/// ticks do (−5…6 gets −6 … 6 by 2, not −5 … 10 by 5), which matters once the domain also holds the marks'
/// headroom. Values are computed as integer × 10^e, so they are correctly rounded decimals
/// (0.3, not 0.30000000000000004).
///
/// Limits: inputs are clamped to ±`NiceTicks.maxMagnitude`; at most `NiceTicks.maxTicks` ticks are produced.
public struct NiceTicks: Hashable, Sendable {
    /// The tick values, increasing, at least one.
    public var values: [Double]
    /// The distance between neighbouring ticks (> 0, finite).
    public var step: Double
    /// The axis domain: the outer ticks, or the explicit bounds where given.
    public var domainMin: Double
    public var domainMax: Double

    /// Largest magnitude accepted; beyond this spans could overflow.
    public static let maxMagnitude = 1e150
    /// The most ticks ever produced, whatever the target.
    public static let maxTicks = 50

    public init(values: [Double], step: Double, domainMin: Double, domainMax: Double) {
        self.values = values
        self.step = step
        self.domainMin = domainMin
        self.domainMax = domainMax
    }

    /// Ticks for data spanning `dataMin…dataMax`, about `target` of them (clamped to 2…20).
    ///
    /// `fixedMin`/`fixedMax` pin a domain end exactly (ticks then fall on nice values inside it);
    /// unpinned ends are widened to the next tick. With `integer` (whole-number data, index axes) steps are
    /// whole numbers — 1, 2, 5, 10, 20, 25, 50… — unless pinned ends leave no room for two of them.
    /// Equal data with free ends gets ticks centred on the value (see `centred`); equal pinned or non-finite
    /// inputs are widened to a sensible range around the value, so the result never has a zero, NaN or
    /// infinite step.
    public static func compute(dataMin: Double, dataMax: Double, target: Int = 5,
                               fixedMin: Double? = nil, fixedMax: Double? = nil, integer: Bool = false) -> NiceTicks {
        let target = min(max(target, 2), 20)
        var lo = clean(fixedMin ?? dataMin, fallback: 0)
        var hi = clean(fixedMax ?? dataMax, fallback: lo)
        if lo > hi {
            if fixedMin != nil && fixedMax == nil { hi = lo } else if fixedMax != nil && fixedMin == nil { lo = hi }
            else { swap(&lo, &hi) }
        }
        let pinLo = fixedMin != nil, pinHi = fixedMax != nil
        // Widen a degenerate span around the value: by 10 % of its magnitude, or to 0…1 for zeros.
        // A span below ~1e-12 of the magnitude cannot be split into distinct doubles, so it counts as degenerate;
        // so does one below `minimumSpan`, whose steps would underflow (0 and 5e-324 once trapped in log10(0)),
        // and magnitudes that small count as zero.
        let magnitude = max(abs(lo), abs(hi))
        if hi - lo <= max(magnitude * 1e-12, Self.minimumSpan) {
            if !pinLo && !pinHi {
                let value = magnitude <= Self.minimumSpan ? 0 : lo + (hi - lo) / 2
                if let ticks = centred(on: value, target: target, integer: integer || value == 0) { return ticks }
            }
            let pad = magnitude > Self.minimumSpan ? magnitude * 0.1 : 1
            switch (pinLo, pinHi) {
            case (true, false): hi = lo + pad
            case (false, true): lo = hi - pad
            case (false, false) where magnitude <= Self.minimumSpan: lo = 0; hi = 1
            default: lo -= pad; hi += pad
            }
        }
        let span = hi - lo
        let raw = span / Double(target - 1)
        let exponent = log10(raw).rounded(.down)
        guard exponent.isFinite else {
            return NiceTicks(values: [lo, hi], step: span, domainMin: lo, domainMax: hi)
        }
        // Whole-number steps start at 1 (10 × 10^−1).
        let baseExp = integer ? max(Int(exponent), 0) : Int(exponent)

        var best: (score: Double, step: Step, first: Double, last: Double)?
        for e in (baseExp - 1)...(baseExp + 1) {
            for m in [10, 20, 25, 50] {
                let step = Step(mantissa: m, exponent: e - 1)
                let s = step.value
                guard s > 0, s.isFinite, !integer || s.rounded() == s else { continue }
                // Tick indices: k·s for k in first…last (as doubles: exact integers below 2^53).
                let first = pinLo ? (lo / s).rounded(.up) : (lo / s).rounded(.down)
                let last = pinHi ? (hi / s).rounded(.down) : (hi / s).rounded(.up)
                guard last >= first, last - first < Double(maxTicks) else { continue }
                let count = Int(last - first) + 1
                guard count <= target + 3 else { continue }
                // Talbot et al.'s coverage: ½·((dmax − lmax)² + (dmin − lmin)²) / (0.1·(dmax − dmin))², the
                // label range's overhang squared: an axis wasting a third of the plot loses to a few more ticks.
                let over = (lo: pinLo ? 0 : (lo - first * s) / span, hi: pinHi ? 0 : (last * s - hi) / span)
                let coverage = 0.5 * (over.lo * over.lo + over.hi * over.hi) / 0.01
                var score = coverage * 0.2 + abs(Double(count - target)) * 0.25
                if m == 25 { score += 0.25 }
                if count < 2 { score += 4 }
                if let b = best, score >= b.score - 1e-9 { continue }
                best = (score, step, first, last)
            }
        }
        guard let choice = best else {
            // Pinned ends closer than a whole step: fractional steps after all.
            if integer { return compute(dataMin: lo, dataMax: hi, target: target, fixedMin: fixedMin, fixedMax: fixedMax) }
            // Unreachable for finite spans, kept as a safe answer: the two ends.
            return NiceTicks(values: [lo, hi], step: span, domainMin: lo, domainMax: hi)
        }
        var values: [Double] = []
        values.reserveCapacity(Int(choice.last - choice.first) + 1)
        var k = choice.first
        while k <= choice.last {
            values.append(choice.step.multiple(k))
            k += 1
        }
        let domainMin = pinLo ? lo : values.first ?? lo
        let domainMax = pinHi ? hi : values.last ?? hi
        return NiceTicks(values: values, step: choice.step.value, domainMin: domainMin, domainMax: domainMax)
    }

    /// Ticks for data that is one value `v` (all equal, or a single point): `v` in the middle, with
    /// (target − 1) / 2 (at least one) steps either side, so the axis is readable and the data lies on neither
    /// frame edge. The step is the nice step (1, 2 or 5 × 10^k; whole with `integer`) nearest to a tenth of |v|
    /// spread over those steps (at least 1 with `integer`), made smaller until `v` is a multiple of it, so `v`
    /// itself is a labelled tick: 42 → 38 40 42 44 46, 0 → −2 −1 0 1 2, 0.3 → 0.28 … 0.32. Nil when no step within
    /// 10^−17 of that size divides `v` (a value with more digits than a double holds).
    static func centred(on v: Double, target: Int, integer: Bool) -> NiceTicks? {
        let half = max(1, (target - 1) / 2)
        let raw = max(abs(v) * 0.1 / Double(half), integer ? 1 : 0)
        guard raw > Self.minimumSpan, raw.isFinite else { return nil }
        let ladder = [10, 20, 50]  // mantissas × 10^(e − 1): steps 1, 2, 5 × 10^e
        var e = Int(log10(raw).rounded(.down))
        var index = 2
        // Start at the largest ladder step ≤ raw, then walk down it.
        while index > 0 && Step(mantissa: ladder[index], exponent: e - 1).value > raw * (1 + 1e-12) { index -= 1 }
        if Step(mantissa: ladder[index], exponent: e - 1).value > raw * (1 + 1e-12) { e -= 1; index = 2 }
        for _ in 0..<52 {
            let step = Step(mantissa: ladder[index], exponent: e - 1)
            let s = step.value
            if integer && s < 1 { return nil }
            let k = (v / s).rounded()
            if s > 0, s.isFinite, abs(v / s - k) <= 1e-11 * max(1, abs(k)), abs(k) < 1e15 {
                let values = (-half...half).map { step.multiple(k + Double($0)) }
                return NiceTicks(values: values, step: s, domainMin: values[0], domainMax: values[values.count - 1])
            }
            if index == 0 { e -= 1; index = 2 } else { index -= 1 }
        }
        return nil
    }

    /// The smallest span ticks are computed for: steps of a tenth of it are still normal doubles.
    static let minimumSpan = 1e-290

    /// Replaces non-finite values and clamps to the supported magnitude.
    private static func clean(_ v: Double, fallback: Double) -> Double {
        guard v.isFinite else { return fallback.isFinite ? fallback : 0 }
        return min(max(v, -maxMagnitude), maxMagnitude)
    }

    /// A step `mantissa × 10^exponent` with an integer mantissa, so multiples are exact decimals.
    struct Step {
        var mantissa: Int
        var exponent: Int

        var value: Double { multiple(1) }

        /// `k × mantissa × 10^exponent`, correctly rounded: the integer product is exact, and one
        /// multiplication or division by an exact power of ten rounds once.
        func multiple(_ k: Double) -> Double {
            let n = k * Double(mantissa)
            if exponent >= 0 && exponent <= 22 { return n * pow10(exponent) }
            if exponent < 0 && exponent >= -22 { return n / pow10(-exponent) }
            // Beyond exact powers of ten, let the decimal parser round n × 10^e once, correctly.
            guard abs(n) < 9e15, let parsed = Double("\(Int64(n))e\(exponent)") else { return n * pow10(exponent) }
            return parsed
        }
    }
}

/// 10^e. Exact for |e| ≤ 22, where doubles hold powers of ten exactly.
func pow10(_ e: Int) -> Double {
    if e >= 0 && e <= 22 {
        var r = 1.0
        for _ in 0..<e { r *= 10 }
        return r
    }
    if e < 0 && e >= -22 { return 1 / pow10(-e) }
    return pow(10, Double(e))
}
