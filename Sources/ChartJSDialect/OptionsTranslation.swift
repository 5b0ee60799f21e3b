import ChartSpec

/// `options` → the native frame (part B2): scales, legend and title, in both Chart.js syntaxes.
///
/// Native fields it fills (contract.md sections A2, A3, A4): `x`/`y`/`y2` axis objects (`ScaleTranslation`),
/// `legend` (`{"show", "position"}`, or the plain `true`/`false` without a position; Chart.js shows a legend by
/// default, even for one dataset), `title` ("\n"-joined lines), `titleStyle` `{"color", "size"}`, `subtitle`,
/// `bars.mode: "stacked"`, `pie.rotation`/`pie.circumference`/`pie.innerRadius`/`pie.otherBelow` (v2 radians and
/// `cutoutPercentage`, v3 degrees and `cutout`). It also sets `context.scales`, `context.rightAxisIDs`,
/// `context.stacked` and `context.timeX` before the datasets are read. `options.indexAxis`
/// (`ChartTypeTranslation`), `options.elements` (`ElementDefaults`) and `options.plugins` (`PluginTranslation`, which
/// hands v3's `plugins.legend`/`title`/`subtitle` back to the readers here) are read elsewhere.
enum OptionsTranslation {
    static let legendPositions = ["top", "bottom", "left", "right", "chartArea"]

    static func translate(_ options: inout ConfigObject, _ context: inout TranslationContext,
                          _ native: inout NativeSpecBuilder) {
        // Chart.js shows the legend unless told otherwise; QuickChart's sparkline hides it (lib/charts.js).
        native.set(["legend", "show"], .bool(context.chartType != .sparkline), from: .path("options"))
        ScaleTranslation.translate(options.take("scales"), &context, &native)
        if context.stacked, context.chartType == .bar || context.chartType == .horizontalBar {
            native.set(["bars", "mode"], .string("stacked"), from: .path("options.scales"))
        }
        if let legend = options.take("legend") { readLegend(legend, &native) }
        if let title = options.take("title") { readTitle(title, &native) }
        if let span = options.take("spanGaps") { context.spanGaps = (span.bridgesGaps(&native), span.path) }
        if context.chartType.isRound { readRound(&options, &context, &native) }
    }

    /// v2 `options.legend` / v3 `options.plugins.legend`: `display`, `position` → native `legend`. `chartArea`
    /// (a legend inside the plot) is accepted and listed as ignored; other keys (labels, align…) likewise.
    static func readLegend(_ value: ConfigValue, _ native: inout NativeSpecBuilder) {
        guard var legend = value.object(&native) else { return }
        if let display = legend.take("display"), let shown = display.bool(&native) {
            native.set(["legend", "show"], .bool(shown), from: .path(display.path))
        }
        if let position = legend.take("position"), let side = position.choice(legendPositions, &native) {
            if side == "chartArea" {
                native.ignore(position.path, position: position.position)
            } else {
                native.set(["legend", "position"], .string(side), from: .path(position.path))
            }
        }
        legend.finish(&native)
    }

    /// v2 `options.title` / v3 `options.plugins.title`: shown only with `display: true` (Chart.js's default is
    /// false); `text` a string or an array of lines; colour (v2 `fontColor`, v3 `color`) and size (v2 `fontSize`,
    /// v3 `font.size`) → `titleStyle`.
    static func readTitle(_ value: ConfigValue, _ native: inout NativeSpecBuilder) {
        guard var title = value.object(&native) else { return }
        let display = readShownText(&title, "text", into: ["title"], joinedBy: "\n", &native)
        if let color = title.take(anyOf: ["color", "fontColor"]), display {
            native.set(["titleStyle", "color"], color.value, from: .path(color.path))
        }
        var size = title.take("fontSize")
        if let font = title.take("font"), var object = font.object(&native) {
            size = object.take("size") ?? size
            object.finish(&native)
        }
        if let size, let number = size.number(&native), display {
            native.set(["titleStyle", "size"], .number(number), from: .path(size.path))
        }
        title.finish(&native)
    }

    /// v3 `options.plugins.subtitle`: like the title (one line: an array's lines are joined with spaces, the native
    /// subtitle being one line); its style is listed as ignored.
    static func readSubtitle(_ value: ConfigValue, _ native: inout NativeSpecBuilder) {
        guard var subtitle = value.object(&native) else { return }
        readShownText(&subtitle, "text", into: ["subtitle"], joinedBy: " ", &native)
        subtitle.finish(&native)
    }

    /// A Chart.js title-like object's `display` (false by default) and its text at `textKey` → native `key` when
    /// displayed and not empty (array lines joined with `separator`). Returns `display`.
    @discardableResult
    static func readShownText(_ object: inout ConfigObject, _ textKey: String, into key: [String],
                              joinedBy separator: String, _ native: inout NativeSpecBuilder) -> Bool {
        let display = object.take("display")?.bool(&native) ?? false
        if let text = object.take(textKey), let string = text.text(joinedBy: separator, &native), display,
           !string.isEmpty {
            native.set(key, .string(string), from: .path(text.path))
        }
        return display
    }

    /// Pie and doughnut options → native `pie`. Chart.js never merges small slices: `otherBelow: 0`.
    ///
    /// Angles: Chart.js 2 takes radians and counts rotation from 3 o'clock (its default −π/2 is 12 o'clock);
    /// Chart.js 3+ takes degrees from 12 o'clock (docs/charts/doughnut.md of each version). The native
    /// `pie.rotation` is degrees clockwise from 12 o'clock, so v2's becomes `deg(rotation) + 90`, reduced to one
    /// turn (rotation is periodic; the native field takes −360…360).
    private static func readRound(_ options: inout ConfigObject, _ context: inout TranslationContext,
                                  _ native: inout NativeSpecBuilder) {
        native.set(["pie", "otherBelow"], .number(0), from: .path("options"))
        if context.chartType == .doughnut {  // Chart.js's doughnut hole: 50 % (the native default is 60 %)
            native.set(["pie", "innerRadius"], .number(0.5), from: .path("options"))
        }
        if let percentage = options.take("cutoutPercentage"), let number = percentage.number(&native) {
            native.set(["pie", "innerRadius"], .number(number / 100), from: .path(percentage.path))
        }
        if let cutout = options.take("cutout"), let ratio = cutoutRatio(cutout, context.request, &native) {
            native.set(["pie", "innerRadius"], .number(ratio), from: .path(cutout.path))
        }
        let radians = context.version == .v2
        if let rotation = options.take("rotation"), let number = rotation.number(&native) {
            let degrees = radians ? number * 180 / Double.pi + 90 : number
            native.set(["pie", "rotation"], .number(rounded(degrees.truncatingRemainder(dividingBy: 360))),
                       from: .path(rotation.path))
        }
        if let circumference = options.take("circumference"), let number = circumference.number(&native) {
            let degrees = radians ? number * 180 / Double.pi : number
            native.set(["pie", "circumference"], .number(rounded(degrees)), from: .path(circumference.path))
        }
    }

    /// v3 `cutout`: `'75%'` of the radius, or a number of pixels. Pixels are taken against half the canvas's shorter
    /// side (Chart.js measures the radius inside the chart area, a legend's height smaller: the hole comes out a
    /// little smaller than Chart.js's).
    private static func cutoutRatio(_ cutout: ConfigValue, _ request: ChartJSRequest,
                                    _ native: inout NativeSpecBuilder) -> Double? {
        if case .string(let text) = cutout.value, text.hasSuffix("%"),
           let percent = ConfigValue(value: .string(String(text.dropLast())), path: cutout.path,
                                     position: cutout.position).numberIfAny {
            return percent / 100
        }
        guard let pixels = cutout.number(&native) else { return nil }
        let radius = min(request.width, request.height) / 2
        return radius > 0 ? pixels / radius : 0
    }

    /// Degrees converted from radians carry float noise (−π/2 → 1.4e-14°): kept to a millionth of a degree.
    private static func rounded(_ degrees: Double) -> Double { (degrees * 1e6).rounded() / 1e6 }
}
