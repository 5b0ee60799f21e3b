import ChartRender
import ChartSpec

/// One 1,000,000-point line series end to end from JSON bytes (parse, validate, decimate, lay out, write), 800×400.
/// The data is integer noise on a square wave, `y = (i·7919 mod 1000) + 500·(⌊i / 50000⌋ mod 2)`, exactly as
/// `scripts/bench-large-series` generates it for matplotlib.
func largeSeriesBenchmarks() -> [Benchmark] {
    let renderer = ChartRenderer.shared
    func json(decimation: String) -> [UInt8] {
        var text = #"{"width":800,"height":400,"title":"1M points","series":[{"decimation":""# + decimation
            + #"","values":["#
        text.reserveCapacity(6_000_000)
        for i in 0..<1_000_000 {
            if i > 0 { text += "," }
            text += String((i * 7919) % 1000 + 500 * ((i / 50_000) % 2))
        }
        text += "]}]}"
        return Array(text.utf8)
    }
    // Built on first use, so other benchmarks (and --filter runs) do not pay for two 5 MB documents.
    func pipeline(_ decimation: String, _ format: OutputFormat) -> () throws -> Int {
        var bytes: [UInt8]?
        return {
            let input = bytes ?? json(decimation: decimation)
            bytes = input
            return try renderer.render(json: input, format: format).bytes.count
        }
    }
    return [
        Benchmark(name: "large series 1M json→svg (lttb)", run: pipeline("lttb", .svg)),
        Benchmark(name: "large series 1M json→png (lttb)", run: pipeline("lttb", .png)),
        Benchmark(name: "large series 1M json→svg (minmax)", run: pipeline("minmax", .svg)),
        Benchmark(name: "large series 1M json→png (minmax)", run: pipeline("minmax", .png)),
    ]
}
