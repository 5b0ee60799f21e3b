import ChartRender

/// Spec → scene → SVG for the standard chart.
func coreBenchmarks() -> [Benchmark] {
    []
}
