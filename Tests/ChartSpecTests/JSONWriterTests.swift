import Testing
@testable import ChartSpec

/// `JSONWriter.appendShortDecimal` spells a number as `String(describing:)` does, or leaves it to it.
struct JSONWriterTests {
    static func short(_ value: Double) -> String? {
        var bytes: [UInt8] = []
        return JSONWriter.appendShortDecimal(value, to: &bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    static let shortValues: [Double] = [38.59, -0.5, 0.1, 0.0001, 0.0005, -0.0001, 2.675, 1.005, 0.15, 0.25,
                                        999_999_999.9999, 999_999_999.5, 123_456.7891, 1e8 + 0.1, 4.35, 8.675, 0.3,
                                        1.1, 2.2, 3.3]
    static let longValues: [Double] = [0.1 + 0.2, 0.00001, 1e-5, 0.00015, 1e9 + 0.5, 1e15 + 0.25,
                                       Double.leastNonzeroMagnitude, Double.ulpOfOne, 1.0 / 3, 2.0 / 3, 0.12345, 1_000_000_000.5, Double.pi,
                                       -Double.pi]

    @Test(arguments: shortValues)
    func shortDecimalsAreSpelledAsDescription(value: Double) {
        #expect(Self.short(value) == String(describing: value))
    }

    /// Integers (−0 included) are the writer's integer case, not this one's.
    @Test(arguments: longValues + [0, -0.0, 1, -7, 1e8])
    func longerNumbersAreLeftToDescription(value: Double) {
        #expect(Self.short(value) == nil)
    }

    static let integerLimits: [UInt64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
                                          1_000_000_000]

    /// 400,000 decimals of 1–4 fraction digits over every magnitude below 10⁹, and as many arbitrary doubles
    /// (fractions of random bits, their decimals rounded to 1–6 digits): whenever the quick path writes, it writes
    /// `description`'s bytes, and it writes every decimal of at most 4 digits.
    @Test func agreesWithDescriptionOnGeneratedNumbers() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        var written = 0, mismatches: [Double] = [], missed: [Double] = []
        for n in 0..<400_000 {
            let digits = n % 4 + 1
            let power = [1.0, 10, 100, 1000, 10000][digits] as Double
            let integerDigits = Int(next() >> 60) % 10  // magnitudes 1 to 10⁹
            let integer = Double(next() % Self.integerLimits[integerDigits])
            let fraction = Double(next() % UInt64(power))
            let sign: Double = next() & 1 == 0 ? 1 : -1
            let value = sign * ((integer * power + fraction) / power)  // exact numerator: the decimal's nearest double
            if let s = Self.short(value) {
                written += 1
                if s != String(describing: value) { mismatches.append(value) }
            } else if value != value.rounded() {
                missed.append(value)
            }
            let raw = Double(bitPattern: next() >> 2) // arbitrary positive doubles, most of them huge or tiny
            let rounded = (Double(next() % 2_000_000_000) / 1e6 * 1e6).rounded() / 1e6
            for other in [raw, rounded, Double(next() % 1_000_000_000) / 7] {
                if let s = Self.short(other), s != String(describing: other) { mismatches.append(other) }
            }
        }
        #expect(mismatches.count == 0, "\(mismatches.prefix(10))")
        #expect(missed.count == 0, "\(missed.prefix(10))")
        #expect(written > 300_000)
    }
}
