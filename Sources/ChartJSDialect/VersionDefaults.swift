/// The defaults a Chart.js config gets from QuickChart and Chart.js where the config says nothing, and those that
/// differ between Chart.js 2 and 3+.
///
/// Sources: QuickChart's server, lib/charts.js (`DEFAULT_COLORS`, `addBackgroundColors`, `renderChart`);
/// Chart.js 2.9 `core.defaults.js` and `elements/*.js`, Chart.js 3.9 `core.defaults.js` and `elements/*.js`.
enum VersionDefaults {
    /// QuickChart's palette (lib/charts.js `DEFAULT_COLORS`: blue, green, orange, red, purple, yellow, grey). When a
    /// dataset has no `backgroundColor`, QuickChart gives it colour `datasetIndex % 7` — or, on pie and doughnut
    /// charts, one colour per data point, `pointIndex % 7` (`addBackgroundColors`). It sets no `borderColor`.
    /// QuickChart's `rgb(255, 159, 64)`, `rgb(255, 99, 132)`, `rgb(153, 102, 255)` and `rgb(201, 203, 207)` are
    /// written in hex: a pie repeats the palette once per slice, and hex is what the native decoder reads cheaply
    /// (1M slices in `rgb()` notation cost 1.7 s of colour parsing; hostile corpus, chartjs-pie-1m-slices-png).
    static let palette = ["#4D89F9", "#00B88A", "#ff9f40", "#ff6384", "#9966ff", "#fc3", "#c9cbcf"]

    /// Chart.js's global colour for everything not coloured otherwise (v2 `global.defaultColor`, v3
    /// `defaults.borderColor`/`backgroundColor`): the line of a dataset without `borderColor` is this faint grey.
    static let elementColor = "rgba(0, 0, 0, 0.1)"

    /// Whether a line (or radar) dataset without `fill` is filled to the origin: v2 `elements.line.fill: true`;
    /// v3 changed it to false.
    static func lineFill(_ version: ChartJSVersion) -> Bool { version == .v2 }

    /// A line's tension when neither the dataset nor `options.elements.line` gives one. Chart.js 2 defaults to 0.4,
    /// but QuickChart sets every dataset of a `line` chart to `lineTension || 0` (lib/charts.js `renderChart`), so
    /// QuickChart's v2 lines are straight unless a dataset says otherwise; other v2 charts (a line dataset in a bar
    /// chart, scatter lines) keep 0.4. Chart.js 3 defaults to 0, and `lineTension` is no longer read there.
    static func tension(_ version: ChartJSVersion, chartType: ChartJSType) -> Double {
        guard version == .v2 else { return 0 }
        return chartType == .line || chartType == .sparkline || chartType == .radar ? 0 : 0.4
    }

    /// `elements.line.borderWidth` (both versions); QuickChart's sparkline uses 1 and black (`ElementDefaults`).
    static let lineWidth = 3.0
    /// `elements.point.radius` (both versions); QuickChart's sparkline uses 0 (`ElementDefaults`).
    static let pointRadius = 3.0
    /// A bubble without `r` (`elements.point.radius`).
    static let bubbleRadius = 3.0
    /// `elements.arc.borderColor` and `borderWidth` (both versions): slices are outlined in white.
    static let arcBorderColor = "#fff"
    static let arcBorderWidth = 2.0
}
