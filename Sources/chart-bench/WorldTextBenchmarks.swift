import ChartRender
import ChartScene
import ChartSpec
import ChartText
import Foundation

/// Issue 17's speed goals, in one `--filter "world text"` run: Latin label measurement and the standard chart's PNG
/// must stay within 10 % of today once shaping lands, and the PNG time of charts labelled in Arabic and Devanagari is
/// recorded (with a Latin twin of the same chart, so the cost of the script is a ratio in the same run).
func worldTextBenchmarks() -> [Benchmark] {
    guard let fonts = try? FontSet.loadDefault() else { return [] }
    let tick = "1,250"
    let title = "Quarterly revenues by region, 2024 (EUR)"  // 40 characters
    let renderer = ChartRenderer.shared
    func png(_ json: [UInt8]) -> () throws -> Int {
        return { try renderer.render(ChartSpec.parse(json), format: .png).bytes.count }
    }
    let standardPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/standard-chart.json").standardized.path
    let standard = FileManager.default.contents(atPath: standardPath).map { Array($0) }
    /// `times` measurements of `text` in one run (one is too quick for the harness's clock): the median in ms is
    /// then µs per measurement for 1000×, and 10 µs per measurement for 100×.
    func width(_ text: String, size: Double, weight: FontWeight, times: Int) -> () throws -> Int {
        return {
            var total = 0.0
            for _ in 0..<times { total += fonts.width(of: text, size: size, weight: weight) }
            return Int(total)
        }
    }
    var rows = [
        Benchmark(name: "world text: 1000× width tick \"\(tick)\"", run: width(tick, size: 12, weight: .regular,
                                                                           times: 1000)),
        Benchmark(name: "world text: 1000× width 40-char bold title", run: width(title, size: 16, weight: .bold,
                                                                                times: 1000)),
    ]
    // The contract's hostile labels against a Latin label of the same length (200 scalars, the spec's limit): the
    // ratio of each row to the Latin one is the "small constant" a hostile label may cost.
    for (name, label) in hostileLabels {
        rows.append(Benchmark(name: "world text: 100× width 200 \(name)",
                              run: width(label, size: 12, weight: .regular, times: 100)))
    }
    if let standard {
        rows.append(Benchmark(name: "world text: standard chart json→png", run: png(standard)))
    }
    for (script, chart) in worldTextCharts {
        rows.append(Benchmark(name: "world text: \(script) bar chart json→png", run: png(Array(chart.utf8))))
    }
    return rows
}

/// One bar chart (title, subtitle, 8 category labels, 2 named series with a legend, axis titles) in three scripts:
/// the same shape, so the rows differ only in the text's script.
let worldTextCharts: [(String, String)] = [
    ("Latin", worldTextChart(title: "Quarterly revenue by region", subtitle: "Fiscal year 2024, in thousands",
                             labels: ["Cairo", "Dubai", "Riyadh", "Amman", "Beirut", "Doha", "Muscat", "Kuwait"],
                             series: ["Revenue", "Costs"], axes: ["Region", "Amount"])),
    ("Arabic", worldTextChart(title: "الإيرادات الفصلية حسب المنطقة", subtitle: "السنة المالية ٢٠٢٤ بالآلاف",
                              labels: ["القاهرة", "دبي", "الرياض", "عمّان", "بيروت", "الدوحة", "مسقط", "الكويت"],
                              series: ["الإيرادات", "التكاليف"], axes: ["المنطقة", "المبلغ"])),
    ("Devanagari", worldTextChart(title: "क्षेत्र के अनुसार त्रैमासिक राजस्व", subtitle: "वित्तीय वर्ष 2024, हज़ार में",
                                  labels: ["दिल्ली", "मुंबई", "कोलकाता", "चेन्नई", "बेंगलुरु", "हैदराबाद", "पुणे",
                                           "जयपुर"],
                                  series: ["राजस्व", "लागत"], axes: ["क्षेत्र", "राशि"])),
]

private func worldTextChart(title: String, subtitle: String, labels: [String], series: [String],
                            axes: [String]) -> String {
    func quoted(_ s: String) -> String { "\"" + s + "\"" }  // the texts above need no escaping
    return "{\"type\":\"bar\",\"width\":800,\"height\":400,\"legend\":true,\"title\":\(quoted(title)),"
        + "\"subtitle\":\(quoted(subtitle)),\"labels\":[\(labels.map(quoted).joined(separator: ","))],"
        + "\"series\":[{\"name\":\(quoted(series[0])),\"values\":[12,19,7,15,22,9,14,11]},"
        + "{\"name\":\(quoted(series[1])),\"values\":[8,11,5,9,14,6,10,7]}],"
        + "\"x\":{\"title\":\(quoted(axes[0]))},\"y\":{\"title\":\(quoted(axes[1]))}}"
}

/// 200-scalar labels: Latin, then the hostile shapes of `scripts/make-hostile-corpus` (a base with 199 marks, nested
/// embeddings and overrides, a different script every character) and long Arabic and Devanagari words.
let hostileLabels: [(String, String)] = {
    let latin = String(String(repeating: "Quarterly revenue by region ", count: 8).prefix(200))
    let marks = "a" + String(String.UnicodeScalarView((0..<199).compactMap { Unicode.Scalar(0x300 + $0 % 0x70) }))
    let opens = ["\u{202E}", "\u{202A}", "\u{202B}", "\u{202D}"]
    let nest = (0..<98).map { opens[$0 % 4] }.joined() + "a\u{5D1}1\u{62C}" + String(repeating: "\u{202C}", count: 98)
    let samples = ["a", "Ω", "Ж", "א", "ب", "क", "ক", "க", "ก", "中", "か", "한", "😀", "Ա", "ა", "ሀ"]
    let mixed = (0..<200).map { samples[$0 % samples.count] }.joined()
    let arabic = String(String(repeating: "الإيرادات الفصلية حسب المنطقة ", count: 8).unicodeScalars.prefix(200))
    let devanagari = String(String(repeating: "क्षेत्र के अनुसार त्रैमासिक राजस्व ", count: 8)
        .unicodeScalars.prefix(200))
    return [("Latin", latin), ("marks on a base", marks), ("bidi nest", nest), ("scripts mixed", mixed),
            ("Arabic", arabic), ("Devanagari", devanagari)]
}()
