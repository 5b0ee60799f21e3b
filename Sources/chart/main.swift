import ChartRender
import ChartSpec
import Foundation

// chart render SPEC.json [-o OUT] [--format svg|png|smil|json]
// chart sign --key-id ID --secret-file F [--exp SECONDS] SPEC.json [--format F] [--base URL]  (SignCommand.swift)
// Reads a JSON spec (or stdin for "-"), writes the image (or stdout for "-" / no -o).
// Invalid input: exit 1 with one validation error per line on stderr. Usage errors: exit 2.

let usage = """
    usage: chart render SPEC.json [-o OUT] [--format svg|png|smil|json]
           chart sign --key-id ID --secret-file F [--exp SECONDS] SPEC.json [--format F] [--base URL]

      SPEC.json   the chart spec; "-" reads standard input
      -o OUT      where to write the image; "-" or omitted writes standard output
      --format F  output format; otherwise taken from OUT's extension, then the spec's "format", then svg

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
    var format: OutputFormat?

    init(arguments: [String]) {
        var args = arguments[...]
        var positional: [String] = []
        while let arg = args.popFirst() {
            switch arg {
            case "-o", "--output":
                guard let value = args.popFirst() else { fail("chart: -o needs a file name\n" + usage, code: 2) }
                output = value
            case "--format":
                guard let value = args.popFirst(), let f = OutputFormat(rawValue: value) else {
                    fail("chart: --format takes one of svg, png, smil, json\n" + usage, code: 2)
                }
                format = f
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
        if format == nil, output != "-" {
            format = OutputFormat.allCases.first { output.lowercased().hasSuffix(".\($0.rawValue)") }
        }
    }

    func run() {
        let json = readInput(input, command: "chart")
        let rendered: RenderedChart
        do {
            rendered = try ChartRenderer.shared.render(json: Array(json), format: format)
        } catch {
            switch error {
            case .invalidSpec(let spec): fail(spec.issues.map { "\(input): \($0)\n" }.joined(), code: 1)
            case .tooComplex(let issues): fail(issues.map { "\(input): \($0)\n" }.joined(), code: 1)
            case .cancelled, .backendFailure: fail("chart: \(error)\n", code: 1)
            }
        }
        if output == "-" {
            FileHandle.standardOutput.write(Data(rendered.bytes))
        } else if !FileManager.default.createFile(atPath: output, contents: Data(rendered.bytes)) {
            fail("chart: cannot write \(output)\n", code: 1)
        }
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "sign" {
    SignCommand(arguments: Array(arguments.dropFirst())).run()
    exit(0)
}
guard arguments.first == "render" else {
    if arguments.first == "-h" || arguments.first == "--help" { print(usage, terminator: ""); exit(0) }
    fail(usage, code: 2)
}
RenderCommand(arguments: Array(arguments.dropFirst())).run()
