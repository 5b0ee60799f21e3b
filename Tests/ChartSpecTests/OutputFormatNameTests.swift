import Testing
@testable import ChartSpec

/// The one reader of format names (query, spec, `/chart`, CLI) and of output file extensions (CLI).
struct OutputFormatNameTests {
    static let names: [(String, OutputFormat?)] = [
        ("svg", .svg), ("png", .png), ("smil", .smil), ("json", .json), ("pdf", .pdf), ("webp", .webp),
        ("jpeg", .jpeg), ("jpg", .jpeg), ("apng", .apng), ("gif", .gif),
        ("PNG", .png), ("Jpg", .jpeg), ("JPEG", .jpeg), ("WebP", .webp), ("SMIL", .smil),
        ("", nil), ("bmp", nil), ("jpe", nil), (" png", nil), ("png ", nil), ("image/png", nil), ("base64", nil),
        (".png", nil), ("svgz", nil), ("jpegg", nil),
    ]

    @Test(arguments: names)
    func readsAName(name: String, expected: OutputFormat?) {
        #expect(OutputFormat(name: name) == expected)
    }

    /// Every case reads back from its own name, so a new case cannot be forgotten here.
    @Test func everyCaseIsANameOfItself() {
        for format in OutputFormat.allCases {
            #expect(OutputFormat(name: format.rawValue) == format)
            #expect(OutputFormat.names.contains(format.rawValue))
        }
        #expect(OutputFormat.names.contains("jpg"))
    }

    static let fileNames: [(String, OutputFormat?)] = [
        ("chart.svg", .svg), ("chart.png", .png), ("chart.json", .json), ("chart.pdf", .pdf),
        ("chart.webp", .webp), ("chart.jpg", .jpeg), ("chart.jpeg", .jpeg), ("chart.JPG", .jpeg),
        ("chart.apng", .apng), ("chart.gif", .gif), ("a.b.PDF", .pdf),
        ("chart.smil", nil), ("chart.bmp", nil), ("chart", nil), ("chart.", nil), ("chart.svg.txt", nil),
    ]

    @Test(arguments: fileNames)
    func readsAFileExtension(fileName: String, expected: OutputFormat?) {
        #expect(OutputFormat(fileName: fileName) == expected)
    }

    /// Each format but `smil` (an `.svg`) is read back from its own extension, and the list in messages names them.
    @Test func everyExtensionReadsBack() {
        for format in OutputFormat.allCases where format != .smil {
            #expect(OutputFormat(fileName: "chart." + format.fileExtension) == format)
            #expect(OutputFormat.fileExtensions.contains("." + format.fileExtension))
        }
    }

    /// The spec's `format` is read by the same parser and written canonically, so `"JPG"` and `"jpeg"` are one
    /// chart (one ETag).
    @Test func specFormatUsesTheNameParserAndCanonicalName() throws {
        let upper = try ChartSpec.parse(Array(#"{"series":[{"values":[1]}],"format":"JPG"}"#.utf8))
        let plain = try ChartSpec.parse(Array(#"{"series":[{"values":[1]}],"format":"jpeg"}"#.utf8))
        #expect(upper.format == .jpeg)
        #expect(upper.canonicalJSON == plain.canonicalJSON)
        #expect(String(decoding: upper.canonicalJSON, as: UTF8.self).contains(#""format":"jpeg""#))
    }
}
