import ChartLocale
import ChartScene
import ChartSpec

/// What every part of a chart layout needs: the spec, text metrics, colors, the look and the canvas.
struct LayoutContext {
    let spec: ChartSpec
    let metrics: any TextMeasuring
    let theme: ThemeColors
    var style: LayoutStyle
    /// The whole canvas, origin at 0,0 — or, `within` a frame, the part of it a legend beside or below leaves.
    private(set) var canvas: Rect
    /// Whether the scene is for a backend people can point at (SVG: tooltips, invisible hit targets around data
    /// points); a static image (PNG) gets neither, which changes no pixel and saves building them.
    let interactive: Bool
    /// Whether the scene may be animated (SMIL, APNG and GIF frames, a PNG at a moment of the animation): only then
    /// are a line's points given their arc-length progress (`Role.point`), which flattens every curve of the line
    /// into chords. A static scene gives its points evenly shared progress instead, which no static backend reads.
    let animated: Bool
    /// Whether every finite x (y) value of the spec's series is a whole number (index x always is): the axis then
    /// gets whole-number steps, as do sums and differences of such values (stacks). A kind drawing derived values
    /// (the diff series) sets them for those.
    var wholeX: Bool, wholeY: Bool
    /// The spec's `locale` resolved (`ChartLocale`), `.english` without one: numbers, time ticks, fixed words.
    let locale: ChartLocale

    /// The context of `spec` with the theme's colors and the default style. The spec is read within its limits
    /// (`withinLimits`), so the layout never re-clamps what ChartSpec validates.
    init(spec: ChartSpec, metrics: any TextMeasuring, interactive: Bool = true, animated: Bool = true) {
        let spec = Self.withinLimits(spec)
        self.init(spec: spec, metrics: metrics, theme: ThemeColors.of(spec.theme), style: LayoutStyle(),
                  canvas: Rect(x: 0, y: 0, width: spec.width, height: spec.height), interactive: interactive,
                  animated: animated)
    }

    /// `spec` with the values ChartSpec validates moved into `ChartSpec.Limits`: canvas sides and line widths
    /// (non-finite ones become the smallest side and the default width). A parsed spec is already within them and
    /// comes back unchanged (no copy); one built in Swift skips validation, and must still give finite geometry.
    static func withinLimits(_ spec: ChartSpec) -> ChartSpec {
        var spec = spec
        let sides = ChartSpec.Limits.canvasSize, widths = ChartSpec.Limits.lineWidth
        let sideRange = Double(sides.lowerBound)...Double(sides.upperBound)
        func clamped(_ v: Double, _ range: ClosedRange<Double>, otherwise fallback: Double) -> Double {
            v.isFinite ? min(max(v, range.lowerBound), range.upperBound) : fallback
        }
        // Only out-of-range values are written, so a valid spec's series array is not copied.
        let smallest = sideRange.lowerBound, defaultWidth = Series(points: []).lineWidth
        if !sideRange.contains(spec.width) { spec.width = clamped(spec.width, sideRange, otherwise: smallest) }
        if !sideRange.contains(spec.height) { spec.height = clamped(spec.height, sideRange, otherwise: smallest) }
        for k in spec.series.indices where !widths.contains(spec.series[k].lineWidth) {
            spec.series[k].lineWidth = clamped(spec.series[k].lineWidth, widths, otherwise: defaultWidth)
        }
        return spec
    }

    /// This context with its canvas narrowed to `area`: the room a legend beside or below the chart leaves
    /// (`LegendPlacement`), which the frame then lays out in as if it were the whole canvas.
    func within(_ area: Rect) -> LayoutContext {
        var narrowed = self
        narrowed.canvas = area
        return narrowed
    }

    /// A data position in pixels, kept on the canvas: each coordinate clamped to it, a non-finite x to its left
    /// edge and a non-finite y to its bottom (so extreme values stay drawable and paths finite).
    func pixel(x: Double, y: Double) -> Point {
        let px = min(max(x, canvas.minX), canvas.maxX)
        let py = min(max(y, canvas.minY), canvas.maxY)
        return Point(px.isFinite ? px : canvas.minX, py.isFinite ? py : canvas.maxY)
    }

    init(spec: ChartSpec, metrics: any TextMeasuring, theme: ThemeColors, style: LayoutStyle, canvas: Rect,
         interactive: Bool = true, animated: Bool = true) {
        self.spec = spec
        self.metrics = metrics
        self.theme = theme
        self.style = style
        self.canvas = canvas
        self.interactive = interactive
        self.animated = animated
        (wholeX, wholeY) = Self.wholeNumbers(spec.series)
        locale = spec.locale.flatMap { ChartLocale($0) } ?? .english
    }

    /// Whether all finite x and all finite y values of `series` are whole numbers; stops looking at each axis's
    /// first fraction. Index x (`values`) is whole by construction and not looked at, so a million-point series of
    /// measurements costs one early exit, not a pass.
    static func wholeNumbers(_ series: [Series]) -> (x: Bool, y: Bool) {
        var x = true, y = true
        for s in series {
            let checkX = x && s.hasNumericX
            guard checkX || y else { continue }
            for p in s.points {
                if checkX && x && !isWhole(p.x) { x = false }
                if y, let v = p.y, !isWhole(v) { y = false }
                if !(checkX && x) && !y { break }
            }
        }
        return (x, y)
    }

    /// A finite whole number, or not finite (which says nothing); by truncation to Int64 (one instruction) rather
    /// than `rounded()` (a libm call on baseline x86-64). Magnitudes from 2^53 up are all whole.
    @inline(__always)
    static func isWhole(_ v: Double) -> Bool {
        guard v.isFinite, v.magnitude < 9.0e15 else { return true }
        return Double(Int64(v)) == v
    }

    /// `text` as a group's tooltip in an interactive scene; nil (and not built) in a static one.
    func tooltip(_ text: @autoclosure () -> String) -> Tooltip? {
        interactive ? .text(text()) : nil
    }

    func width(_ text: String, size: Double, weight: FontWeight = .regular) -> Double {
        metrics.width(of: text, size: size, weight: weight)
    }

    func ascent(_ size: Double) -> Double { metrics.ascent(size: size) }
    func descent(_ size: Double) -> Double { metrics.descent(size: size) }
    /// Ascent plus descent: the height one line of text covers.
    func lineHeight(_ size: Double) -> Double { metrics.ascent(size: size) + metrics.descent(size: size) }

    func ellipsized(_ text: String, maxWidth: Double, size: Double, weight: FontWeight = .regular) -> String {
        TextFitting.ellipsized(text, maxWidth: maxWidth, size: size, weight: weight, metrics: metrics)
    }

    /// `ellipsized`, with the result's advance width: measured once, and again only when the text was cut.
    func fitted(_ text: String, maxWidth: Double, size: Double, weight: FontWeight = .regular)
        -> (text: String, width: Double)
    {
        let fit = TextFitting.fitted(text, maxWidth: maxWidth, size: size, weight: weight, metrics: metrics)
        return (fit.text, fit.width ?? metrics.width(of: fit.text, size: size, weight: weight))
    }

    /// `run` if it fits the canvas, nudged horizontally when only its sides stick out; nil when it cannot
    /// fit (empty text, too tall or too wide). The last line of defence for "nothing outside the canvas".
    func placed(_ run: TextRun) -> TextRun? {
        guard !run.text.isEmpty, run.position.x.isFinite, run.position.y.isFinite else { return nil }
        return placed(run, width: metrics.width(of: run.text, size: run.size, weight: run.weight))
    }

    /// `placed(run)` for a run whose advance width `width` (`metrics.width(of: run.text, size: run.size, weight:
    /// run.weight)`) the caller has measured already.
    func placed(_ run: TextRun, width: Double) -> TextRun? {
        guard !run.text.isEmpty, run.position.x.isFinite, run.position.y.isFinite else { return nil }
        var run = run
        let box = TextBox.bounds(of: run, width: width, metrics: metrics)
        guard box.width <= canvas.width, box.height <= canvas.height else { return nil }
        if box.minX < canvas.minX { run.position.x += canvas.minX - box.minX }
        if box.maxX > canvas.maxX { run.position.x -= box.maxX - canvas.maxX }
        if box.minY < canvas.minY { run.position.y += canvas.minY - box.minY }
        if box.maxY > canvas.maxY { run.position.y -= box.maxY - canvas.maxY }
        return run
    }

    /// Series display name: its own, or "Series n" (1-based) in the locale's words.
    func seriesName(_ index: Int) -> String {
        guard index < spec.series.count, let name = spec.series[index].name, !name.isEmpty else {
            return locale.isDefault ? "Series \(index + 1)" : locale.words.series(locale.integer(index + 1))
        }
        return name
    }

    /// The pie's "other" slice name: the spec's `pie.otherLabel`, or the locale's word while it is the English
    /// default ("Other" in a German chart is "Sonstige"; set another label to keep any text).
    var otherLabel: String {
        spec.pie.otherLabel == PieOptions().otherLabel && !locale.isDefault ? locale.words.other : spec.pie.otherLabel
    }

    /// The lead chart's "… leads" text for `name`: the spec's `diff.leadLabel`, or the locale's while it is the
    /// English default.
    func leadText(_ name: String) -> String {
        guard !locale.isDefault, spec.diff.leadLabel == DiffOptions().leadLabel else { return spec.diff.leadText(name) }
        return locale.words.leads.replacing("{name}", with: name)
    }

    /// The number formatter for `format` in the chart's locale.
    func formatter(_ format: NumberFormat = .auto) -> TickFormatter {
        TickFormatter(format, locale: locale)
    }

    /// Series color: its own, the spec palette's, or the theme palette's.
    func seriesColor(_ index: Int) -> Color {
        if index < spec.series.count, let c = spec.series[index].color { return c }
        if let p = spec.palette, !p.isEmpty { return Palette(p).color(at: index) }
        return theme.palette.color(at: index)
    }

    /// The finished scene: the canvas size, the spec's background (none when transparent), the spec's title or
    /// `kind` as its accessible name, and `description`.
    func scene(kind: String, description: String, nodes: [Node]) -> Scene {
        let background = spec.background ?? theme.background
        return Scene(width: canvas.width, height: canvas.height, background: background.alpha == 0 ? nil : background,
                     title: spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? kind, description: description,
                     nodes: nodes)
    }

    /// A mark's radius around `p`, shrunk where it would reach past the canvas (only with extreme line widths or
    /// at sparkline edges); `slack` is the part of a stroke outside the radius.
    func markRadius(_ r: Double, at p: Point, slack: Double = 0) -> Double {
        max(0, min(r, p.x - canvas.minX - slack, canvas.maxX - p.x - slack, p.y - canvas.minY - slack,
                   canvas.maxY - p.y - slack))
    }

    /// How far the control points of `ArcGeometry`'s Bézier arcs (pieces of at most 90°) may lie from the
    /// center, as a multiple of the radius: √(1 + (4/3·tan 22.5°)²) ≈ 1.1412, rounded up. Circles sized with it
    /// keep every path coordinate inside the space they are given.
    static let arcControlReach = 1.1413

    /// The radius of a data dot for a line width (the colored ring is drawn on it).
    func dotRadius(lineWidth: Double) -> Double { max(3, lineWidth * 1.75) }
}
