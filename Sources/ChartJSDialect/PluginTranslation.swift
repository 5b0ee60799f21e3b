import ChartSpec

/// `options.plugins` (v3+) and the v2 plugin option keys → native annotations and value labels (part B2).
///
/// Native fields it fills (contract.md section A4 and existing fields): `annotations` (`hline`/`vline` with
/// `color`, `dash`, `label`, `axis`; `box` with `xMin`/`xMax`/`yMin`/`yMax`, `color`, `borderColor`, `label`,
/// `axis`) from chartjs-plugin-annotation v0.5 (`options.annotation.annotations[]`) and v1+
/// (`options.plugins.annotation.annotations{}`); `bars.valueLabels`, `pie.percentages`/`pie.sliceValues` from
/// chartjs-plugin-datalabels (QuickChart shows datalabels by default on pie and doughnut only). v3+ `title` and
/// `legend` under `options.plugins` are handed to `OptionsTranslation`'s readers.
enum PluginTranslation {
    static func translate(_ options: inout ConfigObject, _ context: inout TranslationContext,
                          _ native: inout NativeSpecBuilder) {
        // B2: options.plugins.annotation / options.annotation, options.plugins.datalabels.
    }
}
