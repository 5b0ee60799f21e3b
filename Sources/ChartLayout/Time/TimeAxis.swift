import ChartLocale
import ChartTime
import ChartScene
import ChartSpec

/// The x axis of time data: calendar ticks (`TimeTicks`) in the axis zone, as many as fit without overlapping.
enum TimeAxis {
    /// Tick labels for the instants `lo…hi` (epoch milliseconds): the tick count target shrinks from the spec's
    /// `tickCount` until neighbouring labels have room.
    static func labels(lo: Double, hi: Double, zone: ChartTimeZone, x: (Double) -> Double, plot: Rect,
                       ctx: LayoutContext) -> XAxisLayout {
        let size = ctx.style.tickSize
        let height = ctx.style.tickGap + ctx.lineHeight(size)
        guard hi > lo else {
            let single = [TimeTick(value: lo, label: tooltipLabel(lo, zone: zone, locale: ctx.locale), isBoundary: false)]
            let placed = XAxisLayout.centeredRuns(values: single.map(\.value), labels: single.map(\.label), x: x,
                                                  plot: plot, ctx: ctx)
            return XAxisLayout(runs: placed.runs, tickXs: placed.tickXs, rotated: false, height: height,
                               instants: placed.values)
        }
        var ticks: [TimeTick] = []
        var target = max(2, min(ctx.spec.x.tickCount, 20))
        while true {
            ticks = TimeTicks.ticks(from: lo, to: hi, count: target, zone: zone, locale: ctx.locale)
            let widest = ticks.reduce(0) { max($0, ctx.width($1.label, size: size)) }
            let spacing = ticks.count > 1 ? abs(x(ticks[1].value) - x(ticks[0].value)) : plot.width
            if spacing >= widest + ctx.style.labelGap || target == 2 { break }
            target -= 1
        }
        let placed = XAxisLayout.centeredRuns(values: ticks.map(\.value), labels: ticks.map(\.label), x: x,
                                              plot: plot, ctx: ctx)
        return XAxisLayout(runs: placed.runs, tickXs: placed.tickXs, rotated: false, height: height,
                           instants: placed.values)
    }

    /// A full instant for tooltips, in the axis zone: `2026-03-01 09:30` (seconds only when not zero); in another
    /// locale its `yMMMd` date and `Hm`/`Hms` time joined by its date-time pattern (`3. März 2026, 09:30`).
    static func tooltipLabel(_ t: Double, zone: ChartTimeZone, locale: ChartLocale = .english) -> String {
        guard t.isFinite else { return "?" }
        let local = zone.localMilliseconds(fromUTC: min(max(t, -TimeTicks.maxAbsMilliseconds),
                                                        TimeTicks.maxAbsMilliseconds))
        let days = (local / 86_400_000).rounded(.down)
        let seconds = Int(((local - days * 86_400_000) / 1000).rounded(.down))
        let date = CivilDate(daysSinceEpoch: Int(days))
        if !locale.isDefault {
            let fields = LocalDateTime(year: date.year, month: date.month, day: date.day, weekday: date.weekday,
                                       hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
            guard seconds != 0 else { return locale.format(fields, .dayMonthYear) }
            return locale.format(fields, date: .dayMonthYear, time: seconds % 60 != 0 ? .timeWithSeconds : .time)
        }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        var text = "\(date.year)-\(two(date.month))-\(two(date.day))"
        if seconds != 0 {
            text += " \(two(seconds / 3600)):\(two(seconds / 60 % 60))"
            if seconds % 60 != 0 { text += ":\(two(seconds % 60))" }
        }
        return text
    }
}
