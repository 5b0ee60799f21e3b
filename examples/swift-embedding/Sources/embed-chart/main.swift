// Renders two charts in-process with the ChartRender library: one built from typed Swift values, one from a JSON
// spec. Usage:
//
//     embed-chart [--points N] FILE...
//
// Each FILE's extension picks the format (.svg, .png, .pdf, .webp, .jpg, .json, .gif, .apng): the typed chart is
// written to FILE and the JSON chart to FILE with `-json` before the extension. `--points N` gives the typed chart's
// series N points (to see the limits at work: over 1,000,000 is refused with the field's path). Exits 1 when a chart
// is refused or a file cannot be written, 2 on a usage error; the problems go to stderr, one per line.
import ChartRender
import Foundation

/// A quarterly sales chart from Swift values: no JSON anywhere.
func typedChart(points: Int?) -> ChartSpec {
    var spec = ChartSpec(type: .line, width: 640, height: 360, title: "Sales")
    spec.subtitle = "Units sold per quarter"
    if let points {
        spec.series = [Series(name: "generated", values: (0..<points).map { Double($0 % 97) })]
        return spec
    }
    spec.labels = ["Q1", "Q2", "Q3", "Q4"]
    spec.series = [
        Series(name: "2025", values: [120, 135, nil, 180], color: Color(hex: "#4e79a7")),
        Series(name: "2026", values: [140, 150, 170, 210], color: Color(red: 225, green: 87, blue: 89)),
    ]
    spec.series[1].dots = true
    spec.series[1].fill = .gradient
    spec.y.title = "units"
    spec.y.format = .grouped(nil)
    spec.annotations = [.horizontalLine(y: 150, label: "target", dash: [4, 3])]
    spec.animation = AnimationOptions(duration: 1.5, easing: .easeOut)
    return spec
}

/// The same kind of request as a service would receive it.
let jsonChart = Array("""
    {"type": "bar", "width": 480, "height": 300, "title": "Team scores",
     "labels": ["Mon", "Tue", "Wed"],
     "series": [{"name": "Red", "values": [3, 5, 2]}, {"name": "Blue", "values": [4, 1, 6]}],
     "bars": {"mode": "stacked", "cornerRadius": 3}, "theme": "dark"}
    """.utf8)

func printError(_ line: String) {
    FileHandle.standardError.write(Data("embed-chart: \(line)\n".utf8))
}

func fail(_ message: String, status: Int32) -> Never {
    printError(message)
    exit(status)
}

/// `name.ext` → `name-json.ext`.
func jsonVariant(of path: String) -> String {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + "-json" }
    return path[..<dot] + "-json" + path[dot...]
}

var arguments = Array(CommandLine.arguments.dropFirst())
var points: Int?
if arguments.first == "--points" {
    guard arguments.count >= 2, let count = Int(arguments[1]), count >= 0 else {
        fail("--points needs a whole number", status: 2)
    }
    points = count
    arguments.removeFirst(2)
}
guard !arguments.isEmpty else { fail("usage: embed-chart [--points N] FILE...", status: 2) }

// One renderer for the whole process (fonts load once); it is Sendable, so threads may share it.
let renderer = ChartRenderer.shared
let typed = typedChart(points: points)
var failed = false
for path in arguments {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let format = OutputFormat(fileName: name) else {
        fail("\(path): unknown extension; use one of \(OutputFormat.fileExtensions)", status: 2)
    }
    for (spec, target) in [(typed, path), (nil, jsonVariant(of: path))] {
        do {
            let chart = if let spec {
                try renderer.render(spec, format: format)
            } else {
                try renderer.render(json: jsonChart, format: format)
            }
            try Data(chart.bytes).write(to: URL(fileURLWithPath: target))
            print("\(target): \(chart.bytes.count) bytes of \(chart.contentType)")
        } catch let error as RenderError {
            failed = true
            switch error {
            case .invalidSpec(let problems):
                for issue in problems.issues { printError("\(target): \(issue)") }
            default:
                printError("\(target): \(error)")
            }
        } catch {
            failed = true
            printError("cannot write \(target): \(error.localizedDescription)")
        }
    }
}
exit(failed ? 1 : 0)
