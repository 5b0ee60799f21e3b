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
        SetCase(format: .auto, values: [0, 5000, 10000, 15000], expected: ["0", "5k", "10k", "15k"]),
        SetCase(format: .auto, values: [0, 2.5e6, 5e6], expected: ["0", "2.5M", "5.0M"]),
        SetCase(format: .auto, values: [1e9, 2e9], expected: ["1G", "2G"]),
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
    ]

    @Test(arguments: sets)
    func tickSetsShareDecimalsAndUnits(_ c: SetCase) {
        #expect(TickFormatter(c.format).labels(for: c.values) == c.expected)
    }

    @Test(arguments: [
        (68.0, "68"), (12.5, "12.5"), (1234567, "1.23M"), (-0.0, "0"), (1e-7, "1e\(minus)7"), (0.00123, "0.00123"),
        (-42.25, "\(minus)42.25"), (1234.5, "1234.5"), (-0.0000001, "\(minus)1e\(minus)7"), (99_999, "100k"),
    ])
    func singleValuesAreShortAndReadable(_ value: Double, _ expected: String) {
        #expect(TickFormatter(.auto).string(value) == expected)
    }

    @Test func nonFiniteValuesDoNotCrash() {
        let f = TickFormatter(.auto)
        #expect(f.string(.nan) == "NaN")
        #expect(f.string(.infinity) == "∞")
        #expect(TickFormatter.fixed(1e300, decimals: 2).contains("e"))
    }
}
