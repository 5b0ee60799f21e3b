import ChartSpec

/// `options` → the native frame (part B2): scales, legend and title, in both Chart.js syntaxes.
///
/// Native fields it fills (contract.md sections A2, A4): `x`/`y`/`y2` axis objects (`min`, `max`, `softMin`,
/// `softMax`, `zero`, `tickStep`, `show`, `title`, `grid`, `type`: linear/log/time), `legend` (`true`/`false` or
/// `{"show", "position"}`; Chart.js shows a legend by default, even for one dataset), `title` ("\n"-joined lines),
/// `titleStyle` `{"color", "size"}`, `bars.mode: "stacked"`, `pie.rotation`/`pie.circumference`/`pie.innerRadius`
/// (v2 radians and `cutoutPercentage`, v3 degrees and `cutout`). It also sets `context.rightAxisIDs`,
/// `context.stacked` and `context.timeX` before the datasets are read. QuickChart gives bar, line, scatter and
/// bubble charts without `options.scales` a y axis that begins at zero (lib/charts.js, `renderChart`).
/// `options.indexAxis` (`ChartTypeTranslation`), `options.elements` (`ElementDefaults`) and `options.plugins`
/// (`PluginTranslation`) are read elsewhere. A sparkline (native `axes: false`) has no legend already.
enum OptionsTranslation {
    static func translate(_ options: inout ConfigObject, _ context: inout TranslationContext,
                          _ native: inout NativeSpecBuilder) {
        // B2: scales, legend, title.
    }
}
