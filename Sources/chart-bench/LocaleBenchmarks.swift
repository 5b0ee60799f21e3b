import ChartRender
import ChartSpec
import Foundation

/// The standard chart and a time-axis chart with a `locale` (issue 17): what rewriting every number and time label
/// in German and in Arabic (Arabic-Indic digits, bidi marks) costs next to the default `en` rows of the same run
/// ("pipeline standard json→svg", "time axis pipeline svg New_York 2160 pts").
func localeBenchmarks() -> [Benchmark] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/standard-chart.json").standardized.path
    guard let data = FileManager.default.contents(atPath: path) else {
        return [Benchmark(name: "locale pipeline (missing \(path))") { throw CocoaError(.fileNoSuchFile) }]
    }
    let json = Array(data)
    let renderer = ChartRenderer.shared
    /// The standard chart's JSON with `"locale": …` first, parsed like the default row's.
    func standard(_ locale: String) -> () throws -> Int {
        let brace = json.firstIndex(of: UInt8(ascii: "{")) ?? 0
        let withLocale = Array(json[...brace]) + Array(#""locale": "\#(locale)", "#.utf8) + Array(json[(brace + 1)...])
        return {
            let spec = try ChartSpec.parse(withLocale)
            return try renderer.render(spec, format: .svg).bytes.count
        }
    }
    func timeAxis(_ locale: String) -> [UInt8] {
        let values = (0..<2160).map { String(($0 * 37) % 101) }.joined(separator: ",")
        return Array(#"{"locale": "\#(locale)", "width": 800, "height": 400, "title": "Hourly", "x": {"type": "#
            .utf8) + Array(#""time", "timeZone": "America/New_York", "start": 1769904000000, "step": 3600000}, "#
            .utf8) + Array(#""series": [{"values": [\#(values)]}]}"#.utf8)
    }
    let german = timeAxis("de-DE"), arabic = timeAxis("ar-EG")
    return [
        Benchmark(name: "locale pipeline standard json→svg en (explicit)", run: standard("en")),
        Benchmark(name: "locale pipeline standard json→svg de-DE", run: standard("de-DE")),
        Benchmark(name: "locale pipeline standard json→svg ar-EG", run: standard("ar-EG")),
        Benchmark(name: "locale time axis pipeline svg New_York 2160 pts de-DE") {
            try renderer.render(json: german, format: .svg).bytes.count
        },
        Benchmark(name: "locale time axis pipeline svg New_York 2160 pts ar-EG") {
            try renderer.render(json: arabic, format: .svg).bytes.count
        },
    ]
}
