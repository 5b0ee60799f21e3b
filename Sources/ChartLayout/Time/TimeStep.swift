#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A calendar-aware tick interval: a count of one calendar unit (15 minutes, 3 months, 5 years).
public struct TimeStep: Hashable, Sendable, CustomStringConvertible {
    /// Calendar units from fine to coarse.
    public enum Unit: Int, Hashable, Sendable, Comparable, CaseIterable {
        case second, minute, hour, day, week, month, year

        public static func < (a: Unit, b: Unit) -> Bool { a.rawValue < b.rawValue }

        /// Nominal length in milliseconds (months 30 days, years 365.25 days): for choosing a step only.
        public var nominalMilliseconds: Double {
            switch self {
            case .second: 1000
            case .minute: 60_000
            case .hour: 3_600_000
            case .day: 86_400_000
            case .week: 604_800_000
            case .month: 2_592_000_000
            case .year: 31_557_600_000
            }
        }
    }

    public var unit: Unit
    /// How many units per step (≥ 1).
    public var count: Int

    public init(_ count: Int, _ unit: Unit) {
        self.unit = unit
        self.count = max(1, count)
    }

    /// Nominal step length in milliseconds.
    public var nominalMilliseconds: Double { Double(count) * unit.nominalMilliseconds }

    /// Steps of seconds, minutes and hours are exact durations, and every one divides an hour or a day, so ticks
    /// can advance by adding milliseconds; the rest advance on the calendar in local time.
    var isFixedDuration: Bool { unit < .hour || (unit == .hour && count == 1) }

    /// The calendar-nice steps up to one year; longer steps are 1, 2, 5 × 10^k years.
    public static let ladder: [TimeStep] = [
        TimeStep(1, .second), TimeStep(2, .second), TimeStep(5, .second), TimeStep(10, .second),
        TimeStep(15, .second), TimeStep(30, .second),
        TimeStep(1, .minute), TimeStep(2, .minute), TimeStep(5, .minute), TimeStep(10, .minute),
        TimeStep(15, .minute), TimeStep(30, .minute),
        TimeStep(1, .hour), TimeStep(3, .hour), TimeStep(6, .hour), TimeStep(12, .hour),
        TimeStep(1, .day), TimeStep(2, .day), TimeStep(1, .week),
        TimeStep(1, .month), TimeStep(3, .month), TimeStep(6, .month), TimeStep(1, .year),
    ]

    /// The step whose nominal length is nearest (by ratio) to `span / count`, so about `count` ticks fit in `span`
    /// milliseconds. Spans that are empty or not finite get one second.
    public static func choose(span: Double, count: Int) -> TimeStep {
        let target = span / Double(max(1, count))
        guard target.isFinite, target > 0 else { return TimeStep(1, .second) }
        func distance(_ step: TimeStep) -> Double { abs(log(step.nominalMilliseconds / target)) }
        var candidates = ladder
        let years = target / Unit.year.nominalMilliseconds
        if years > 1 {
            // 1, 2, 5 × 10^k years around the target.
            var decade = 1
            while Double(decade) * 10 <= years, decade < 100_000_000 { decade *= 10 }
            candidates += [1, 2, 5, 10].map { TimeStep($0 * decade, .year) }
        }
        var best = candidates[0]
        for step in candidates where distance(step) < distance(best) { best = step }
        return best
    }

    public var description: String { "\(count) \(unit)" }
}
