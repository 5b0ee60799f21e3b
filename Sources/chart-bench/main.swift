import Foundation

// chart-bench [--seconds S] [--filter NAME]: prints medians of each pipeline stage (release build only).
var seconds = 2.0
var filter: String?
var args = CommandLine.arguments.dropFirst()
while let arg = args.popFirst() {
    switch arg {
    case "--seconds": seconds = args.popFirst().flatMap(Double.init) ?? seconds
    case "--filter": filter = args.popFirst()
    default:
        FileHandle.standardError.write(Data("usage: chart-bench [--seconds S] [--filter NAME]\n".utf8))
        exit(2)
    }
}

// Each area of the pipeline contributes its own list (see the *Benchmarks.swift files).
let all: [Benchmark] = [
    coreBenchmarks(),
    specBenchmarks(),
    layoutBenchmarks(),
    kindBenchmarks(),
    geometryBenchmarks(),
    textBenchmarks(),
    svgBenchmarks(),
    rasterBenchmarks(),
    rasterFormatBenchmarks(),
    largeSeriesBenchmarks(),
    serverBenchmarks(),
    accessBenchmarks(),
    chartJSBenchmarks(),
    animationBenchmarks(),
    pdfBenchmarks(),
    animatedBenchmarks(),
    pdfFontBenchmarks(),
    timeAxisBenchmarks(),
    worldTextBenchmarks(),
    localeBenchmarks(),
    shapingBenchmarks(),
].flatMap { $0 }
do {
    try runBenchmarks(all, seconds: seconds, filter: filter)
} catch {
    FileHandle.standardError.write(Data("chart-bench: \(error)\n".utf8))
    exit(1)
}
