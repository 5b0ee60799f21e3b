#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartSpec

/// The ticks of a linear axis as its options ask: soft bounds (`softMin`, `softMax`) and `zero: true` widen the range
/// to be covered, `tickStep` fixes the spacing (`NiceTicks.stepped`), and otherwise `NiceTicks.compute` picks about
/// `target` nice ticks. Pinned ends (`fixedMin`, `fixedMax`: the axis's `min`/`max`) win over soft bounds, as
/// Chart.js's `min`/`max` win over `suggestedMin`/`suggestedMax`.
extension AxisOptions {
    func ticks(dataMin: Double, dataMax: Double, target: Int, fixedMin: Double?, fixedMax: Double?,
               integer: Bool) -> NiceTicks {
        var lo = dataMin, hi = dataMax
        if let soft = softMin { lo = Swift.min(lo, soft) }
        if let soft = softMax { hi = Swift.max(hi, soft) }
        if zero == true {
            lo = Swift.min(lo, 0)
            hi = Swift.max(hi, 0)
        }
        if let step = tickStep,
           let ticks = NiceTicks.stepped(dataMin: lo, dataMax: hi, step: step, fixedMin: fixedMin, fixedMax: fixedMax) {
            return ticks
        }
        return NiceTicks.compute(dataMin: lo, dataMax: hi, target: target, fixedMin: fixedMin, fixedMax: fixedMax,
                                 integer: integer)
    }
}

extension NiceTicks {
    /// Ticks every `step` data units (an axis's `tickStep`; Chart.js's `ticks.stepSize`): the multiples of `step`
    /// within the domain. An unpinned end is widened to the next multiple — Chart.js's
    /// `niceMin = ⌊min / step⌋ · step` and `niceMax = ⌈max / step⌉ · step` (`generateTicks`, scale.linearbase.js)
    /// — a pinned end stays where it is.
    /// Values are rounded to the step's decimals, as Chart.js does, so 3 × 0.1 reads 0.3.
    ///
    /// Nil — the caller falls back to automatic ticks — when that would be more than
    /// `ChartSpec.Limits.maxSteppedTicks` ticks (a step of 1e-300 never buys a long loop), or no tick at all.
    static func stepped(dataMin: Double, dataMax: Double, step: Double, fixedMin: Double?,
                        fixedMax: Double?) -> NiceTicks? {
        let limit = maxMagnitude
        var lo = min(max(fixedMin ?? dataMin, -limit), limit), hi = min(max(fixedMax ?? dataMax, -limit), limit)
        guard step > 0, step.isFinite, lo.isFinite, hi.isFinite else { return nil }
        if lo > hi { swap(&lo, &hi) }
        if lo == hi {  // one value: a step either way that is free
            if fixedMax == nil { hi = lo + step } else if fixedMin == nil { lo = hi - step } else { return nil }
        }
        // Ends within 1e-9 steps of a multiple are on it: 0.6 / 0.1 = 5.999999999999999 ends at 0.6, not 0.5.
        func multiples(_ v: Double) -> Double {
            let q = v / step, whole = q.rounded()
            return abs(q - whole) <= 1e-9 * Swift.max(1, abs(q)) ? whole : q
        }
        let first = fixedMin == nil ? multiples(lo).rounded(.down) : multiples(lo).rounded(.up)
        let last = fixedMax == nil ? multiples(hi).rounded(.up) : multiples(hi).rounded(.down)
        guard first.isFinite, last.isFinite, last >= first,
              last - first < Double(ChartSpec.Limits.maxSteppedTicks) else { return nil }
        // The step's decimals (0…15): the least d with step · 10^d whole.
        let decimals = (0...15).first { d in
            let scaled = step * pow10(d)
            return abs(scaled - scaled.rounded()) <= 1e-9 * max(1, scaled)
        }
        let values = (0...Int(last - first)).map { k -> Double in
            let v = (first + Double(k)) * step
            guard let d = decimals, abs(v) * pow10(d) < 9e15 else { return v }
            return (v * pow10(d)).rounded() / pow10(d)
        }
        return NiceTicks(values: values, step: step, domainMin: fixedMin == nil ? values[0] : lo,
                         domainMax: fixedMax == nil ? values[values.count - 1] : hi)
    }
}
