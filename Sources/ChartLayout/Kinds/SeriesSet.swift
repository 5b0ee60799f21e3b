import ChartTime
import ChartScene
import ChartSpec

/// The spec's series as the series-drawing kinds (line/area, bars, scatter) need them: reduced to their runs, the x
/// axis mode, and how tooltips and the description name things. Computed once per chart (it walks every point).
struct SeriesSet {
    let ctx: LayoutContext
    let data: [SeriesData]
    /// The x axis kind and extent.
    let xMode: XMode
    /// For bars on a time axis: the instants of the bands (the spec is then in band-index space).
    let timeCategories: TimeCategories?
    /// The tooltip labels of a time axis' instants, formatted once for all series (nil on other axes).
    private let timeLabels: TooltipLabelMemo?

    /// The series of `ctx.spec`; `bands` puts categories on bands (bars), even without labels.
    init(ctx: LayoutContext, timeCategories: TimeCategories?, bands: Bool) {
        let spec = ctx.spec
        self.ctx = ctx
        self.timeCategories = timeCategories
        let data = spec.series.enumerated().map { SeriesData(index: $0.offset, series: $0.element) }
        self.data = data
        xMode = Self.xMode(spec: spec, numericX: spec.series.contains { $0.hasNumericX },
                           longest: spec.series.reduce(0) { max($0, $1.points.count) }, data: data, bands: bands)
        if case .time(_, _, let zone) = xMode {
            timeLabels = TooltipLabelMemo(zone: zone, locale: ctx.locale)
        } else {
            timeLabels = nil
        }
    }

    var spec: ChartSpec { ctx.spec }

    /// The legend of a chart drawing one entry per series: shown when asked for, or by default with several series.
    func legend(swatch: (Int) -> Legend.Swatch) -> [Legend.Item]? {
        guard spec.legend ?? (spec.series.count > 1), !spec.series.isEmpty else { return nil }
        return spec.series.indices.map { Legend.Item(text: ctx.seriesName($0), swatch: swatch($0)) }
    }

    /// A series' line swatch: its stroke (or gradient start), dash, and its dot (hollow or filled) when it has dots;
    /// a dot alone when it draws no line.
    func lineSwatch(_ k: Int) -> Legend.Swatch {
        let series = spec.series[k], color = ctx.seriesColor(k)
        // A series that draws no line shows a dot.
        if series.line == false { return .dot(color) }
        return .line(color: series.strokeGradient.first ?? color, dash: series.dash,
                     dot: series.dots ? (color, series.dot.style == .filled) : nil)
    }

    /// How far lines and dots reach beyond their data point: half the widest line, a dot and its ring, or the dot
    /// of a lone point between gaps (`SeriesMarks`: radius max(line width, 2.5)).
    var lineReach: Double {
        var reach = 0.0
        for d in data {
            let lw = d.series.lineWidth
            let line = d.runs.contains { $0.count == 1 } ? max(lw, 2.5) : lw / 2  // a lone point's dot, or the stroke
            reach = max(reach, d.series.dots ? ctx.dotRadius(lineWidth: lw) + max(1.5, min(lw, 3)) / 2 : line)
        }
        return reach
    }

    /// How tooltips name category `i`: its full instant for bars on a time axis, else its label (or its number).
    func categoryName(_ i: Int, labels: [String]) -> String {
        timeCategories?.tooltipLabel(i) ?? (i < labels.count ? labels[i] : String(i + 1))
    }

    /// How tooltips name the x of point `i` of `series`.
    func xLabel(series: Series, formatter: TickFormatter) -> (Int) -> String {
        let points = series.points
        switch xMode {
        case .categories(let labels, _): return { i in categoryName(i, labels: labels) }
        case .time(_, _, let zone):
            if let timeLabels { return { i in timeLabels.label(points[i].x) } }
            let locale = ctx.locale
            return { i in TimeAxis.tooltipLabel(points[i].x, zone: zone, locale: locale) }
        case .numeric: return { i in formatter.string(points[i].x) }
        }
    }

    /// "Line chart with 3 series: A, B, C; y from 20 to 100", and "; y2 from 0 to 1" with a second axis.
    func description(kind: String, domain: (Double, Double), formatter: TickFormatter,
                     y2: (domain: (Double, Double), formatter: TickFormatter)? = nil) -> String {
        guard !spec.series.isEmpty else { return "\(kind) with no data" }
        let shown = 10
        var names = spec.series.indices.prefix(shown).map { ctx.seriesName($0) }.joined(separator: ", ")
        if spec.series.count > shown { names += ", …" }
        let second = y2.map { "; y2 from \($0.formatter.string($0.domain.0)) to \($0.formatter.string($0.domain.1))" }
        return "\(kind) with \(spec.series.count) series: \(names); y from \(formatter.string(domain.0)) "
            + "to \(formatter.string(domain.1))" + (second ?? "")
    }

    /// The range value axis `axis` covers: `start` (bar heights or stack totals), all finite values of the series on
    /// it, its horizontal annotations and box bounds, and zero when `includeZero`; in log10 space on a log axis.
    static func yExtent(data: [SeriesData], start: (min: Double, max: Double) = (.infinity, -.infinity),
                        includeZero: Bool, ctx: LayoutContext, axis: ValueAxis = .y) -> (min: Double, max: Double) {
        let spec = ctx.spec
        var (lo, hi) = start
        for d in data where d.finiteCount > 0 && (d.series.axis ?? .y) == axis {
            lo = min(lo, d.yMin)
            hi = max(hi, d.yMax)
        }
        for annotation in spec.annotations {
            let values: [Double?]
            switch annotation {
            case .horizontalLine(let y, _, _, _, let on) where (on ?? .y) == axis: values = [y]
            case .box(let box) where (box.axis ?? .y) == axis: values = [box.yMin, box.yMax]
            default: continue
            }
            for case let y? in values where y.isFinite {
                lo = min(lo, y)
                hi = max(hi, y)
            }
        }
        if includeZero {
            lo = min(lo, 0)
            hi = max(hi, 0)
        }
        // Laid out in log10 space; the spec layer rejected non-positive values.
        if spec.options(of: axis).scale == .log {
            return lo <= hi && hi > 0 ? (LogScale.log10Clamped(lo), LogScale.log10Clamped(hi)) : (0, 1)
        }
        return lo <= hi ? (lo, hi) : (0, 0)
    }

    /// Categories on bands (bars: `labels`, else numbered); category labels when the spec has them and no series has
    /// numeric x; numeric (or time) x otherwise. `longest` is the most points of one series.
    static func xMode(spec: ChartSpec, numericX: Bool, longest: Int, data: [SeriesData], bands: Bool) -> XMode {
        if bands {
            let count = max(spec.labels?.count ?? 0, longest)
            return .categories(labels: spec.labels ?? (0..<min(count, 10_000)).map { String($0 + 1) }, count: count)
        }
        if let labels = spec.labels, !numericX {
            return .categories(labels: labels, count: max(labels.count, longest))
        }
        var lo = Double.infinity, hi = -Double.infinity
        for d in data {
            lo = min(lo, d.xMin)
            hi = max(hi, d.xMax)
        }
        if lo > hi { (lo, hi) = (0, 0) }
        lo = spec.x.min.flatMap { $0.isFinite ? $0 : nil } ?? lo
        hi = spec.x.max.flatMap { $0.isFinite ? $0 : nil } ?? hi
        if lo > hi { swap(&lo, &hi) }
        if spec.x.scale == .time {
            return .time(min: lo, max: hi, zone: (try? ChartTimeZone(identifier: spec.x.timeZone ?? "UTC")) ?? .utc)
        }
        return .numeric(min: lo, max: hi, indexOnly: !numericX)
    }
}
