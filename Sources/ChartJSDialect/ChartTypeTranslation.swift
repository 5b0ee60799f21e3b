import ChartSpec

/// `type` (and v3 `options.indexAxis`) → native `type`, `bars.orientation`, `axes`.
enum ChartTypeTranslation {
    static func translate(_ value: ConfigValue?, _ context: inout TranslationContext,
                          _ native: inout NativeSpecBuilder) {
        guard let value else {
            native.report("type", "required field is missing; expected one of \(ChartJSType.supportedList)")
            return
        }
        // QuickChart also reads the spelling "donut" (lib/charts.js `renderChart`).
        guard case .string(let name) = value.value,
              let type = ChartJSType(rawValue: name == "donut" ? "doughnut" : name)
        else {
            let got = if case .string(let s) = value.value { JSONPath.quoted(s) } else { value.value.kindDescription }
            native.report(value.path, "expected one of \(ChartJSType.supportedList), got \(got)")
            return
        }
        context.chartType = type
        native.set(["type"], .string(type.nativeType), from: .path(value.path))
        if type == .horizontalBar { setHorizontal(from: value.path, &context, &native) }
        if type == .sparkline { native.set(["axes"], .bool(false), from: .path(value.path)) }
    }

    /// v3 `options.indexAxis: 'y'`: a bar chart's bars run horizontally.
    static func readIndexAxis(_ options: inout ConfigObject, _ context: inout TranslationContext,
                              _ native: inout NativeSpecBuilder) {
        guard let value = options.take("indexAxis") else { return }
        switch value.value {
        case .string("x"): break
        case .string("y"): if context.chartType == .bar { setHorizontal(from: value.path, &context, &native) }
        default: native.report(value.path, "expected \"x\" or \"y\", got \(value.value.kindDescription)")
        }
    }

    private static func setHorizontal(from path: String, _ context: inout TranslationContext,
                                      _ native: inout NativeSpecBuilder) {
        context.horizontal = true
        native.set(["bars", "orientation"], .string("horizontal"), from: .path(path))
    }
}
