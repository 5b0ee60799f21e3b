/// What the translators share beyond the native spec being built: the request, the chart's kind, and the facts one
/// part of the config gives another (the scales say which y axis is on the right; the datasets then use it).
struct TranslationContext {
    let request: ChartJSRequest
    /// The Chart.js chart type as given (`horizontalBar`, `sparkline`…), after validation.
    var chartType: ChartJSType = .bar
    /// Bars run horizontally (`horizontalBar`, or v3 `options.indexAxis: 'y'`).
    var horizontal = false
    /// Set by `OptionsTranslation`: ids of y axes positioned on the right (v2 `yAxes[].id`, v3 `scales.<id>`); a
    /// dataset whose `yAxisID` is one of them goes on native `y2`.
    var rightAxisIDs: Set<String> = []
    /// Set by `OptionsTranslation`: the value axis stacks (v2 `stacked: true` on an axis, v3 `scales.<id>.stacked`).
    var stacked = false
    /// Set by `OptionsTranslation`: the x axis is a time axis, so string x values are timestamps.
    var timeX = false
    /// Set by `OptionsTranslation`: the native axis of each Chart.js scale id (`ScaleMap.isRightAxis`).
    var scales = ScaleMap()
    /// The index of each of `data.labels` by its text (numbers as JavaScript writes them), read before `options`:
    /// annotations name categories by label (`value: 'March'`).
    var categoryIndex: [String: Int] = [:]
    /// Set by `OptionsTranslation`: `options.spanGaps`, the datasets' default, with its path.
    var spanGaps: (bridges: Bool, path: String)?
    /// `options.elements`, read before the datasets.
    var elements = ElementDefaults()

    var version: ChartJSVersion { request.version }
}
