// What `import ChartRender` gives a package that embeds the renderer (docs/embedding.md): the spec model
// (`ChartSpec`, `Series`, `AxisOptions`, `OutputFormat`, `SpecError`, …) and the scene types it is made of (`Color`,
// `CancellationCheck`), so one import and one product are enough. The text engine (ChartText) stays behind
// `ChartRenderer`: its fonts are chosen with `ChartRenderer.shared` or `ChartRenderer(fontFiles:)`.
@_exported public import ChartScene
@_exported public import ChartSpec
