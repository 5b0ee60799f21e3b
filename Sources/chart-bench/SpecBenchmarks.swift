import ChartSpec

/// JSON → validated `ChartSpec` for the standard request (3 series × 100 points with labels), and the
/// canonical serialization the server hashes for ETags.
func specBenchmarks() -> [Benchmark] {
    let json = standardSpecJSON()
    let large = largeSpecJSON()
    let parsed = try? ChartSpec.parse(json)
    return [
        Benchmark(name: "spec.parse 3x100 (\(json.count) B)") {
            let spec = try ChartSpec.parse(json)
            return spec.series.count * spec.series[0].points.count
        },
        Benchmark(name: "spec.canonicalJSON 3x100") {
            parsed?.canonicalJSON.count ?? 0
        },
        Benchmark(name: "spec.json-only 1x100k points") {
            if case .object(let members) = try JSONParser.parse(large) { return members.count }
            return 0
        },
        Benchmark(name: "spec.parse 1x100k points (\(large.count / 1024) KiB)") {
            try ChartSpec.parse(large).series[0].points.count
        },
        // A spec built in Swift gets the JSON checks by a canonical-form round trip (docs/embedding.md)…
        Benchmark(name: "spec.validated typed 3x100") { try typedStandard.validated().series.count },
        Benchmark(name: "spec.validated typed 1x100k points") { try typedLarge.validated().series.count },
        // …and a parsed or validated one, unchanged, costs a comparison with its stamp (every server render).
        Benchmark(name: "spec.validated parsed 3x100 (stamped)") { try parsed?.validated().series.count ?? 0 },
    ]
}

/// `standardSpecJSON()` built in Swift: the same chart, never validated.
let typedStandard: ChartSpec = {
    var spec = ChartSpec(type: .line, width: 800, height: 450, title: "Daily active users",
                         labels: (0..<100).map { "Day \($0 + 1)" })
    spec.series = (0..<3).map { s in
        var series = Series(name: "Series \(s)", values: (0..<100).map { i in
            Double((i * 37 + s * 101) % 1000) / 10 + Double(s) * 12.25
        })
        series.fill = .gradient
        return series
    }
    spec.y = AxisOptions(min: 0, title: "users", format: .si)
    spec.animation = AnimationOptions(duration: 1.5)
    return spec
}()

/// `largeSpecJSON()` built in Swift.
let typedLarge = ChartSpec(type: .line, series: [
    Series(xy: (0..<100_000).map { i in (Double(i) * 0.5, Double((i * 7919) % 100_003) / 7.0) }),
])

/// A typical request: three named series of 100 values with decimals, category labels, axis options.
func standardSpecJSON() -> [UInt8] {
    var series: [String] = []
    for s in 0..<3 {
        let values = (0..<100).map { i in
            String(Double((i * 37 + s * 101) % 1000) / 10 + Double(s) * 12.25)
        }
        series.append(#"{"name": "Series \#(s)", "values": [\#(values.joined(separator: ", "))], "fill": "gradient"}"#)
    }
    let labels = (0..<100).map { "\"Day \($0 + 1)\"" }.joined(separator: ", ")
    let text = #"""
    {"type": "line", "width": 800, "height": 450, "title": "Daily active users", "labels": [\#(labels)],
     "series": [\#(series.joined(separator: ",\n"))],
     "y": {"min": 0, "format": "si", "title": "users"}, "theme": "light", "animation": {"duration": 1.5}}
    """#
    return Array(text.utf8)
}

/// One numeric-x series of 100,000 `[x, y]` pairs: the throughput case.
func largeSpecJSON() -> [UInt8] {
    let points = (0..<100_000).map { i in "[\(Double(i) * 0.5), \(Double((i * 7919) % 100_003) / 7.0)]" }
    return Array(#"{"series": [{"points": [\#(points.joined(separator: ","))]}]}"#.utf8)
}
