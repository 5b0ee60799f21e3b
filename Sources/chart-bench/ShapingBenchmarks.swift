import ChartRender
import ChartScene
import ChartSpec
import ChartText
import Foundation

/// World text (issue 17, shaping): a chart labelled in Arabic and one in Devanagari end to end as PNG, label
/// measurement per script, and the hostile labels against a Latin label of the same length (each over 1 KiB, so
/// the shaped-run cache does not keep them and every iteration shapes again).
func shapingBenchmarks() -> [Benchmark] {
    let noto = "/usr/share/fonts/truetype/noto/"
    guard let renderer = try? ChartRenderer(fontFiles: FontSet.defaultRegularPaths[0],
                                            bold: FontSet.defaultBoldPaths[0],
                                            fallbacks: [noto + "NotoSansDevanagari-Regular.ttf",
                                                        noto + "NotoSansThai-Regular.ttf"]),
          let fonts = renderer.text.fontSet else { return [] }
    func chart(title: String, labels: [String], series: [String]) -> String {
        let values = (0..<labels.count).map { "\(20 + ($0 * 37) % 60)" }.joined(separator: ",")
        let list = labels.map { "\"\($0)\"" }.joined(separator: ",")
        let entries = series.map { "{\"name\":\"\($0)\",\"values\":[\(values)]}" }.joined(separator: ",")
        return "{\"title\":\"\(title)\",\"width\":800,\"height\":400,\"labels\":[\(list)],\"series\":[\(entries)]}"
    }
    let arabic = chart(title: "المبيعات الشهرية حسب المنطقة", labels: ["يناير", "فبراير", "مارس", "أبريل", "مايو",
                                                                      "يونيو", "يوليو", "أغسطس"],
                       series: ["القاهرة", "الإسكندرية", "الجيزة"])
    let devanagari = chart(title: "क्षेत्र के अनुसार मासिक बिक्री", labels: ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई",
                                                                          "जून", "जुलाई", "अगस्त"],
                           series: ["दिल्ली", "मुंबई", "कोलकाता"])
    let latin = chart(title: "Monthly sales by region", labels: ["January", "February", "March", "April", "May",
                                                                 "June", "July", "August"],
                      series: ["Cairo", "Alexandria", "Giza"])
    func pipeline(_ json: String) -> () throws -> Int {
        { try renderer.render(json: Array(json.utf8), format: .png).bytes.count }
    }
    let n = 10_000
    let hostile: [(String, String)] = [
        ("Latin letters (fast path)", String(repeating: "Revenue ", count: n / 8)),
        ("Latin with ligatures (HarfBuzz)", String(repeating: "Profit f", count: n / 8)),
        ("10,000 marks on one base", "a" + String(repeating: "\u{0301}", count: n - 1)),
        ("200 RLO/PDF pairs in Latin", String(repeating: "\u{202E}ab\u{202C}" + String(repeating: "x", count: 46),
                                              count: n / 50)),
        ("mixed scripts every character", String(repeating: "aבب1αжक", count: n / 7)),
    ]
    var benchmarks = [
        Benchmark(name: "shaping: pipeline latin json→png scale 1", run: pipeline(latin)),
        Benchmark(name: "shaping: pipeline arabic json→png scale 1", run: pipeline(arabic)),
        Benchmark(name: "shaping: pipeline devanagari json→png scale 1", run: pipeline(devanagari)),
    ]
    // One label each way: the fast path, a cache hit (DejaVu's fi ligature), CJK through the fast path.
    for label in ["Revenue", "Profit margin", "第1节", "−12.5 %"] {
        benchmarks.append(Benchmark(name: "shaping: measure \"\(label)\" ×100") {
            var total = 0.0
            for _ in 0..<100 { total += fonts.width(of: label, size: 12, weight: .regular) }
            return Int(total)
        })
    }
    for (name, text) in hostile {
        benchmarks.append(Benchmark(name: "shaping: 10k-scalar label, \(name)") {
            Int(fonts.width(of: text, size: 12, weight: .regular))
        })
    }
    return benchmarks
}
