public import ChartScene

/// An append-only UTF-8 byte buffer with the primitives an SVG document needs: static markup,
/// fixed-precision numbers, XML-escaped text and colors. No Foundation, no `String(format:)`.
///
/// Numbers are written with at most `decimals` fractional digits, trailing zeros and a lone leading
/// zero dropped (`0.5` → `.5`, valid in SVG's number grammar), `-0` as `0`. Non-finite values are
/// written as `0` and magnitudes are clamped to ±1e13 so the scaled integer never overflows.
public struct SVGBuffer: Sendable {
    public var bytes: [UInt8]

    /// Largest magnitude a number is written with; larger values are clamped (far beyond any canvas).
    public static let maxMagnitude = 1e13

    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) public mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always) public mutating func byte(_ b: UInt8) { bytes.append(b) }

    /// `value` rounded to hundredths as an integer (half away from zero); the unit of path coordinates.
    @inline(__always) public static func hundredths(_ value: Double) -> Int64 {
        scaled(value, by: 100)
    }

    /// `value × factor` rounded half away from zero, with non-finite values as 0 and clamping.
    @inline(__always) static func scaled(_ value: Double, by factor: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        let clamped = Swift.min(Swift.max(value, -maxMagnitude), maxMagnitude)
        return Int64((clamped * factor).rounded())
    }

    /// A number with at most two decimals.
    @inline(__always) public mutating func number(_ value: Double) {
        fixed(Self.hundredths(value), decimals: 2)
    }

    /// A number with at most three decimals (times in seconds, key times).
    @inline(__always) public mutating func number3(_ value: Double) {
        fixed(Self.scaled(value, by: 1000), decimals: 3)
    }

    /// A decimal integer.
    public mutating func int(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(value.magnitude.toUInt64, minCount: 1)
    }

    /// The number `scaled / 10^decimals` (decimals 0…6): sign, integer part (omitted when 0 and a
    /// fraction follows), then the fraction without trailing zeros.
    public mutating func fixed(_ scaled: Int64, decimals: Int) {
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        let power = Self.powersOfTen[decimals]
        let integer = magnitude / power
        var fraction = magnitude % power
        if integer != 0 || fraction == 0 { digits(integer, minCount: 1) }
        guard fraction != 0 else { return }
        var count = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            count -= 1
        }
        bytes.append(UInt8(ascii: "."))
        digits(fraction, minCount: count)
    }

    /// The number of bytes `fixed(scaled, decimals: 2)` writes (used to pick the shorter path form).
    @inline(__always) static func length(hundredths value: Int64) -> Int {
        let magnitude = value.magnitude
        let integer = magnitude / 100, fraction = magnitude % 100
        var n = value < 0 ? 1 : 0
        if integer != 0 || fraction == 0 {
            var t = integer
            n += 1
            while t >= 10 {
                t /= 10
                n += 1
            }
        }
        if fraction != 0 { n += fraction % 10 == 0 ? 2 : 3 }
        return n
    }

    static let powersOfTen: [UInt64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

    /// Decimal digits of `value`, left-padded with zeros to `minCount`.
    mutating func digits(_ value: UInt64, minCount: Int) {
        var count = 1
        var t = value
        while t >= 10 {
            t /= 10
            count += 1
        }
        count = Swift.max(count, minCount)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var i = start + count - 1
            var x = value
            while x > 0 {
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: x % 10)
                x /= 10
                i -= 1
            }
        }
    }

    /// `#rgb` when every channel repeats its nibble, else `#rrggbb` (alpha is written separately).
    public mutating func color(_ c: Color) {
        bytes.append(UInt8(ascii: "#"))
        if c.red >> 4 == c.red & 15, c.green >> 4 == c.green & 15, c.blue >> 4 == c.blue & 15 {
            bytes.append(Self.hex[Int(c.red & 15)])
            bytes.append(Self.hex[Int(c.green & 15)])
            bytes.append(Self.hex[Int(c.blue & 15)])
        } else {
            hexByte(c.red)
            hexByte(c.green)
            hexByte(c.blue)
        }
    }

    @inline(__always) mutating func hexByte(_ v: UInt8) {
        bytes.append(Self.hex[Int(v >> 4)])
        bytes.append(Self.hex[Int(v & 15)])
    }

    static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// `text` with `& < > " '` escaped as entities and characters that XML 1.0 forbids dropped
    /// (C0 controls other than tab, LF and CR; U+FFFE and U+FFFF). Safe for text content and
    /// for double-quoted attribute values alike.
    public mutating func escaped(_ text: String) {
        var copy = text
        copy.withUTF8 { utf8 in
            var i = 0
            let n = utf8.count
            while i < n {
                let b = utf8[i]
                switch b {
                case UInt8(ascii: "&"): raw("&amp;")
                case UInt8(ascii: "<"): raw("&lt;")
                case UInt8(ascii: ">"): raw("&gt;")
                case UInt8(ascii: "\""): raw("&quot;")
                case UInt8(ascii: "'"): raw("&apos;")
                case 0x09, 0x0A, 0x0D: bytes.append(b)
                case 0x00..<0x20: break
                case 0xEF where i + 2 < n && utf8[i + 1] == 0xBF && (utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF):
                    i += 2  // U+FFFE / U+FFFF: not XML characters
                default: bytes.append(b)
                }
                i += 1
            }
        }
    }
}

extension UInt {
    fileprivate var toUInt64: UInt64 { UInt64(self) }
}
