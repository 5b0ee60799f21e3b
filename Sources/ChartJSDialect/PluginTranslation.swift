import ChartSpec

/// `options.plugins` (v3+, and v2's plugin options) and v2's `options.annotation` → native annotations and value
/// labels (part B2).
///
/// - `plugins.legend`, `plugins.title`, `plugins.subtitle` (v3+) go to `OptionsTranslation`'s readers.
/// - chartjs-plugin-annotation, both generations → `annotations` (`AnnotationTranslation`).
/// - chartjs-plugin-datalabels → `bars.valueLabels` on bar charts, `pie.sliceValues` / `pie.percentages` on pies.
///   QuickChart turns the plugin on for pie and doughnut charts and off for every other type when the config has
///   no `options.plugins.datalabels` (lib/charts.js, `renderChartJs`: `display: true` for pie/doughnut, else
///   `display: false`); a config that gives the plugin's options gets the plugin's own default, `display: true`.
///   The plugin's default formatter writes the data value, so a pie's labels show values, not percentages.
///   Datalabels on lines and scatter charts have no native form: listed as ignored.
enum PluginTranslation {
    static func translate(_ options: inout ConfigObject, _ context: inout TranslationContext,
                          _ native: inout NativeSpecBuilder) {
        var annotations = AnnotationTranslation()
        var datalabels: ConfigValue?
        if let plugins = options.take("plugins"), var object = plugins.object(&native) {
            if let legend = object.take("legend") { OptionsTranslation.readLegend(legend, &native) }
            if let title = object.take("title") { OptionsTranslation.readTitle(title, &native) }
            if let subtitle = object.take("subtitle") { OptionsTranslation.readSubtitle(subtitle, &native) }
            if let annotation = object.take("annotation") { annotations.read(annotation, context, &native) }
            datalabels = object.take("datalabels")
            // QuickChart's plugin that draws an image fetched from a URL: chartd fetches nothing on a request's behalf.
            if let image = object.take("backgroundImageUrl") {
                native.report(image.path, "external images are not fetched: chartd draws only what the config holds; "
                    + "remove backgroundImageUrl (a backgroundColor is accepted)")
            }
            object.finish(&native)
        }
        if let annotation = options.take("annotation") { annotations.read(annotation, context, &native) }
        annotations.finish(&native)
        readDataLabels(datalabels, context, &native)
        // A legend without a position is the plain boolean every native build reads.
        if native.value(at: ["legend", "position"]) == nil, let show = native.value(at: ["legend", "show"]) {
            native.set(["legend"], show, from: .path("options"))
        }
    }

    /// chartjs-plugin-datalabels' `display` (the rest of its options — anchor, align, colours, fonts — are listed
    /// as ignored).
    private static func readDataLabels(_ value: ConfigValue?, _ context: TranslationContext,
                                       _ native: inout NativeSpecBuilder) {
        let type = context.chartType
        let bars = type == .bar || type == .horizontalBar
        var shown = type.isRound  // QuickChart's default
        if let value {
            guard bars || type.isRound else {
                native.ignore(value.path, position: value.position)
                return
            }
            if case .bool(let on) = value.value {  // `datalabels: false` turns the plugin off
                shown = on
            } else if var object = value.object(&native) {
                shown = true
                if let display = object.take("display") {
                    if case .string("auto") = display.value {} else { shown = display.bool(&native) ?? true }
                }
                object.finish(&native)
            }
        }
        let origin = PathOrigin.path(value?.path ?? "options")
        if bars, shown { native.set(["bars", "valueLabels"], .bool(true), from: origin) }
        if type.isRound {
            if shown {
                native.set(["pie", "sliceValues"], .bool(true), from: origin)
            } else {
                native.set(["pie", "percentages"], .bool(false), from: origin)
            }
        }
    }
}
