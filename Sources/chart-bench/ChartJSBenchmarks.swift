import ChartJSDialect
import ChartRender
import ChartService
import ChartSpec
import Foundation

/// The standard chart as a Chart.js v3 config (`bench/chartjs-standard.json`, and the same config as a JavaScript
/// literal in `bench/chartjs-standard.js`) through `/chart`'s steps — read the config, translate it, render — at
/// devicePixelRatio 1, next to the native pipeline for exactly the spec the translation produces (its canonical
/// JSON, the text a native client would send), so the difference between the rows is the translation's overhead
/// (issue 14 asks ≤ 10 %).
func chartJSBenchmarks() -> [Benchmark] {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bench")
    func load(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: directory.appendingPathComponent(name).standardized.path).map(Array.init)
    }
    guard let json = load("chartjs-standard.json"), let literal = load("chartjs-standard.js") else {
        return [Benchmark(name: "chartjs (missing bench/chartjs-standard.*)") { throw CocoaError(.fileNoSuchFile) }]
    }
    var request = ChartJSRequest()
    request.width = 800
    request.height = 400
    request.devicePixelRatio = 1
    request.version = .v3
    let renderer = ChartRenderer.shared
    let native: [UInt8]
    do {
        native = try ChartJSDialect.translate(try JSONParser.parse(json), request).spec.canonicalJSON
    } catch {
        return [Benchmark(name: "chartjs (the standard config does not translate)") { throw error }]
    }
    /// Config text → ChartSpec as `/chart` reads it: a JSON object (a POST body's `chart`) or text (`?c=`).
    func chartJS(_ text: [UInt8], asLiteral: Bool, _ format: OutputFormat) -> () throws -> Int {
        var formatted = request
        formatted.format = format
        return {
            let config = asLiteral ? try ChartJSConfig(text: text).value : try JSONParser.parse(text)
            let spec = try ChartJSDialect.translate(config, formatted).spec
            return try renderer.render(spec, format: format).bytes.count
        }
    }
    func nativePipeline(_ format: OutputFormat) -> () throws -> Int {
        { try renderer.render(try ChartSpec.parse(native, renderingAs: format), format: format).bytes.count }
    }
    return [
        Benchmark(name: "chartjs standard translate only (json)") {
            try ChartJSDialect.translate(try JSONParser.parse(json), request).ignored.count
        },
        Benchmark(name: "chartjs standard translate only (literal)") {
            try ChartJSDialect.translate(try ChartJSConfig(text: literal).value, request).ignored.count
        },
        Benchmark(name: "chartjs standard native twin→svg", run: nativePipeline(.svg)),
        Benchmark(name: "chartjs standard json→svg", run: chartJS(json, asLiteral: false, .svg)),
        Benchmark(name: "chartjs standard literal→svg", run: chartJS(literal, asLiteral: true, .svg)),
        Benchmark(name: "chartjs standard native twin→png", run: nativePipeline(.png)),
        Benchmark(name: "chartjs standard json→png", run: chartJS(json, asLiteral: false, .png)),
        Benchmark(name: "chartjs standard literal→png", run: chartJS(literal, asLiteral: true, .png)),
    ]
}
