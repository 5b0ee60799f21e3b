public import ChartScene
import ChartLocale

/// A chart request. Every optional field of the JSON has been resolved to a default, so the layout never re-checks
/// input. Read one from JSON with `ChartSpec.parse(_:)` (validated), or build one in Swift
/// (`ChartSpec(type: .line, title: "Sales")`, then set `series` and the rest) and let `validated()` — which
/// `ChartRenderer.render` calls — apply exactly the checks and limits JSON gets.
public struct ChartSpec: Hashable, Sendable {
    /// The kind of chart.
    public var type: ChartType = .line
    /// Canvas size in CSS pixels (16…4096 each).
    public var width: Double = 640
    /// Canvas height in CSS pixels (16…4096).
    public var height: Double = 360
    /// Device pixel ratio for raster output (1…4).
    public var scale: Double = 1
    /// The requested output; nil when the spec does not say (the caller decides, e.g. from `Accept`).
    public var format: OutputFormat?
    /// The title; "\n" starts a new line (at most `Limits.titleLines` lines).
    public var title: String?
    /// The title's color and size; nil means the default look.
    public var titleStyle: TitleStyle?
    /// A line under the title; nil for none.
    public var subtitle: String?
    /// Category labels for x, one per value index.
    public var labels: [String]?
    /// The data: 1…64 series, at most 1,000,000 points each and 2,000,000 in all.
    public var series: [Series] = []
    /// The x axis; no vertical grid lines by default.
    public var x = AxisOptions(grid: false)
    /// The y axis; horizontal grid lines by default.
    public var y = AxisOptions()
    /// The second value axis, on the right of the plot, for the series that say `axis: .y2` (line, area and
    /// vertical bar charts); drawn only when some series is on it. nil when not given: its defaults then (no grid).
    public var y2: AxisOptions?
    /// Reference lines, boxes and value bubbles drawn over the data (at most 100).
    public var annotations: [Annotation] = []
    /// A vertical line's `x` given as ISO-8601 text (on a time axis), by annotation index; that annotation's `x` is
    /// NaN until resolved against the x axis zone (`ChartLayout.resolvingTimes`). Empty for numeric x.
    public var annotationXTexts: [Int: String] = [:]
    /// Light or dark look.
    public var theme: Theme = .light
    /// nil means the theme's background; `.transparent` draws none.
    public var background: Color?
    /// Series colors in order; nil means the theme's colorblind-safe default palette.
    public var palette: [Color]?
    /// Legend visibility; nil means "shown when there is more than one series".
    public var legend: Bool?
    /// Where the legend goes; nil means the default (top).
    public var legendPosition: LegendPosition?
    /// Sparkline mode: no axes, grid, legend or padding.
    public var axes: Bool = true
    /// Animation options for `smil` output; `.disabled` means none.
    public var animation: AnimationOptions = AnimationOptions()
    /// The locale numbers, dates and the chart's own words are written in: a BCP 47 tag in canonical case
    /// (`de-CH`, `zh-Hant-TW`), resolved against the shipped CLDR tables (`ChartLocale`; `de-AT` → `de`); nil for
    /// the default, `en`.
    public var locale: String?
    /// How text is written in SVG output.
    public var text: TextMode = .native
    /// The font family of the chart's text; nil means the default fonts.
    public var font: FontOptions?
    /// PNG compression trade-off.
    public var compression: Compression = .balanced
    /// Lossy quality, 1 (smallest) … 100 (best): WebP is lossless when nil and lossy VP8 at this quality when set;
    /// JPEG uses 90 when nil. Every other format ignores it (and it does not change their cache keys).
    public var quality: Int?
    /// How a `bar` chart draws its bars.
    public var bars = BarOptions()
    /// Ring gauge options (`type: "ring"`).
    public var ring = RingOptions()
    /// Lead/deficit chart options (`type: "diff"`).
    public var diff = DiffOptions()
    /// Pie and doughnut options (`type: "pie"`, `"doughnut"`).
    public var pie = PieOptions()
    /// The reading direction the spec asks for (`direction`); nil means "not said" (see `readingDirection`).
    public var direction: TextDirection?
    /// Whether an axis-based chart's plot is mirrored (`mirrorAxes`): x runs right to left, the value axis sits on
    /// the right (`y2` on the left) and horizontal bars grow leftwards from categories on the right. nil and false
    /// keep the usual orientation. Pies, doughnuts, rings and radar charts ignore it.
    public var mirrorAxes: Bool?
    /// Set by the validator; lets `validated()` skip a spec unchanged since (not part of `==` or the hash).
    var validation = ValidationStamp()

    /// A spec with every default: a 640×360 line chart, light theme, no series yet (a valid spec needs 1…64).
    public init() {}
}

extension ChartSpec {
    /// The direction the chart is laid out in: `direction` when given, else that of its `locale`'s script (right to
    /// left for Arabic, Persian and Hebrew), else left to right.
    ///
    /// Right to left puts the title and subtitle on the right and makes the legend flow from the right.
    public var readingDirection: TextDirection {
        if let direction { return direction }
        return locale.flatMap { ChartLocale($0) }?.isRightToLeft == true ? .rtl : .ltr
    }

    /// Whether the chart has a second value axis: some series is measured on `y2`.
    public var hasY2: Bool { series.contains { $0.axis == .y2 } }

    /// The options of value axis `axis` (`y2`'s defaults when it was not given: no grid).
    public func options(of axis: ValueAxis?) -> AxisOptions {
        axis == .y2 ? y2 ?? AxisOptions(grid: false) : y
    }
}

/// The chart kinds.
public enum ChartType: String, Hashable, Sendable, CaseIterable {
    /// Lines through the points of each series.
    case line
    /// Lines with the area under them filled.
    case area
    /// Vertical or horizontal bars per category, grouped or stacked (see `ChartSpec.bars`).
    case bar
    /// Dots at numeric (or time) x; a third point element makes a bubble chart.
    case scatter
    /// Progress rings, one per series (`RingOptions`).
    case ring
    /// The difference of two series around zero, colored by who leads (`DiffOptions`).
    case diff
    /// Slices of the first series' values (`PieOptions`).
    case pie
    /// A pie with a hole.
    case doughnut
    /// One spoke per category (`labels`), each series a closed polygon on a radial value scale from the center.
    case radar
}

/// The look of axes, grid, text and background, and the default palette.
public enum Theme: String, Hashable, Sendable, CaseIterable {
    /// Dark text on a white background.
    case light
    /// Light text on a dark background.
    case dark
}

/// SVG text: `<text>` elements, or glyph outlines as paths (identical wherever shown).
public enum TextMode: String, Hashable, Sendable, CaseIterable {
    /// `<text>` elements: small, selectable, drawn with the viewer's fonts.
    case native
    /// Glyph outlines as paths: looks the same everywhere, larger.
    case paths
}

/// PNG encoder trade-off between speed and size.
public enum Compression: String, Hashable, Sendable, CaseIterable {
    /// Fastest encoding, larger files.
    case fast
    /// The default trade-off.
    case balanced
    /// Smallest files, slower encoding.
    case small
}

/// One data series.
public struct Series: Hashable, Sendable {
    /// Shown in the legend and tooltips; nil for none.
    public var name: String?
    /// The data in x order. For category data, `x` is the index; `y` nil is a gap that breaks the line.
    public var points: [DataPoint]
    /// True when the series was given as `points` (numeric x) rather than `values` (category index).
    public var hasNumericX: Bool
    /// nil means the palette's color for this series index.
    public var color: Color?
    /// Per-point colors, by point index (at most one per point; a shorter list repeats, as Chart.js's indexable
    /// options do, so a 2-color list alternates): the fill of bar i, of scatter or bubble dot i, of pie slice i, the
    /// dot of line point i. A nil entry takes `color`. Empty when not given.
    public var colors: [Color?] = []
    /// The outline of each bar, pie slice and bubble of the series; nil means the mark's own color (a pie slice's:
    /// the background) when `borderWidth` is given, else no outline (bubbles keep their 1 px outline in their own
    /// color, a pie its 1 px background-colored slice separators).
    public var borderColor: Color?
    /// The outline's width in CSS px (`ChartSpec.Limits.borderWidth`), drawn inside a bar's bounds and centered on
    /// a slice's or bubble's edge; nil means 1 when `borderColor` is given, else no outline.
    public var borderWidth: Double?
    /// How consecutive points are joined.
    public var curve: Curve = .monotone
    /// Stroke width in CSS px (`ChartSpec.Limits.lineWidth`).
    public var lineWidth: Double = 2
    /// Whether the line joining the points is drawn; nil means true. false leaves the dots (if any) and the fill.
    public var line: Bool?
    /// Whether a null value is bridged: the line (and fill) runs straight from the point before it to the point after
    /// it (Chart.js's `spanGaps`); nil means false, a null breaks the line.
    public var spanGaps: Bool?
    /// A dot on every drawn point, styled by `dot`.
    public var dots: Bool = false
    /// The look of the dots (when `dots`).
    public var dot = DotOptions()
    /// What is painted under the line.
    public var fill: FillMode = .none
    /// Opacity of the fill (0…1): a solid fill's, or a gradient fill's at its strong end; nil means the look's
    /// default (0.25 solid, 0.45 gradient). The seed's fill fades in to 0.7.
    public var fillOpacity: Double?
    /// The color of the fill, apart from the line's; nil means the line's color. A color with an alpha channel is
    /// used as given (times `fillOpacity` when that is given); an opaque one gets `fillOpacity` or the default.
    public var fillColor: Color?
    /// Where the fill ends; nil means `.zero`.
    public var fillTo: FillTarget?
    /// Colors spread evenly along the stroke, left to right; empty for a plain stroke.
    public var strokeGradient: [Color] = []
    /// Dash on/off lengths in CSS px; empty for a solid line.
    public var dash: [Double] = []
    /// Bubble sizes (the optional third element of each point), parallel to `points`; empty when not given.
    public var sizes: [Double] = []
    /// What `sizes` mean; nil means `.scaled`.
    public var sizeMode: SizeMode?
    /// Timestamps given as ISO-8601 text, by point index; their `x` is NaN until resolved against the
    /// x axis zone (`ChartLayout.resolvingTimes`). Empty for purely numeric data.
    public var xTexts: [Int: String] = [:]
    /// In a bar chart, `.line` draws this series as a line over the bars; nil means the chart's own kind.
    public var mark: SeriesMark?
    /// The value axis the series is measured on; nil means `y`.
    public var axis: ValueAxis?
    /// How a series with far more points than pixels is thinned before drawing.
    public var decimation: Decimation = .lttb

    /// A series of `points`; `hasNumericX` says whether x is numeric (else the index).
    /// `init(name:values:color:)` and `init(name:xy:color:)` are shorter.
    public init(name: String? = nil, points: [DataPoint], hasNumericX: Bool = false) {
        self.name = name
        self.points = points
        self.hasNumericX = hasNumericX
    }
}

/// One datum: x (index or numeric) and y (nil for a gap).
public struct DataPoint: Hashable, Sendable {
    /// The category index, or the numeric (time: epoch milliseconds) x.
    public var x: Double
    /// The value; nil is a gap.
    public var y: Double?

    /// A point at `x` with value `y` (nil for a gap).
    public init(x: Double, y: Double?) {
        self.x = x
        self.y = y
    }
}

/// A per-series override of how a series is drawn inside a bar chart.
public enum SeriesMark: String, Hashable, Sendable, CaseIterable {
    /// Drawn as a line over the bars.
    case line
    /// Drawn as bars.
    case bar
}

/// A value axis: the left `y` or the right `y2`.
public enum ValueAxis: String, Hashable, Sendable, CaseIterable {
    /// The left value axis.
    case y
    /// The right value axis.
    case y2
}

/// Decimation of large series: Largest-Triangle-Three-Buckets (shape-preserving) or per-pixel-column
/// min/max (M4, keeps every spike).
public enum Decimation: String, Hashable, Sendable, CaseIterable {
    /// Largest-Triangle-Three-Buckets: keeps the shape of the line.
    case lttb
    /// Per pixel column min and max: keeps every spike.
    case minmax
}

/// How a bar chart draws its bars.
public struct BarOptions: Hashable, Sendable {
    /// Vertical bars (categories along x) or horizontal ones (categories down y).
    public var orientation: BarOrientation = .vertical
    /// Series side by side, or stacked.
    public var mode: BarMode = .grouped
    /// Radius of the bar's free end (the end away from the baseline), in CSS px; clamped to half the bar width.
    public var cornerRadius: Double = 0
    /// Writes each bar's value at its free end.
    public var valueLabels: Bool = false
    /// The share of its slot in the category's band that each bar takes (`ChartSpec.Limits.barFraction`), as
    /// Chart.js's `barPercentage`; nil means today's spacing unless `categoryFraction` is given (then 0.9).
    public var barFraction: Double?
    /// The share of the category's width that its band of bars takes, as Chart.js's `categoryPercentage`; nil means
    /// today's spacing unless `barFraction` is given (then 0.8). With either given, a bar of n grouped ones is
    /// categoryWidth × categoryFraction / n × barFraction wide (stacked: n = 1).
    public var categoryFraction: Double?

    /// Vertical, grouped, square-cornered bars without value labels, with today's spacing.
    public init() {}
}

/// Which way bars grow.
public enum BarOrientation: String, Hashable, Sendable, CaseIterable {
    /// Categories along x, bars grow up (or down for negatives).
    case vertical
    /// Categories down the y axis, bars grow right (or left).
    case horizontal
}

/// How the bars of several series share a category.
public enum BarMode: String, Hashable, Sendable, CaseIterable {
    /// Series side by side inside each category.
    case grouped
    /// Series stacked: positives upward from 0, negatives downward.
    case stacked
}

/// The kind of an axis scale.
public enum AxisScale: String, Hashable, Sendable, CaseIterable {
    /// Evenly spaced values.
    case linear
    /// Base-10 logarithmic (y only); needs positive values.
    case log
    /// Instants (x only): epoch milliseconds or ISO-8601 text, with calendar ticks in `timeZone`.
    case time
}

/// How consecutive points are joined.
public enum Curve: String, Hashable, Sendable, CaseIterable {
    /// Straight segments.
    case linear
    /// One quadratic Bézier per interval, its control point above the interval's middle (the seed articles' order-2
    /// curve): slopes follow the neighbouring data, never flat inside a monotone run, never beyond the interval's data.
    case quadratic
    /// Catmull-Rom cubic: may swing past a point toward its neighbours, but never beyond the values of the four points
    /// that shape an interval; tangent-continuous at every point.
    case cubic
    /// Monotone cubic (Fritsch–Carlson): smooth and never overshoots the data.
    case monotone
    /// Mid-step: the value changes halfway between two points.
    case step
    /// Chart.js's `stepped: true` / `'before'`: a point's value holds until the next point's x, where the line jumps
    /// (sample and hold: a value takes effect at its own x). d3 and Vega-Lite call this shape `step-after` and
    /// matplotlib `steps-post`.
    case stepBefore
    /// Chart.js's `stepped: 'after'`: the line jumps at the previous point's x, so a point's value already holds from
    /// the previous point on (a value reported at the end of its period). d3 and Vega-Lite call this `step-before`,
    /// matplotlib `steps-pre`.
    case stepAfter
}

/// What is painted under a line.
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// Nothing under the line.
    case none
    /// A flat, translucent fill (`fillOpacity`).
    case solid
    /// Strong under the line, fading to transparent at the baseline.
    case gradient
}

/// Where the fill under a line ends.
public enum FillTarget: String, Hashable, Sendable, CaseIterable {
    /// At zero, or the plot edge nearest to zero when zero is not shown.
    case zero
    /// At the plot's bottom edge (Chart.js `fill: 'start'`).
    case bottom
    /// At the plot's top edge (Chart.js `fill: 'end'`).
    case top
}

/// How a bubble's size (a point's third element) becomes its radius.
public enum SizeMode: String, Hashable, Sendable, CaseIterable {
    /// The area is proportional to the size; the chart's largest size gets the largest bubble.
    case scaled
    /// The size is the radius in CSS px (`ChartSpec.Limits.bubbleRadius`), as Chart.js's `r`.
    case radius
}

/// Number formatting for tick and value labels. Every format is locale-free: "." before decimals, "," between
/// thousands, U+2212 for minus (as d3-format's default locale, which Vega-Lite uses).
public enum NumberFormat: Hashable, Sendable {
    /// Shortest readable: plain below 10,000, business suffixes (K, M, B, T) above, grouped full numbers when a
    /// suffix would need more than two decimals to tell the ticks apart, scientific beyond 10^15 and below 10^−4.
    case auto
    /// Fixed decimals.
    case fixed(Int)
    /// A percentage of 1 (0.25 → "25%"), with decimals.
    case percent(Int)
    /// SI prefixes: k, M, G, T above 1,000 and m, µ, n, p below 1, e.g. 12000 → "12k", 0.005 → "5m".
    case si
    /// Short business suffixes K, M, B, T above 1,000, e.g. 12000 → "12K", 3e9 → "3B".
    case short
    /// Grouped thousands (1,234,567) with N decimals, or with the fewest that show the ticks when nil.
    case grouped(Int?)
}

/// Options of one axis.
public struct AxisOptions: Hashable, Sendable {
    /// The axis's lowest value, pinned; nil means from the data.
    public var min: Double?
    /// The axis's highest value, pinned; nil means from the data.
    public var max: Double?
    /// A target tick count; the nice-tick algorithm may give a few more or fewer.
    public var tickCount: Int = 5
    /// The axis title; nil for none.
    public var title: String?
    /// Whether grid lines are drawn at the ticks.
    public var grid: Bool
    /// Dash on/off lengths of the grid lines in CSS px; empty for solid lines.
    public var gridDash: [Double] = []
    /// How tick labels write numbers.
    public var format: NumberFormat = .auto
    /// Linear, log (y) or time (x).
    public var scale: AxisScale = .linear
    /// For a time axis: the zone of ticks, labels and offset-less timestamps (`UTC`, `+08:00`, `Europe/Berlin`…);
    /// nil means UTC.
    public var timeZone: String?
    /// For a time axis and series given as `values`: the instant of value 0, as epoch milliseconds (`startText`
    /// holds it when given as ISO-8601 text, resolved like point timestamps), and the milliseconds between values.
    public var start: Double?
    /// `start` given as ISO-8601 text (resolved against `timeZone`); nil otherwise.
    public var startText: String?
    /// Milliseconds between consecutive values on a time axis.
    public var step: Double?
    /// Whether the axis line, ticks, tick labels and title are drawn; grid lines follow `grid` either way.
    public var show: Bool = true
    /// Tick spacing in data units: ticks at the multiples of it inside the domain (unpinned ends widened to the next
    /// multiple). nil, or a step giving more than `Limits.maxSteppedTicks` ticks, means automatic nice ticks.
    /// Linear axes only: log and time axes keep their own ticks.
    public var tickStep: Double?
    /// Values a linear axis's range includes but may extend past (unlike `min`/`max`, which pin the ends).
    public var softMin: Double?
    /// A value the range includes but may extend past (the upper end).
    public var softMax: Double?
    /// true: a linear axis's range includes 0; false: it need not (bars then start at the plot edge nearest zero);
    /// nil: the kind's rule (bars and areas include 0, lines and scatter do not). Log and time axes ignore it.
    public var zero: Bool?

    /// Axis options; every argument has the JSON field's default.
    public init(min: Double? = nil, max: Double? = nil, tickCount: Int = 5, title: String? = nil, grid: Bool = true,
                format: NumberFormat = .auto) {
        self.min = min
        self.max = max
        self.tickCount = tickCount
        self.title = title
        self.grid = grid
        self.format = format
    }
}

/// A reference mark drawn over the data.
public enum Annotation: Hashable, Sendable {
    /// A horizontal line at `y` (e.g. an average), measured on `axis` (nil: `y`).
    case horizontalLine(y: Double, label: String? = nil, color: Color? = nil, dash: [Double] = [],
                        axis: ValueAxis? = nil)
    /// A vertical line at `x` (category index or numeric x, e.g. "half time").
    case verticalLine(x: Double, label: String? = nil, color: Color? = nil, dash: [Double] = [])
    /// A value bubble on point `index` of series `series` (negative index counts from the end; −1 is the last).
    case bubble(series: Int, index: Int, label: String? = nil)
    /// A filled rectangle in data coordinates, drawn behind the series (e.g. a target range).
    case box(AnnotationBox)
}

/// The choreography of `smil`, `apng` and `gif` output. Times are seconds.
public struct AnimationOptions: Hashable, Sendable {
    /// Whether animated formats animate (false: they show the static chart).
    public var enabled: Bool = true
    /// Seconds each element takes to appear.
    public var duration: Double = 1.2
    /// How progress follows time.
    public var easing: Easing = .easeInOut
    /// Seconds before the first element starts.
    public var delay: Double = 0
    /// Seconds between the starts of consecutive series (or bars, slices, rings).
    public var stagger: Double = 0.15
    /// How often the animation plays: 1 plays once, `.infinity` repeats forever ("indefinite").
    public var repeatCount: Double = 1
    /// Frames per second of `apng` and `gif` output (1…60); nil means `defaultFPS`. Left out of the canonical form
    /// when nil, so specs without it keep their ETags.
    public var fps: Int?

    /// The frame rate of animated raster output when `fps` is not given.
    public static let defaultFPS = 30
    /// `fps`, or the default.
    public var framesPerSecond: Int { fps ?? Self.defaultFPS }

    /// The default choreography: 1.2 s, ease-in-out, 0.15 s between series, played once.
    public init() {}

    /// No animation: animated formats show the static chart.
    public static let disabled: AnimationOptions = {
        var a = AnimationOptions()
        a.enabled = false
        return a
    }()
}

/// How an animation's progress follows time.
public enum Easing: String, Hashable, Sendable, CaseIterable {
    /// Constant speed.
    case linear
    /// Starts slowly.
    case easeIn
    /// Ends slowly.
    case easeOut
    /// Starts and ends slowly.
    case easeInOut
    /// Overshoots a little and settles.
    case spring
}
