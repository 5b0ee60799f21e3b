import ChartJSDialect
import ChartRender
import ChartService
import ChartSpec
import Foundation

// chart render SPEC.json [-o OUT] [--format F] [--data-uri] [--at SECONDS] [--fonts-dir DIR]
// chart render --chartjs CONFIG [--width W --height H --dpr R --background C --version V] [-o OUT] [--format F]
//              [--data-uri]
// chart translate CONFIG [--width W --height H --dpr R --background C --version V] [-o OUT] [--format F]
// chart sign --key-id ID --secret-file F [--exp SECONDS] SPEC.json [--format F] [--base URL]  (SignCommand.swift)
// chart timezone NAME [--from YEAR] [--to YEAR] [--zoneinfo-dir DIR]  (TimeZoneCommand.swift)
// chart locale TAG [--sample] | --list  (LocaleCommand.swift)
// Reads a JSON spec (or stdin for "-"), writes the image (or stdout for "-" / no -o).
// Invalid input: exit 1 with one validation error per line on stderr. Usage errors (an unknown OUT extension
// too): exit 2.

let usage = """
    usage: chart render SPEC.json [-o OUT] [--format F] [--data-uri] [--at SECONDS] [--fonts-dir DIR]
           chart render --chartjs CONFIG [--width W] [--height H] [--dpr R] [--background C] [--version V]
                        [-o OUT] [--format F] [--data-uri]
           chart translate CONFIG [--width W] [--height H] [--dpr R] [--background C] [--version V]
                        [-o OUT] [--format F]
           chart sign --key-id ID --secret-file F [--exp SECONDS] SPEC.json [--format F] [--base URL]
           chart timezone NAME [--from YEAR] [--to YEAR] [--zoneinfo-dir DIR]   (chart timezone --help)
           chart locale TAG [--sample] | --list                                 (chart locale --help)

      SPEC.json   the chart spec; "-" reads standard input
      -o OUT      where to write the image; "-" or omitted writes standard output
      --format F  the output format, one of: \(OutputFormat.names)
                  without it, OUT's extension decides: \(OutputFormat.fileExtensions)
                  (any other extension is an error; a spec whose "format" is "smil" stays animated in a .svg);
                  then the spec's "format"; then svg (png for --chartjs, as QuickChart)
      --data-uri  write data:<media type>;base64,… instead of the image's bytes (OUT's extension is then not
                  read: it names a text file)
      --at S      draw the animation's frame at S seconds (a PNG; the SMIL document's choreography)
      --fonts-dir DIR  also load every .ttf/.otf/.ttc under DIR (after the default fonts; CHART_FONTS_DIR
                  likewise), so a spec's font.family can name their families
      --chartjs   read a Chart.js config (JSON or a JavaScript object literal, never evaluated) as /chart does;
                  --width, --height (CSS px, default 500×300), --dpr (device pixel ratio, default 2),
                  --background (any CSS colour, default transparent) and --version (2, 3, 4 or e.g. 3.9.1,
                  default 2.9.4) are QuickChart's width, height, devicePixelRatio, backgroundColor and version
      translate   write the native spec that a Chart.js config becomes (what /chart renders, as canonical JSON)
                  instead of rendering it, and list the Chart.js paths it ignored on stderr; the flags are
                  --chartjs's, and --format (default png) is the format the spec is translated for

    """

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data(message.utf8))
    exit(code)
}

/// The bytes of `input`, a file or "-" for standard input; exit 1 naming `command` when it cannot be read.
func readInput(_ input: String, command: String) -> Data {
    if input == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    guard let data = FileManager.default.contents(atPath: input) else {
        fail("\(command): cannot read \(input)\n", code: 1)
    }
    return data
}

struct RenderCommand {
    var input = "-"
    var output = "-"
    /// `--format`.
    var format: OutputFormat?
    /// The moment of the animation to draw (`--at`), nil for the static chart.
    var time: Double?
    /// `--data-uri`.
    var dataURI = false
    /// `--fonts-dir`: extra fonts; nil loads `CHART_FONTS_DIR` if set.
    var fontsDirectory: String?
    /// The QuickChart parameters when the input is a Chart.js config (`--chartjs`); nil for a native spec.
    var chartJS: ChartJSRequest?
    /// `chart translate`: write the Chart.js config's native spec instead of rendering it.
    var translateOnly = false

    init(arguments: [String], translateOnly: Bool = false) {
        self.translateOnly = translateOnly
        var args = arguments[...]
        var positional: [String] = []
        var isChartJS = translateOnly
        var chartJS = ChartJSRequest()
        var chartJSFlags: [String] = []
        func value(_ flag: String) -> String {
            guard let value = args.popFirst() else { fail("chart: \(flag) needs a value\n" + usage, code: 2) }
            chartJSFlags.append(flag)
            return value
        }
        func number(_ flag: String) -> Double {
            let text = value(flag)
            guard let number = Double(text), number.isFinite else {
                fail("chart: \(flag) takes a number, not \(text)\n", code: 2)
            }
            return number
        }
        while let arg = args.popFirst() {
            switch arg {
            case "--chartjs": isChartJS = true
            case "--width": chartJS.width = number(arg)
            case "--height": chartJS.height = number(arg)
            case "--dpr": chartJS.devicePixelRatio = number(arg)
            case "--background": chartJS.backgroundColor = value(arg)
            case "--version":
                let text = value(arg)
                guard let version = ChartJSVersion(text) else {
                    fail("chart: --version takes 2, 3, 4 or a full version such as 2.9.4, not \(text)\n", code: 2)
                }
                chartJS.version = version
            case "-o", "--output":
                guard let value = args.popFirst() else { fail("chart: -o needs a file name\n" + usage, code: 2) }
                output = value
            case "--format":
                guard let value = args.popFirst(), let f = OutputFormat(name: value) else {
                    fail("chart: --format takes one of \(OutputFormat.names)\n" + usage, code: 2)
                }
                format = f
            case "--at":
                guard let text = args.popFirst(), let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                    fail("chart: --at takes a time in seconds (0 or more)\n" + usage, code: 2)
                }
                time = seconds
            case "--data-uri": dataURI = true
            case "--fonts-dir":
                guard let value = args.popFirst() else { fail("chart: --fonts-dir needs a directory\n" + usage, code: 2) }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory), isDirectory.boolValue
                else { fail("chart: --fonts-dir \(value) is not a directory\n", code: 2) }
                fontsDirectory = value
            case "-h", "--help":
                print(usage, terminator: "")
                exit(0)
            default:
                if arg.hasPrefix("-") && arg != "-" { fail("chart: unknown option \(arg)\n" + usage, code: 2) }
                positional.append(arg)
            }
        }
        guard positional.count == 1 else { fail(usage, code: 2) }
        input = positional[0]
        if translateOnly, dataURI || time != nil {
            fail("chart: translate writes a spec: --data-uri and --at are for render\n" + usage, code: 2)
        }
        if format == nil, !translateOnly, !dataURI, output != "-", FormatNegotiation.format(fileName: output, spec: nil) == .unknown {
            fail("chart: cannot tell the format from the extension of \(output); use one of "
                + "\(OutputFormat.fileExtensions), or give --format\n", code: 2)
        }
        if time != nil {
            format = format ?? .png
            if format != .png { fail("chart: --at draws a PNG frame, not \(format?.rawValue ?? "")\n", code: 2) }
        }
        if isChartJS {
            chartJS.format = (translateOnly ? format : requested(spec: nil)) ?? .png
            self.chartJS = chartJS
        } else if let flag = chartJSFlags.first {
            fail("chart: \(flag) is for a Chart.js config: add --chartjs\n" + usage, code: 2)
        }
    }

    /// The Chart.js config in `bytes`, translated as `/chart` would; exit 1 with one problem per line when it cannot
    /// be (each with its line and column in the file when known).
    func translate(_ bytes: [UInt8], _ request: ChartJSRequest) -> ChartJSTranslation {
        do throws(SpecError) {
            let config = try ChartJSConfig(text: bytes)
            do throws(SpecError) {
                return try ChartJSDialect.translate(config.value, request)
            } catch {
                throw config.locating(error)
            }
        } catch {
            fail(error.issues.map { "\(input): \($0)\n" }.joined(), code: 1)
        }
    }

    /// The format asked for by `--format` or, unless the output is standard output or a data URI, by the output
    /// file's extension (`FormatNegotiation.format(fileName:spec:)`, given the spec's own `format`).
    func requested(spec: OutputFormat?) -> OutputFormat? {
        if let format { return format }
        guard output != "-", !dataURI,
            case .format(let named) = FormatNegotiation.format(fileName: output, spec: spec)
        else { return nil }
        return named
    }

    /// The native spec in `bytes`; exit 1 with one problem per line when it is not valid.
    func parse(_ bytes: [UInt8]) -> ChartSpec {
        do throws(SpecError) {
            return try ChartSpec.parse(bytes, renderingAs: format)
        } catch {
            fail(error.issues.map { "\(input): \($0)\n" }.joined(), code: 1)
        }
    }

    func run() {
        let json = Array(readInput(input, command: "chart"))
        var rendered: RenderedChart
        let renderer = fontsDirectory.map { ChartRenderer(text: .loadDefault(fontsDirectory: $0)) }
            ?? ChartRenderer.shared
        if translateOnly, let chartJS {
            let translation = translate(json, chartJS)
            let ignored = translation.ignored.map { "\(input): ignored: \($0)\n" }.joined()
            if !ignored.isEmpty { FileHandle.standardError.write(Data(ignored.utf8)) }
            write(translation.spec.canonicalJSON + [UInt8(ascii: "\n")])
            return
        }
        do {
            if let chartJS, let format = chartJS.format {
                rendered = try renderer.render(translate(json, chartJS).spec, format: format,
                                                           options: RenderOptions(time: time))
            } else {
                let spec = parse(json)
                let format = FormatNegotiation.format(requested: requested(spec: spec.format), spec: spec.format,
                                                      otherwise: .svg)
                rendered = try renderer.render(spec, format: format, options: RenderOptions(time: time))
            }
            if dataURI {
                rendered = RenderedChart(bytes: try DataURI.encode(rendered, budget: .standard),
                                         format: rendered.format)
            }
        } catch {
            switch error {
            case .invalidSpec(let spec): fail(spec.issues.map { "\(input): \($0)\n" }.joined(), code: 1)
            case .tooComplex(let issues): fail(issues.map { "\(input): \($0)\n" }.joined(), code: 1)
            case .cancelled, .backendFailure: fail("chart: \(error)\n", code: 1)
            }
        }
        write(rendered.bytes)
    }

    /// Writes `bytes` to the output file, or to standard output for "-"; exit 1 when the file cannot be written.
    func write(_ bytes: [UInt8]) {
        if output == "-" {
            FileHandle.standardOutput.write(Data(bytes))
        } else if !FileManager.default.createFile(atPath: output, contents: Data(bytes)) {
            fail("chart: cannot write \(output)\n", code: 1)
        }
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "timezone" {
    TimeZoneCommand(arguments: Array(arguments.dropFirst())).run()
    exit(0)
}
if arguments.first == "locale" {
    LocaleCommand(arguments: Array(arguments.dropFirst())).run()
    exit(0)
}
if arguments.first == "sign" {
    SignCommand(arguments: Array(arguments.dropFirst())).run()
    exit(0)
}
if arguments.first == "translate" {
    RenderCommand(arguments: Array(arguments.dropFirst()), translateOnly: true).run()
    exit(0)
}
guard arguments.first == "render" else {
    if arguments.first == "-h" || arguments.first == "--help" { print(usage, terminator: ""); exit(0) }
    fail(usage, code: 2)
}
RenderCommand(arguments: Array(arguments.dropFirst())).run()
