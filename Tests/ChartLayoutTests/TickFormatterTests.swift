import ChartLocale
import Testing
import ChartSpec
@testable import ChartLayout

struct TickFormatterTests {
    static let minus = "\u{2212}"

    struct SetCase: Sendable, CustomTestStringConvertible {
        var format: NumberFormat
        var values: [Double]
        var expected: [String]
        var testDescription: String { "\(format) \(values)" }
    }

    static let sets: [SetCase] = [
        SetCase(format: .auto, values: [0, 20, 40], expected: ["0", "20", "40"]),
        SetCase(format: .auto, values: [0, 0.25, 0.5], expected: ["0.00", "0.25", "0.50"]),
        SetCase(format: .auto, values: [0, 0.5, 1], expected: ["0.0", "0.5", "1.0"]),
        SetCase(format: .auto, values: [0, 5000, 10000, 15000], expected: ["0", "5K", "10K", "15K"]),
        SetCase(format: .auto, values: [0, 2.5e6, 5e6], expected: ["0", "2.5M", "5.0M"]),
        SetCase(format: .auto, values: [1e9, 2e9], expected: ["1B", "2B"]),
        // A large common offset: suffixes would need 7 decimals, so grouped full numbers (as Vega-Lite writes them).
        SetCase(format: .auto, values: [1e9, 1e9 + 100, 1e9 + 200, 1e9 + 300, 1e9 + 400],
                expected: ["1,000,000,000", "1,000,000,100", "1,000,000,200", "1,000,000,300", "1,000,000,400"]),
        SetCase(format: .auto, values: [2_000_000, 2_000_250, 2_000_500],
                expected: ["2,000,000", "2,000,250", "2,000,500"]),
        SetCase(format: .auto, values: [1e4, 1e4 + 0.5], expected: ["10,000.0", "10,000.5"]),
        SetCase(format: .auto, values: [1.25e6, 1.5e6], expected: ["1.25M", "1.50M"]),
        SetCase(format: .auto, values: [2020, 2022, 2024], expected: ["2020", "2022", "2024"]),
        // Mantissas would need 9 decimals: full numbers, while they are exact.
        SetCase(format: .auto, values: [1e15, 1e15 + 1e6],
                expected: ["1,000,000,000,000,000", "1,000,000,001,000,000"]),
        SetCase(format: .auto, values: [1e15, 1.5e15], expected: ["1.0e15", "1.5e15"]),
        SetCase(format: .auto, values: [0, 1e12, 2e12], expected: ["0", "1T", "2T"]),
        SetCase(format: .auto, values: [1e-7, 2e-7, 3e-7], expected: ["1e\(minus)7", "2e\(minus)7", "3e\(minus)7"]),
        SetCase(format: .auto, values: [0, 2.5e-7, 5e-7], expected: ["0", "2.5e\(minus)7", "5.0e\(minus)7"]),
        SetCase(format: .auto, values: [-20, 0, 20], expected: ["\(minus)20", "0", "20"]),
        SetCase(format: .auto, values: [-0.0, 1], expected: ["0", "1"]),
        SetCase(format: .auto, values: [0.1 + 0.2, 0.4], expected: ["0.3", "0.4"]),
        SetCase(format: .auto, values: [1000, 2000, 3000], expected: ["1000", "2000", "3000"]),
        SetCase(format: .fixed(2), values: [3.14159, -0.001], expected: ["3.14", "0.00"]),
        SetCase(format: .fixed(0), values: [2.5e3, -7.6], expected: ["2500", "\(minus)8"]),
        SetCase(format: .percent(0), values: [0, 0.25, 1], expected: ["0%", "25%", "100%"]),
        SetCase(format: .percent(1), values: [0.1234], expected: ["12.3%"]),
        SetCase(format: .si, values: [0, 12000, 24000], expected: ["0", "12k", "24k"]),
        SetCase(format: .si, values: [0, 1.5e9], expected: ["0", "1.5G"]),
        SetCase(format: .si, values: [0, 500, 999], expected: ["0", "500", "999"]),
        SetCase(format: .si, values: [0, 0.002, 0.004], expected: ["0", "2m", "4m"]),
        SetCase(format: .si, values: [0, 2.5e-6, 5e-6], expected: ["0", "2.5µ", "5.0µ"]),
        SetCase(format: .si, values: [1e-9, 2e-9], expected: ["1n", "2n"]),
        SetCase(format: .si, values: [0, 0.5, 1], expected: ["0.0", "0.5", "1.0"]),
        SetCase(format: .si, values: [1e9, 1e9 + 100], expected: ["1.0000000G", "1.0000001G"]),
        SetCase(format: .short, values: [0, 1500, 3000], expected: ["0", "1.5K", "3.0K"]),
        SetCase(format: .short, values: [0, 5e9, 1e10], expected: ["0", "5B", "10B"]),
        SetCase(format: .short, values: [0, 1e12, 2e12], expected: ["0", "1T", "2T"]),
        SetCase(format: .short, values: [0, 250, 500], expected: ["0", "250", "500"]),
        SetCase(format: .grouped(nil), values: [0, 500_000, 1_000_000], expected: ["0", "500,000", "1,000,000"]),
        SetCase(format: .grouped(nil), values: [-1_234_567, 0.5], expected: ["\(minus)1,234,567.0", "0.5"]),
        SetCase(format: .grouped(nil), values: [999, 1000], expected: ["999", "1,000"]),
        SetCase(format: .grouped(2), values: [1234.5, 100], expected: ["1,234.50", "100.00"]),
        SetCase(format: .grouped(0), values: [123_456_789_012_345], expected: ["123,456,789,012,345"]),
    ]

    @Test(arguments: sets)
    func tickSetsShareDecimalsAndUnits(_ c: SetCase) {
        #expect(TickFormatter(c.format).labels(for: c.values) == c.expected)
    }

    @Test(arguments: [
        (68.0, "68"), (12.5, "12.5"), (1234567, "1.23M"), (-0.0, "0"), (1e-7, "1e\(minus)7"), (0.00123, "0.00123"),
        (-42.25, "\(minus)42.25"), (1234.5, "1234.5"), (-0.0000001, "\(minus)1e\(minus)7"), (99_999, "100K"),
    ])
    func singleValuesAreShortAndReadable(_ value: Double, _ expected: String) {
        #expect(TickFormatter(.auto).string(value) == expected)
    }

    static let singles: [(NumberFormat, Double, String)] = [
        (.auto, 3.2e9, "3.2B"), (.si, 3.2e9, "3.2G"), (.si, 0.00123, "1.23m"), (.si, 4.5e-7, "450n"),
        (.short, 1234, "1.23K"), (.grouped(nil), 1_234_567.891, "1,234,567.89"), (.grouped(1), -9876.54, "\(minus)9,876.5"),
        (.grouped(nil), 0.5, "0.5"),
    ]

    @Test(arguments: singles)
    func singleValuesInEachFormat(_ format: NumberFormat, _ value: Double, _ expected: String) {
        #expect(TickFormatter(format).string(value) == expected)
    }

    /// Whatever the range, nice ticks never read the same twice, in any shortening format — for spans above 10^−9
    /// of the magnitude (labels hold at most 16 significant digits).
    @Test(arguments: [NumberFormat.auto, .si, .short, .grouped(nil)])
    func tickLabelsAreAlwaysDistinct(_ format: NumberFormat) {
        var starts: [Double] = [0, 1, -1, 1e9, 1e12 + 7, 123_456_789, 0.001, 1e-7, 42.42, 9.99e14]
        for e in -12...14 { starts.append(pow10(e) * 3.7) }
        for start in starts {
            for span in [1e-9, 1e-3, 1, 7, 400, 1e5, 3e8] where span > abs(start) * 1e-9 {
                let ticks = NiceTicks.compute(dataMin: start, dataMax: start + span)
                let labels = TickFormatter(format).labels(for: ticks.values)
                #expect(Set(labels).count == labels.count, "\(format) \(ticks.values) → \(labels)")
            }
        }
    }

    /// `append(_:to:)` (tooltips write their value straight into bytes) adds exactly `string(_:)`'s UTF-8 after
    /// what the buffer holds, in every format, in the default locale and in locales that rewrite digits, separators
    /// and signs.
    @Test(arguments: [NumberFormat.auto, .si, .short, .grouped(nil), .grouped(2), .fixed(0), .fixed(3), .percent(1)])
    func appendWritesTheSameBytesAsString(_ format: NumberFormat) {
        let values: [Double] = [0, -0.0, 0.5, -1.25, 38.59, 1234.5, -98_765.4321, 3.2e9, 1e15, 9.5e15, -1.2e-7,
                                0.00012, .nan, .infinity, -.infinity]
        for tag in ["en", "de-DE", "ar-EG", "hi-IN", "fr", "tr"] {
            let formatter = TickFormatter(format, locale: ChartLocale(tag) ?? .english)
            for value in values {
                var bytes = Array("Series 1 · D0: ".utf8)
                formatter.append(value, to: &bytes)
                #expect(bytes == Array("Series 1 · D0: \(formatter.string(value))".utf8), "\(tag) \(format) \(value)")
            }
        }
    }

    @Test func nonFiniteValuesDoNotCrash() {
        let f = TickFormatter(.auto)
        #expect(f.string(.nan) == "NaN")
        #expect(f.string(.infinity) == "∞")
        #expect(TickFormatter.fixed(1e300, decimals: 2).contains("e"))
    }
}
