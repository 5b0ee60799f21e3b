#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ChartService
import HTTPServer
import Testing

/// `--log-format`, `--access-log`, `--version`, and `--help` naming every variable chartd reads.
struct ChartdOperationsOptionsTests {
    @Test func textLogsByDefaultAndJSONOnRequest() throws {
        let defaults = try ChartdOptions.parse(arguments: [], environment: [:])
        #expect(defaults.logFormat == .text)
        #expect(defaults.server.accessLog?.format == .text)
        #expect(defaults.service.logger.format == .text)
        let fromVariable = try ChartdOptions.parse(arguments: [], environment: ["LOG_FORMAT": "json"])
        #expect(fromVariable.server.accessLog?.format == .json)
        #expect(fromVariable.service.logger.format == .json)
        let flagWins = try ChartdOptions.parse(arguments: ["--log-format=text"], environment: ["LOG_FORMAT": "JSON"])
        #expect(flagWins.logFormat == .text)
    }

    @Test func accessLogOffKeepsTheFormatForEverythingElse() throws {
        let options = try ChartdOptions.parse(arguments: ["--access-log", "off", "--log-format", "json"],
                                              environment: [:])
        #expect(options.server.accessLog == nil)
        #expect(options.logger.format == .json)
        let reenabled = try ChartdOptions.parse(arguments: ["--access-log", "on"], environment: ["ACCESS_LOG": "off"])
        #expect(reenabled.server.accessLog != nil)
    }

    @Test(arguments: [["--log-format", "yaml"], ["--log-format", ""], ["--access-log", "maybe"]])
    func rejectsBadValues(arguments: [String]) {
        #expect(throws: ChartdOptions.Invalid.self) { try ChartdOptions.parse(arguments: arguments, environment: [:]) }
    }

    @Test func versionFlag() throws {
        #expect(try ChartdOptions.parse(arguments: ["--version"], environment: [:]).showVersion)
        #expect(BuildInfo.versionLine == "chartd \(BuildInfo.version) (commit \(BuildInfo.commit), built "
            + "\(BuildInfo.buildDate))")
        #expect(BuildInfo.version == "0.16.0")
    }

    @Test(arguments: [("abc123def456", "abc123def456"), ("", "unknown"), ("a b\"c\\d\ne", "abcde"),
                      (String(repeating: "f", count: 100), String(repeating: "f", count: 64))])
    func buildFactsAreKeptToShortVisibleASCII(raw: String, kept: String) {
        #expect(BuildInfo.sanitized(raw) == kept)
    }

    /// Every environment variable read anywhere in the server's sources — a `getenv("X")`, an `environment["X"]`,
    /// a setting's `variable: "X"` — is named in `--help`; found by reading the sources, so a new read cannot be
    /// forgotten. (The fuzzer, the CLI and the benchmark are other programs with their own usage texts.)
    @Test func helpNamesEveryEnvironmentVariableTheSourcesRead() throws {
        let root = #filePath.split(separator: "/").dropLast(3).reduce("") { $0 + "/" + $1 }
        let files = Self.swiftFiles(under: root + "/Sources")
            .filter { !["/chart-fuzz/", "/chart-bench/", "/chart/"].contains(where: $0.contains) }
        #expect(files.count > 100)
        var read = Set<String>()
        let patterns = [/getenv\("([A-Za-z_][A-Za-z0-9_]*)"\)/, /environment\["([A-Za-z_][A-Za-z0-9_]*)"\]/,
                        /variable: "([A-Za-z_][A-Za-z0-9_]*)"/]
        for file in files {
            let text = try #require(Self.contents(of: file))
            for pattern in patterns {
                for match in text.matches(of: pattern) { read.insert(String(match.1)) }
            }
        }
        #expect(read.contains("CHART_FONTS") && read.contains("LOG_FORMAT") && read.contains("PORT"))
        let help = ChartdOptions.help
        for variable in read.sorted() {
            #expect(help.contains(" \(variable)"), "\(variable) is read but not in --help")
            #expect(ChartdOptions.environmentVariables.contains(variable))
        }
    }

    private static func swiftFiles(under directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var out: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != "." && name != ".." else { continue }
            let path = directory + "/" + name
            if name.hasSuffix(".swift") {
                out.append(path)
            } else if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
                out += swiftFiles(under: path)
            }
        }
        return out
    }

    private static func contents(of path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
