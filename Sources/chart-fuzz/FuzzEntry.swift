#if canImport(Glibc)
import Glibc
#endif
#if FUZZING
import CFuzzerDriver
#endif

// chart-fuzz: fuzz harnesses for the three parsers that read untrusted bytes (chart specs, fonts, HTTP requests).
//
// Built normally, it replays inputs: `chart-fuzz TARGET FILE...` runs each file through the target (to reproduce a
// crash libFuzzer found, or to check a corpus). Built with `-sanitize=fuzzer -DFUZZING` (scripts/fuzz), `main` hands
// the command line to libFuzzer's driver, which calls `LLVMFuzzerTestOneInput` with the target named by the
// CHART_FUZZ_TARGET environment variable.

/// The target for this process, read once.
private let fuzzTarget: FuzzTarget = {
    guard let name = getenv("CHART_FUZZ_TARGET").map({ String(cString: $0) }) else { return .chart }
    return FuzzTarget(rawValue: name) ?? .chart
}()

/// libFuzzer's entry point: one input, any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    fuzzTarget.run(bytes)
    return 0
}

private func printError(_ line: String) {
    var bytes = Array((line + "\n").utf8)
    _ = write(2, &bytes, bytes.count)
}

@main
struct ChartFuzz {
    static func main() {
        #if FUZZING
        fuzzTarget.prepare()
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        replay(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    /// Runs each file through the target named by the first argument.
    static func replay(_ args: [String]) {
        guard let name = args.first, let target = FuzzTarget(rawValue: name), args.count >= 2 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            printError("usage: chart-fuzz \(names) FILE...   (replays inputs; scripts/fuzz runs libFuzzer)")
            exit(2)
        }
        for path in args.dropFirst() {
            guard let file = fopen(path, "rb") else {
                printError("chart-fuzz: cannot open \(path)")
                exit(2)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
                if n == 0 { break }
                bytes += chunk[0..<n]
            }
            fclose(file)
            target.run(bytes)
        }
        print("chart-fuzz: \(args.count - 1) input(s) ran through \(name) without a crash")
    }
}
