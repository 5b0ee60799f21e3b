import ChartService
import Testing

/// `--fonts-dir` / `CHART_FONTS_DIR`: a readable directory is taken (the flag over the variable); anything else
/// refuses to start with a message naming the flag.
struct ChartdFontsDirectoryOptionsTests {
    @Test func aReadableDirectoryIsTaken() throws {
        let options = try ChartdOptions.parse(arguments: ["--fonts-dir", "/usr/share"], environment: [:])
        #expect(options.fontsDirectory == "/usr/share")
        let fromEnvironment = try ChartdOptions.parse(arguments: [], environment: ["CHART_FONTS_DIR": "/usr/share"])
        #expect(fromEnvironment.fontsDirectory == "/usr/share")
        let both = try ChartdOptions.parse(arguments: ["--fonts-dir=/tmp"], environment: ["CHART_FONTS_DIR": "/usr"])
        #expect(both.fontsDirectory == "/tmp")
        #expect(try ChartdOptions.parse(arguments: [], environment: [:]).fontsDirectory == nil)
        #expect(ChartdOptions.help.contains("--fonts-dir <v>, CHART_FONTS_DIR"))
    }

    @Test(arguments: ["/nonexistent-fonts", "/etc/hostname", ""])
    func anythingButADirectoryRefusesToStart(directory: String) {
        #expect {
            try ChartdOptions.parse(arguments: ["--fonts-dir", directory], environment: [:])
        } throws: { error in
            (error as? ChartdOptions.Invalid)?.description.hasPrefix("--fonts-dir/CHART_FONTS_DIR:") == true
        }
    }
}
