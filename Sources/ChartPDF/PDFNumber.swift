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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            let count = write(scaled: scaled, decimals: decimals, into: buffer)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
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

    /// Writes the digits into `buffer` (32 bytes: a sign, 19 digits and a point fit); returns how many.
    private static func write(scaled: Int64, decimals: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var magnitude = scaled.magnitude
        var decimals = decimals
        // Drop trailing zeros of the fraction.
        while decimals > 0 && magnitude % 10 == 0 {
            magnitude /= 10
            decimals -= 1
        }
        // Digits from the right end of the buffer, then moved to its start.
        var at = buffer.count
        var written = 0
        repeat {
            at -= 1
            buffer[at] = 0x30 + UInt8(magnitude % 10)
            magnitude /= 10
            written += 1
            if written == decimals {
                at -= 1
                buffer[at] = UInt8(ascii: ".")
                if magnitude == 0 {
                    at -= 1
                    buffer[at] = 0x30
                }
            }
        } while magnitude > 0 || written < decimals
        if scaled < 0 {
            at -= 1
            buffer[at] = UInt8(ascii: "-")
        }
        let count = buffer.count - at
        if at > 0 {
            for i in 0..<count { buffer[i] = buffer[at + i] }
        }
        return count
    }
}
