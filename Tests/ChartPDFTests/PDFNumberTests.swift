import Testing
@testable import ChartPDF

/// PDF reals have no exponent, NaN or infinity: every value is written as plain decimal digits.
struct PDFNumberTests {
    @Test(arguments: [
        (0.0, "0"), (1.0, "1"), (-1.5, "-1.5"), (0.5, "0.5"), (12.345, "12.35"), (12.344, "12.34"),
        (-0.004, "0"), (0.004, "0"), (0.005, "0.01"), (100.1, "100.1"), (-0.25, "-0.25"), (1234567.891, "1234567.89"),
        (1e300, "1000000000"), (-1e300, "-1000000000"), (.nan, "0"), (.infinity, "0"), (-.infinity, "0"),
        (1e-300, "0"),
    ])
    func hundredths(value: Double, written: String) {
        #expect(PDFNumber.string(value) == written)
    }

    @Test func decimalsAreRoundedThenTrimmed() {
        #expect(PDFNumber.string(2 / 3, decimals: 3) == "0.667")
        #expect(PDFNumber.string(0.1, decimals: 4) == "0.1")
        #expect(PDFNumber.string(225, decimals: 4) == "225")
        #expect(PDFNumber.string(-0.00005, decimals: 4) == "-0.0001")
        #expect(PDFNumber.string(7, decimals: 0) == "7")
    }

    /// Every byte value v / 255 at three decimals reads back as v, so colours survive the round trip.
    @Test func colorComponentsReadBackExactly() throws {
        for v in 0...255 {
            let text = PDFNumber.string(Double(v) / 255, decimals: 3)
            let value = try #require(Double(text))
            #expect(Int((value * 255).rounded()) == v, "\(v) → \(text)")
        }
    }
}
