import ChartSpec

/// `data` (`labels`, `datasets`) → native `labels` and `series`: what each dataset is (its kind in a mixed chart),
/// its name, data and axis; its look is `SeriesStyleTranslation`'s.
enum DatasetTranslation {
    static func translate(_ data: ConfigValue, _ context: inout TranslationContext,
                          _ native: inout NativeSpecBuilder) {
        guard var object = data.object(&native) else { return }
        var labels: (values: [JSONValue], path: String)?
        if let value = object.take("labels") {
            labels = readLabels(value, context, &native)
        }
        guard let datasets = object.take("datasets") else {
            native.report(JSONPath.member(data.path, "datasets"), "required field is missing")
            object.finish(&native)
            return
        }
        guard case .array(let elements) = datasets.value else {
            native.report(datasets.path, "expected an array, got \(datasets.value.kindDescription)")
            object.finish(&native)
            return
        }
        if context.chartType == .sparkline && elements.count != 1 {
            native.report(datasets.path, "a sparkline draws exactly 1 dataset, got \(elements.count); use \"line\" "
                + "for several")
        }
        promoteMixedLineChart(elements, datasets, context, &native)
        var stacks = StackGroups()
        // Past the series limit the native decoder refuses the spec: 160k tiny datasets (2 MiB) are not translated.
        for (i, element) in elements.enumerated() where native.seriesCount <= ChartSpec.Limits.seriesCount.upperBound {
            translateDataset(datasets.element(element, at: i), index: i, labels: labels, &stacks, context, &native)
        }
        if context.stacked, let second = stacks.secondGroupPath {
            native.report(second, "stacks in separate groups are not supported: every dataset of a stacked chart "
                + "stacks together; remove \"stack\" or give every dataset the same one")
        }
        if context.stacked, context.chartType == .line { stackLines(&native) }
        object.finish(&native)
    }

    /// Chart.js draws the line datasets of a stacked value scale at the running total of those before them
    /// (`_stacked` on the scale); native lines draw their values as given, so the totals are written here, per
    /// category. A null stays a gap and adds nothing, as in Chart.js. Linear in the number of values.
    private static func stackLines(_ native: inout NativeSpecBuilder) {
        var totals: [Double] = []
        for k in 0..<native.seriesCount {
            guard case .array(var values)? = native.seriesValue(k, ["values"]) else { continue }
            if totals.count < values.count { totals += repeatElement(0, count: values.count - totals.count) }
            for i in values.indices {
                guard case .number(let y) = values[i] else { continue }
                totals[i] += y
                values[i] = .number(totals[i])
            }
            native.replaceSeries(k, ["values"], .array(values))
        }
    }

    /// `labels`: category names, kept as given for a time axis (they are the x of the data); otherwise the native
    /// labels, as text: numbers written as JavaScript prints them, multi-line labels (arrays) joined by spaces.
    private static func readLabels(_ value: ConfigValue, _ context: TranslationContext,
                                   _ native: inout NativeSpecBuilder) -> (values: [JSONValue], path: String)? {
        guard case .array(let elements) = value.value else {
            native.report(value.path, "expected an array of labels, got \(value.value.kindDescription)")
            return nil
        }
        if context.timeX { return (elements, value.path) }
        var texts: [JSONValue] = []
        texts.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            switch element {
            case .string: texts.append(element)
            case .null: texts.append(.string(""))
            case .number(let number): texts.append(.string(javaScriptString(number)))
            case .array(let lines):
                let parts = lines.compactMap { line -> String? in
                    switch line {
                    case .string(let text): text
                    case .number(let number): javaScriptString(number)
                    default: nil
                    }
                }
                texts.append(.string(parts.joined(separator: " ")))
            default:
                native.report(JSONPath.index(value.path, i), "expected a string, a number or an array of lines, got "
                    + element.kindDescription)
            }
        }
        native.set(["labels"], .array(texts), from: .path(value.path))
        return (elements, value.path)
    }

    /// A line chart with a bar dataset becomes a bar chart whose other datasets are lines (Chart.js draws each
    /// dataset by its own type; the native bar chart draws line series over its bars).
    private static func promoteMixedLineChart(_ elements: [JSONValue], _ datasets: ConfigValue,
                                              _ context: TranslationContext, _ native: inout NativeSpecBuilder) {
        guard context.chartType == .line else { return }
        for (i, element) in elements.enumerated() {
            guard case .object(let members) = element,
                  members.contains(where: { $0.key == "type" && $0.value == .string("bar") })
            else { continue }
            native.set(["type"], .string("bar"), from: .path(JSONPath.member(JSONPath.index(datasets.path, i), "type")))
            return
        }
    }

    /// Which datasets stack together (`stack`): only one group can be drawn.
    private struct StackGroups {
        var first: String?
        var secondGroupPath: String?

        mutating func add(_ group: String, path: String) {
            if first == nil {
                first = group
            } else if first != group && secondGroupPath == nil {
                secondGroupPath = path
            }
        }
    }

    private static func translateDataset(_ dataset: ConfigValue, index datasetIndex: Int,
                                         labels: (values: [JSONValue], path: String)?, _ stacks: inout StackGroups,
                                         _ context: TranslationContext, _ native: inout NativeSpecBuilder) {
        guard var object = dataset.object(&native) else { return }
        guard let kind = kind(object.take("type"), context, &native) else { return }
        // A hidden dataset is not drawn and does not count for the scales: left out (Chart.js still lists it in
        // the legend, struck through).
        if let hidden = object.take("hidden"), hidden.bool(&native) != false { return }
        let series = native.addSeries(from: dataset.path)
        if let label = object.take("label") {
            switch label.value {
            case .string: native.setSeries(series, ["name"], label.value, from: .path(label.path))
            case .number(let number):
                native.setSeries(series, ["name"], .string(javaScriptString(number)), from: .path(label.path))
            default: native.report(label.path, "expected a string, got \(label.value.kindDescription)")
            }
        }
        var count = 0
        if let data = object.take("data") {
            count = DataTranslation.translate(data, labels: labels, series: series, kind: kind, context, &native)
        } else {
            native.setSeries(series, ["values"], .array([]), from: .path(JSONPath.member(dataset.path, "data")))
        }
        if kind == .line && native.value(at: ["type"]) == .string("bar") {
            native.setSeries(series, ["type"], .string("line"), from: .path(dataset.path))
        }
        if let axis = object.take("yAxisID") {
            guard case .string(let id) = axis.value else {
                native.report(axis.path, "expected an axis id (a string), got \(axis.value.kindDescription)")
                return
            }
            if context.rightAxisIDs.contains(id) {
                native.setSeries(series, ["axis"], .string("y2"), from: .path(axis.path))
            }
        }
        _ = object.take("xAxisID")  // one x axis: every dataset is on it
        if let stack = object.take("stack") {
            switch stack.value {
            case .string(let group): stacks.add(group, path: stack.path)
            case .number(let group): stacks.add(javaScriptString(group), path: stack.path)
            default: native.report(stack.path, "expected a stack name, got \(stack.value.kindDescription)")
            }
        }
        SeriesStyleTranslation.translate(&object, series: series, datasetIndex: datasetIndex, kind: kind,
                                         pointCount: count, context, &native)
        object.finish(&native)
    }

    /// The dataset's kind: its own `type` in a mixed chart, else the chart's.
    private static func kind(_ type: ConfigValue?, _ context: TranslationContext,
                             _ native: inout NativeSpecBuilder) -> SeriesKind? {
        let chartKind: SeriesKind = switch context.chartType {
        case .bar, .horizontalBar: .bar
        case .line, .sparkline, .radar: .line
        case .scatter: .scatter
        case .bubble: .bubble
        case .pie, .doughnut: .slice
        }
        guard let type else { return chartKind }
        switch (type.value, chartKind) {
        case (.string(context.chartType.rawValue), _): return chartKind
        case (.string("line"), .bar), (.string("line"), .line): return .line
        case (.string("bar"), .bar), (.string("bar"), .line): return .bar
        default:
            let allowed = chartKind == .bar || chartKind == .line ? "\"bar\" or \"line\""
                : "\"\(context.chartType.rawValue)\" (only bar and line charts mix dataset types)"
            let got = if case .string(let s) = type.value { JSONPath.quoted(s) } else { type.value.kindDescription }
            native.report(type.path, "expected \(allowed), got \(got)")
            return nil
        }
    }

    /// A number as JavaScript's `String(n)` writes the common cases: integers without a fraction.
    static func javaScriptString(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}
