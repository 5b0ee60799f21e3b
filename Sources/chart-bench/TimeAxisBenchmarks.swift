import ChartRender
import ChartSpec

/// A time-axis chart end to end (JSON → SVG and layout JSON) in zones with daylight-saving time: 90 days of hourly
/// points across a DST switch, the axis ticking on local midnights. The same rows run before and after issue 17's
/// zone database, which must cache parsed zones so repeated requests read no files.
func timeAxisBenchmarks() -> [Benchmark] {
    let renderer = ChartRenderer.shared
    func spec(_ zone: String) -> [UInt8] {
        // 2026-02-01T00:00Z, hourly for 90 days: across the March switch in both hemispheres' zones.
        let values = (0..<2160).map { String(($0 * 37) % 101) }.joined(separator: ",")
        return Array(#"{"width": 800, "height": 400, "title": "Hourly", "x": {"type": "time", "timeZone": "\#(zone)", "#
            .utf8) + Array(#""start": 1769904000000, "step": 3600000}, "series": [{"values": [\#(values)]}]}"#.utf8)
    }
    let utc = spec("UTC"), newYork = spec("America/New_York"), sydney = spec("Australia/Sydney")
    return [
        Benchmark(name: "time axis pipeline svg UTC 2160 pts") { try renderer.render(json: utc, format: .svg).bytes.count },
        Benchmark(name: "time axis pipeline svg New_York 2160 pts") {
            try renderer.render(json: newYork, format: .svg).bytes.count
        },
        Benchmark(name: "time axis pipeline svg Sydney 2160 pts") {
            try renderer.render(json: sydney, format: .svg).bytes.count
        },
        Benchmark(name: "time axis pipeline json New_York 2160 pts") {
            try renderer.render(json: newYork, format: .json).bytes.count
        },
    ]
}
