extension ChartSpec {
    /// Every bound the validator enforces, in one place (docs/spec.md lists the same numbers).
    public enum Limits {
        /// Canvas width and height in CSS pixels; whole numbers only.
        public static let canvasSize: ClosedRange<Int> = 16...4096
        /// Device pixel ratio for raster output; fractions allowed.
        public static let scale: ClosedRange<Double> = 1...4
        /// Series in one chart.
        public static let seriesCount: ClosedRange<Int> = 1...64
        /// Points (values) in one series.
        public static let maxPointsPerSeries = 1_000_000
        /// Points in all series together.
        public static let maxTotalPoints = 2_000_000
        /// Category labels.
        public static let maxLabels = 1_000_000
        /// Every text field (titles, names, labels, annotation labels), in Unicode scalars.
        public static let maxTextLength = 200
        /// A series' line width in CSS px.
        public static let lineWidth: ClosedRange<Double> = 0.25...32
        /// A series' dot radius in CSS px (`dots: {"radius": …}`).
        public static let dotRadius: ClosedRange<Double> = 1...24
        /// A series' fill opacity.
        public static let fillOpacity: ClosedRange<Double> = 0...1
        /// Colors of a stroke gradient.
        public static let strokeGradientColors: ClosedRange<Int> = 2...16
        /// Colors of a palette.
        public static let paletteColors: ClosedRange<Int> = 1...64
        /// On/off lengths of one dash pattern.
        public static let maxDashEntries = 8
        /// The longest single dash or gap, in CSS pixels.
        public static let maxDashLength = 4096.0
        /// An axis's target tick count.
        public static let tickCount: ClosedRange<Int> = 2...20
        /// An axis's `tickStep` in data units; a step giving more than `maxSteppedTicks` ticks falls back to
        /// automatic ticks, so a tiny step never buys a long loop.
        public static let tickStep: ClosedRange<Double> = 1e-300...1e300
        /// The most ticks a `tickStep` may give before automatic ticks take over.
        public static let maxSteppedTicks = 1000
        /// Lines of the title (split at "\n").
        public static let titleLines = 8
        /// `titleStyle.size` in CSS px.
        public static let titleSize: ClosedRange<Double> = 6...72
        /// Decimals of the `.Nf` and `.N%` axis formats.
        public static let formatDecimals: ClosedRange<Int> = 0...10
        /// Annotations of every kind (lines, boxes, bubbles). A box's bounds may be any finite numbers (the layout cuts
        /// the box to the plot), so each annotation costs a constant to lay out, plus its label's placement.
        public static let maxAnnotations = 100
        /// Ring stroke width as a share of the ring's radius.
        public static let ringThickness: ClosedRange<Double> = 0.02...0.5
        /// Color thresholds of a ring chart.
        public static let ringThresholds: ClosedRange<Int> = 0...16
        /// A ring threshold's `below`.
        public static let ringThresholdValue: ClosedRange<Double> = -1e6...1e6
        /// Pie slices below this share may be merged into "other".
        public static let pieOtherBelow: ClosedRange<Double> = 0...0.5
        /// A doughnut's hole as a share of its radius.
        public static let pieInnerRadius: ClosedRange<Double> = 0...0.9
        /// Where a pie's first slice starts, degrees clockwise from twelve o'clock.
        public static let pieRotation: ClosedRange<Double> = -360...360
        /// The degrees a pie's slices sweep together (180: a half gauge).
        public static let pieCircumference: ClosedRange<Double> = 1...360
        /// The spokes of a radar chart (its categories: the labels, or the longest series' values).
        public static let radarSpokes: ClosedRange<Int> = 3...360
        /// An animation's duration in seconds.
        public static let animationDuration: ClosedRange<Double> = 0.05...30
        /// An animation's delay in seconds.
        public static let animationDelay: ClosedRange<Double> = 0...60
        /// Seconds between consecutive series' starts.
        public static let animationStagger: ClosedRange<Double> = 0...10
        /// How often a finite animation plays.
        public static let animationRepeat: ClosedRange<Int> = 1...1000
        /// `quality` of WebP and JPEG, on libwebp's and libjpeg's own scales. The encoders' work barely depends on it
        /// (JPEG: the same passes at any quality; lossy WebP: a fixed method), so any value costs about the same.
        public static let quality: ClosedRange<Int> = 1...100
        /// Frames per second of animated raster output (`apng`, `gif`); the frames × pixels they buy are bounded by
        /// `RenderBudget.maxAnimatedPixels` and `maxAnimatedRasterWork` as well.
        public static let animationFPS: ClosedRange<Int> = 1...60
        /// At most this many problems are listed in one `SpecError`; the rest are counted in a final issue.
        public static let maxReportedIssues = 100
        /// The longest timestamp text accepted as an x value (`2026-03-01T09:30:00.123456789+08:00` is 35).
        public static let maxTimestampLength = 35
        /// Bar corner radius in CSS px (it is also clamped to half the bar's width when drawn).
        public static let cornerRadius: ClosedRange<Double> = 0...256
        /// The outline width of bars, pie slices and bubbles (`borderWidth`), in CSS px.
        public static let borderWidth: ClosedRange<Double> = 0...16
        /// A bubble's radius in CSS px with `sizeMode: "radius"`.
        public static let bubbleRadius: ClosedRange<Double> = 0...200
        /// `bars.barFraction` and `bars.categoryFraction`: shares of a slot and of a category's width.
        public static let barFraction: ClosedRange<Double> = 0.05...1
        /// Milliseconds between consecutive `values` on a time axis (1 ms … about 1000 years).
        public static let timeStep: ClosedRange<Double> = 1...3.2e13
        /// What `ChartSpec.validated()` lets the canonical JSON form of a spec built in Swift take (its checks run
        /// on that form): the JSON parser's own limit for everything but the points, plus this many bytes a point
        /// (`[x,y,size]` with 17-digit numbers), so a spec costs what the same spec sent as JSON would. Beyond it (a
        /// million 200-character labels, say) the spec is refused as too large.
        public static let validatedBytesPerPoint = 80
    }

    /// The largest raster, in device pixels (width × height × scale², each side rounded up to whole pixels): 16 Mpx,
    /// i.e. 64 MiB of RGBA — `Rasterizer.maxPixels`, checked here so the request gets a 422 naming `scale`.
    public static let maxRasterPixels = 16_777_216

    /// The longest side of a WebP image in device pixels (the format stores 14-bit sizes): only a 4096-px-wide or
    /// -high canvas at a scale near 4 is longer, and gets a 422 naming a scale that fits.
    public static let maxWebPSide = 16_383

    /// The largest WebP in device pixels (4 Mpx, e.g. 2048×2048): libwebp spends 45–145 ns of CPU a pixel (lossless
    /// method 1 on the standard chart and on the hostile corpus's translucent 16 Mpx chart, where it took 2.4 s), 60
    /// to 200 times our PNG encoder, and holds about 20 bytes a pixel; at this size a WebP costs at most about 0.6 s.
    public static let maxWebPPixels = 4_194_304
}
