import Foundation
import Testing
@testable import ChartLayout

/// One row of the tick table: data extent, target count, optional pinned ends.
struct TickCase: CustomTestStringConvertible, Sendable {
    var min: Double
    var max: Double
    var target = 5
    var fixedMin: Double?
    var fixedMax: Double?
    var testDescription: String {
        "\(min)…\(max) target \(target) pins \(String(describing: fixedMin))/\(String(describing: fixedMax))"
    }
}

struct NiceTicksTests {
    static let unpinned: [TickCase] = [
        TickCase(min: 22, max: 91), TickCase(min: 0, max: 100), TickCase(min: 0, max: 1), TickCase(min: 0, max: 0.3),
        TickCase(min: -50, max: 50), TickCase(min: -1, max: -0.001), TickCase(min: 1e-9, max: 5e-9),
        TickCase(min: 1e12, max: 5e12), TickCase(min: -1e12, max: 1e12), TickCase(min: 5, max: 5),
        TickCase(min: 0, max: 0), TickCase(min: -3, max: -3), TickCase(min: 1e-9, max: 1e-9),
        TickCase(min: 1e12, max: 1e12), TickCase(min: 0.1, max: 0.7), TickCase(min: 3, max: 97),
        TickCase(min: 1, max: 2), TickCase(min: 99, max: 101), TickCase(min: 1e15, max: 1e15 + 1),
        TickCase(min: -7.3, max: 12.9), TickCase(min: 1234, max: 98765), TickCase(min: 0.0001, max: 0.0009),
        TickCase(min: 17, max: 17.0000001), TickCase(min: -1e150, max: 1e150), TickCase(min: 0, max: 101),
        TickCase(min: 0.1 + 0.2, max: 0.9), TickCase(min: 0, max: 100, target: 10), TickCase(min: 0, max: 100, target: 3),
        TickCase(min: 0, max: 1e-300), TickCase(min: 2e-7, max: 9.5e-7),
    ]

    /// Step mantissa 1, 2, 2.5 or 5; ticks one step apart, increasing, finite, and exactly the decimal
    /// k × 10^e they stand for (so 0.3 is 0.3, not 0.30000000000000004).
    static func checkShape(_ t: NiceTicks) {
        #expect(!t.values.isEmpty)
        #expect(t.step > 0 && t.step.isFinite)
        let e = Int(log10(t.step).rounded(.down))
        let mantissa = t.step / pow(10, Double(e))
        #expect([1, 2, 2.5, 5, 10].contains { abs($0 - mantissa) < 1e-9 }, "step \(t.step)")
        for (a, b) in zip(t.values, t.values.dropFirst()) {
            #expect(b > a)
            #expect(abs((b - a) - t.step) <= t.step * 1e-6)
        }
        let unit = pow(10, Double(e - 1))
        for v in t.values {
            #expect(v.isFinite)
            let k = (v / unit).rounded()
            #expect(abs(k) < 1e15)
            if let exact = Double("\(Int64(k))e\(e - 1)") { #expect(v == exact, "tick \(v) is not a clean decimal") }
        }
    }

    @Test(arguments: unpinned)
    func unpinnedTicksCoverTheDataWithNiceSteps(_ c: TickCase) {
        let t = NiceTicks.compute(dataMin: c.min, dataMax: c.max, target: c.target)
        Self.checkShape(t)
        #expect(t.domainMin == t.values.first && t.domainMax == t.values.last)
        let clampedMin = Swift.max(c.min, -NiceTicks.maxMagnitude), clampedMax = Swift.min(c.max, NiceTicks.maxMagnitude)
        #expect(t.domainMin <= clampedMin && t.domainMax >= clampedMax)
        #expect(t.domainMax > t.domainMin)
        // Up to target + 3 ticks: the scoring takes a few more ticks over an axis that overhangs the data (as d3's
        // ticks do: −5…6 by 2, not by 5).
        #expect(t.values.count >= Swift.max(2, c.target - 1) && t.values.count <= c.target + 3, "\(t.values)")
    }

    @Test func textbookRangeGetsTwentyStepsFromTwentyToHundred() {
        let t = NiceTicks.compute(dataMin: 22, dataMax: 91)
        #expect(t.values == [20, 40, 60, 80, 100])
        #expect(t.step == 20)
    }

    /// 0 and the smallest subnormal (a 60-byte GET URL) trapped in log10(0) and killed the process; spans whose steps
    /// would underflow are degenerate, and magnitudes that small count as zero.
    @Test(arguments: [(0.0, Double.leastNonzeroMagnitude), (.leastNonzeroMagnitude, .leastNonzeroMagnitude),
                      (-.leastNonzeroMagnitude, .leastNonzeroMagnitude), (1e-300, 2e-300),
                      (0, .leastNormalMagnitude)])
    func subnormalSpansGetTheZeroAxis(range: (Double, Double)) {
        let t = NiceTicks.compute(dataMin: range.0, dataMax: range.1)
        #expect(t.values == [-2, -1, 0, 1, 2], "\(t.values)")
        #expect(t.values.allSatisfy { $0.isFinite })
    }

    @Test func tinyButNormalSpansStillGetTicks() {
        let t = NiceTicks.compute(dataMin: 1e-200, dataMax: 5e-200)
        #expect(t.values.count >= 3)
        #expect(t.step > 0 && t.step.isFinite)
    }

    @Test func floatingNoiseIsCleaned() {
        let t = NiceTicks.compute(dataMin: 0, dataMax: 0.5)
        #expect(t.values.contains(0.3) || t.values.contains(0.2))
        #expect(!t.values.contains(0.30000000000000004))
    }

    @Test func equalValuesGetARangeAroundThem() {
        let t = NiceTicks.compute(dataMin: 5, dataMax: 5)
        #expect(t.domainMin < 5 && t.domainMax > 5)
        let zero = NiceTicks.compute(dataMin: 0, dataMax: 0)
        #expect(zero.domainMin == -2 && zero.domainMax == 2)
    }

    /// Whole-number data: (min, max, target) → the expected ticks. matplotlib's MaxNLocator(integer=True) and d3's
    /// ticks choose whole steps for these too (docs/ticks.md); without `integer` 0…1 gets a fractional step.
    static let wholeNumberTable: [(Double, Double, Int, [Double])] = [
        (-5.0, 3.0, 5, [-6.0, -4, -2, 0, 2, 4]), (0, 4, 5, [0, 1, 2, 3, 4]), (0, 3, 5, [0, 1, 2, 3]),
        (0, 1, 5, [0, 1]), (3, 7, 5, [3, 4, 5, 6, 7]), (0, 5, 3, [0, 5]), (-1, 1, 5, [-1, 0, 1]),
        (22, 103, 5, [20, 40, 60, 80, 100, 120]), (1, 2, 20, [1, 2]),
    ]

    @Test(arguments: wholeNumberTable)
    func wholeNumberDataGetsWholeSteps(min: Double, max: Double, target: Int, expected: [Double]) {
        let t = NiceTicks.compute(dataMin: min, dataMax: max, target: target, integer: true)
        #expect(t.values == expected)
        #expect(t.step.rounded() == t.step && t.step >= 1)
        Self.checkShape(t)
    }

    @Test func theSameRangesGetFractionalStepsWithoutTheIntegerHint() {
        #expect(NiceTicks.compute(dataMin: 1.5, dataMax: 2.25).step == 0.25)
        #expect(NiceTicks.compute(dataMin: 0, dataMax: 1).step < 1)
    }

    /// An index axis pinned to 0…5 labels whole indices; pins closer than one whole step fall back to fractions.
    @Test func pinnedWholeNumberAxes() {
        #expect(NiceTicks.compute(dataMin: 0, dataMax: 5, fixedMin: 0, fixedMax: 5, integer: true).values
            == [0, 1, 2, 3, 4, 5])
        let narrow = NiceTicks.compute(dataMin: 0.2, dataMax: 0.8, fixedMin: 0.2, fixedMax: 0.8, integer: true)
        #expect(narrow.values.count >= 2 && narrow.step < 1)
    }

    /// Degenerate data (one value): the value is the middle tick, ticks are whole for whole values, the step is a
    /// nice 1/2/5 × 10^k. (value, integer, target) → ticks.
    static let degenerateTable: [(Double, Bool, Int, [Double])] = [
        (0.0, true, 5, [-2.0, -1, 0, 1, 2]), (42, true, 5, [38, 40, 42, 44, 46]), (37, true, 5, [35, 36, 37, 38, 39]),
        (-3, true, 5, [-5, -4, -3, -2, -1]), (1000, true, 5, [900, 950, 1000, 1050, 1100]),
        (0.3, false, 5, [0.28, 0.29, 0.3, 0.31, 0.32]), (0.1 + 0.2, false, 5, [0.28, 0.29, 0.3, 0.31, 0.32]),
        (5, true, 2, [4, 5, 6]), (1e9 + 1, true, 5, [1e9 - 1, 1e9, 1e9 + 1, 1e9 + 2, 1e9 + 3]),
        (0, false, 5, [-2, -1, 0, 1, 2]), (2.5, false, 5, [2.3, 2.4, 2.5, 2.6, 2.7]),
    ]

    @Test(arguments: degenerateTable)
    func degenerateDataIsCentred(value: Double, integer: Bool, target: Int, expected: [Double]) {
        let t = NiceTicks.compute(dataMin: value, dataMax: value, target: target, integer: integer)
        #expect(t.values == expected)
        #expect(t.domainMin == expected.first && t.domainMax == expected.last)
        Self.checkShape(t)
    }


    @Test func nonFiniteInputStillGivesFiniteTicks() {
        for (lo, hi) in [(Double.nan, 5.0), (-.infinity, .infinity), (.nan, .nan), (3, .infinity)] {
            let t = NiceTicks.compute(dataMin: lo, dataMax: hi)
            Self.checkShape(t)
            #expect(t.domainMin.isFinite && t.domainMax.isFinite)
        }
    }

    static let pinned: [TickCase] = [
        TickCase(min: 0.5, max: 9.5, fixedMin: 0, fixedMax: 10), TickCase(min: 3.7, max: 50, fixedMin: 3.7),
        TickCase(min: 3, max: 47, fixedMax: 100), TickCase(min: 10, max: 20, fixedMin: 30),
        TickCase(min: -5, max: 5, fixedMin: -12.5, fixedMax: 12.5), TickCase(min: 1, max: 1, fixedMin: 1, fixedMax: 1),
        TickCase(min: 0, max: 1, fixedMin: 0.1, fixedMax: 0.2),
    ]

    @Test(arguments: pinned)
    func explicitBoundsAreRespected(_ c: TickCase) {
        let t = NiceTicks.compute(dataMin: c.min, dataMax: c.max, target: c.target, fixedMin: c.fixedMin,
                                  fixedMax: c.fixedMax)
        Self.checkShape(t)
        #expect(t.domainMax > t.domainMin)
        if let lo = c.fixedMin, c.fixedMax != c.fixedMin { #expect(t.domainMin == lo) }
        if let hi = c.fixedMax, c.fixedMax != c.fixedMin { #expect(t.domainMax == hi) }
        for v in t.values { #expect(v >= t.domainMin - 1e-12 && v <= t.domainMax + 1e-12) }
    }

    @Test func pinnedDomainKeepsTicksOnMultiplesOfTheStep() {
        let t = NiceTicks.compute(dataMin: 3.7, dataMax: 50, fixedMin: 3.7)
        #expect(!t.values.contains(3.7))
        for v in t.values { #expect(abs(v / t.step - (v / t.step).rounded()) < 1e-9) }
    }
}
