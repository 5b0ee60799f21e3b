import ChartService
import Testing

/// `--zoneinfo-dir` / `ZONEINFO`: a directory with zone files is taken; one without refuses to start.
struct ChartdZoneInfoOptionsTests {
    @Test func aDirectoryWithZoneFilesIsTaken() throws {
        let options = try ChartdOptions.parse(arguments: ["--zoneinfo-dir", "/usr/share/zoneinfo"], environment: [:])
        #expect(options.zoneInfoDirectory == "/usr/share/zoneinfo")
        let fromEnvironment = try ChartdOptions.parse(arguments: [], environment: ["ZONEINFO": "/usr/share/zoneinfo"])
        #expect(fromEnvironment.zoneInfoDirectory == "/usr/share/zoneinfo")
        #expect(try ChartdOptions.parse(arguments: [], environment: [:]).zoneInfoDirectory == nil)
    }

    @Test(arguments: ["/nonexistent-zoneinfo", "/proc/self", ""])
    func aDirectoryWithoutZoneFilesRefusesToStart(directory: String) {
        #expect(throws: ChartdOptions.Invalid.self) {
            try ChartdOptions.parse(arguments: ["--zoneinfo-dir", directory], environment: [:])
        }
    }
}
