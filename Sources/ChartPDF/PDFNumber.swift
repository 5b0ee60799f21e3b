/// PDF real numbers as content streams and dictionaries need them (ISO 32000-1 §7.3.3): decimal digits with an
/// optional point and sign, never an exponent, NaN or infinity — so every value is rounded to a fixed number of
/// decimals, non-finite values are written as 0 and magnitudes are clamped to `maxMagnitude`. Trailing zeros are
/// dropped (`1.50` → `1.5`, `2.00` → `2`, `-0` → `0`).
enum PDFNumber {
    /// The largest magnitude written (in the unit of the value: CSS px for coordinates). Far beyond any page, within
    /// every reader's range for reals (Acrobat's limit is about ±3.4 × 10³⁸), and small enough that a value in
    /// hundredths fits an `Int64` with room to spare.
    static let maxMagnitude = 1e9

    /// `value` rounded to `decimals` (0…6) fractional digits, as an integer count of 10^−decimals.
    @inline(__always)
    static func scaled(_ value: Double, decimals: Int) -> Int64 {
        guard value.isFinite else { return 0 }
        return Int64((min(max(value, -maxMagnitude), maxMagnitude) * powers[decimals]).rounded())
    }

    private static let powers: [Double] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]

    /// Appends `scaled` × 10^−`decimals` to `out`.
    @inline(__always)
    static func append(scaled: Int64, decimals: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength) { buffer in
            guard let base = buffer.baseAddress else { return }
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: write(scaled: scaled, decimals: decimals,
                                                                                 into: base)))
        }
    }

    /// Appends `value` rounded to `decimals` fractional digits.
    @inline(__always)
    static func append(_ value: Double, decimals: Int = 2, to out: inout [UInt8]) {
        append(scaled: scaled(value, decimals: decimals), decimals: decimals, to: &out)
    }

    /// `value` rounded to `decimals` fractional digits, as a string (for dictionaries).
    static func string(_ value: Double, decimals: Int = 2) -> String {
        var out: [UInt8] = []
        append(value, decimals: decimals, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The most bytes `write` writes: a sign, 19 digits, a point and a leading zero.
    static let maxLength = 24

    /// Writes `scaled` × 10^−`decimals` at `buffer` (room for `maxLength` bytes); returns how many bytes it wrote.
    @inline(__always)
    static func write(scaled: Int64, decimals: Int, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = scaled.magnitude
        var decimals = decimals
        // Drop trailing zeros of the fraction.
        while decimals > 0 && magnitude % 10 == 0 {
            magnitude /= 10
            decimals -= 1
        }
        var n = 0
        if scaled < 0 {
            buffer[0] = UInt8(ascii: "-")
            n = 1
        }
        // Digits from the last, the point after `decimals` of them, then reversed in place.
        let start = n
        var written = 0
        repeat {
            buffer[n] = 0x30 + UInt8(magnitude % 10)
            magnitude /= 10
            n += 1
            written += 1
            if written == decimals {
                buffer[n] = UInt8(ascii: ".")
                n += 1
                if magnitude == 0 {
                    buffer[n] = 0x30
                    n += 1
                }
            }
        } while magnitude > 0 || written < decimals
        var i = start, j = n - 1
        while i < j {
            (buffer[i], buffer[j]) = (buffer[j], buffer[i])
            i += 1
            j -= 1
        }
        return n
    }
}
