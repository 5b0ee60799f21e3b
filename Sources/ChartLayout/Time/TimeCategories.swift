import ChartLocale
import ChartTime
import ChartSpec

/// Bars on a time axis: one band per distinct instant across the series, in time order, labelled as time ticks are
/// (`Mon 3`, `Mar`, `2026` at a year's first bar, `09:00`) at the granularity of the typical spacing; the first
/// names its year when the bars reach into another year.
///
/// The bars stand side by side like categories, because a bar's width must not depend on the gap to its neighbours;
/// a missing day is a gap only when the series says so (`values` with `null`, which `x.start` and `x.step` place on
/// every step). Vertical annotations at an instant land between the bands of the instants around it, linearly.
struct TimeCategories {
    /// The instants of the bands, epoch milliseconds, strictly increasing.
    let instants: [Double]
    let zone: ChartTimeZone
    /// The spec's locale: labels and tooltips use its names and patterns.
    var locale: ChartLocale = .english

    /// The most bands; later instants are dropped (far more than a plot has pixels for).
    static let maxBands = 100_000

    /// The categories of a resolved spec on a time axis, drawn as bars, and the spec re-indexed onto them: every
    /// series' points at x = band index (nil where a series has no value at that instant), vertical annotations and
    /// value bubbles moved to the same index space, the axis labels as `labels` and the x axis made linear. Nil when
    /// `spec` has no time axis or no finite instant. The bar kinds ask for this; other kinds keep a time axis.
    static func categorize(_ spec: ChartSpec) -> (categories: TimeCategories, spec: ChartSpec)? {
        guard spec.x.scale == .time else { return nil }
        var all: [Double] = []
        for series in spec.series { all += series.points.lazy.map(\.x).filter(\.isFinite) }
        all.sort()
        var instants: [Double] = []
        for t in all where instants.last != t {
            guard instants.count < maxBands else { break }
            instants.append(t)
        }
        guard !instants.isEmpty else { return nil }
        let zone = (try? ChartTimeZone(identifier: spec.x.timeZone ?? "UTC")) ?? .utc
        let locale = spec.locale.flatMap { ChartLocale($0) } ?? .english
        let categories = TimeCategories(instants: instants, zone: zone, locale: locale)

        var out = spec
        for k in out.series.indices {
            let original = out.series[k].points
            var dense = (0..<instants.count).map { DataPoint(x: Double($0), y: nil) }
            for p in original {
                if let i = categories.band(of: p.x) { dense[i].y = p.y }
            }
            out.series[k].points = dense
            out.series[k].hasNumericX = false
            out.series[k].xTexts = [:]
        }
        out.annotations = spec.annotations.map { annotation in
            switch annotation {
            case .verticalLine(let x, let label, let color, let dash):
                return .verticalLine(x: categories.position(of: x), label: label, color: color, dash: dash)
            case .box(var box):
                box.xMin = box.xMin.map { categories.position(of: $0) }
                box.xMax = box.xMax.map { categories.position(of: $0) }
                return .box(box)
            case .bubble(let s, let index, let label) where s >= 0 && s < spec.series.count:
                let points = spec.series[s].points
                let i = index < 0 ? points.count + index : index
                guard i >= 0, i < points.count, let band = categories.band(of: points[i].x) else { return annotation }
                return .bubble(series: s, index: band, label: label)
            default:
                return annotation
            }
        }
        out.labels = categories.axisLabels
        out.x.scale = .linear
        out.x.min = nil
        out.x.max = nil
        out.x.timeZone = nil
        out.x.start = nil
        out.x.step = nil
        return (categories, out)
    }

    /// The band at exactly instant `t`, if there is one.
    func band(of t: Double) -> Int? {
        let i = lowerBound(t)
        return i < instants.count && instants[i] == t ? i : nil
    }

    /// `t` in band units: an instant's own band, linearly between the bands around it, clamped to the first and last.
    func position(of t: Double) -> Double {
        guard t.isFinite, let first = instants.first, let last = instants.last else { return 0 }
        if t <= first { return 0 }
        if t >= last { return Double(instants.count - 1) }
        let i = lowerBound(t)  // instants[i - 1] < t ≤ instants[i]
        let a = instants[i - 1], b = instants[i]
        return Double(i - 1) + (t - a) / (b - a)
    }

    /// Axis labels: each instant as a tick of the step nearest the median spacing would be labelled (by its local
    /// date when that step is a day or longer); on bands reaching into more than one year the first names its year,
    /// as on a time axis (`Dec 30, 2025`).
    var axisLabels: [String] {
        var gaps = zip(instants.dropFirst(), instants).map { $0 - $1 }
        gaps.sort()
        let typical = gaps.isEmpty ? 86_400_000 : gaps[gaps.count / 2]
        var step = TimeStep.choose(span: typical, count: 1)
        var shown = instants
        if step.unit >= .day {
            // Bands a day or more apart are labelled by their local dates, even when their instants are not local
            // midnights (UTC midnights in America/Chicago are 18:00 the day before): a time of day alone would not
            // tell them apart. A day inside a month, on a month or year step, is written as a week step writes it
            // (`Feb 28`); a month's first day stays `Mar`.
            shown = instants.map { t in
                let local = zone.localMilliseconds(fromUTC: t)
                return zone.utcMilliseconds(fromLocal: (local / 86_400_000).rounded(.down) * 86_400_000)
            }
            if step.unit >= .month { step = TimeStep(1, .week) }
        }
        var labels = shown.map { TimeTicks.label($0, step: step, zone: zone, locale: locale).0 }
        if let first = shown.first, let last = shown.last,
           let text = TimeTicks.firstLabelWithYear(first: first, last: last, step: step, zone: zone,
                                                          locale: locale) {
            labels[0] = text
        }
        return labels
    }

    /// A band's full instant for tooltips (`2026-03-01`, `2026-03-01 09:30`).
    func tooltipLabel(_ i: Int) -> String {
        i >= 0 && i < instants.count ? TimeAxis.tooltipLabel(instants[i], zone: zone, locale: locale) : String(i + 1)
    }

    /// The first index whose instant is not below `t` (binary search).
    private func lowerBound(_ t: Double) -> Int {
        var lo = 0, hi = instants.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if instants[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
