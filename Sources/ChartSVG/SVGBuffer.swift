import ChartScene

/// An append-only UTF-8 byte buffer with the primitives an SVG document needs: static markup,
/// fixed-precision numbers, XML-escaped text and colors. No Foundation, no `String(format:)`.
///
/// Numbers are written with at most `decimals` fractional digits, trailing zeros and a lone leading
/// zero dropped (`0.5` → `.5`, valid in SVG's number grammar), `-0` as `0`. Non-finite values are
/// written as `0` and magnitudes are clamped to ±1e13 so the scaled integer never overflows.
public ///
/// The buffer owns its memory directly (noncopyable, freed in `deinit`): appending through a
/// pointer is several times cheaper than `Array.append`, and writing speed is the point of this type.
struct SVGBuffer: ~Copyable {
    /// Invariant: `base` points to `capacity` allocated bytes of which the first `count` are written.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    /// Largest magnitude a number is written with; larger values are clamped (far beyond any canvas).
    static let maxMagnitude = 1e13

    init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the written bytes.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    var isEmpty: Bool { count == 0 }

    /// Makes room for `n` more bytes, doubling the allocation as needed.
    @inline(__always) private mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(to: count + n) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always) mutating func append(_ source: UnsafePointer<UInt8>, count n: Int) {
        reserve(n)
        let target = base + count
        if n >= 8 && n <= 96 {
            // Short copies (most markup) in unaligned 8-byte words, the last one overlapping:
            // cheaper than a call into memmove for a few dozen bytes.
            let s = UnsafeRawPointer(source), t = UnsafeMutableRawPointer(target)
            var i = 0
            while i < n - 8 {
                t.storeBytes(of: s.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
                i += 8
            }
            t.storeBytes(of: s.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8,
                         as: UInt64.self)
        } else if n >= 4 && n < 8 {
            let s = UnsafeRawPointer(source), t = UnsafeMutableRawPointer(target)
            t.storeBytes(of: s.loadUnaligned(as: UInt32.self), as: UInt32.self)
            t.storeBytes(of: s.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), toByteOffset: n - 4,
                         as: UInt32.self)
        } else if n < 4 {
            if n > 0 { target[0] = source[0] }
            if n > 1 { target[1] = source[1] }
            if n > 2 { target[2] = source[2] }
        } else {
            target.update(from: source, count: n)
        }
        count += n
    }

    @inline(__always) mutating func append(_ other: borrowing SVGBuffer) {
        append(other.base, count: other.count)
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { b in
            if let p = b.baseAddress { append(p, count: b.count) }
        }
    }

    /// Copies the written bytes into `target` at `offset` (which must have room); returns the new offset.
    func copy(into target: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        guard let t = target.baseAddress, count > 0 else { return offset }
        (t + offset).update(from: base, count: count)
        return offset + count
    }

    @inline(__always) mutating func raw(_ s: StaticString) {
        append(s.utf8Start, count: s.utf8CodeUnitCount)
    }

    @inline(__always) mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    /// `value` rounded to hundredths as an integer (half away from zero); the unit of path coordinates.
    @inline(__always) static func hundredths(_ value: Double) -> Int64 {
        scaled(value, by: 100)
    }

    /// `value × factor` rounded half away from zero, with non-finite values as 0 and clamping.
    @inline(__always) static func scaled(_ value: Double, by factor: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        let clamped = Swift.min(Swift.max(value, -maxMagnitude), maxMagnitude)
        return Int64((clamped * factor).rounded())
    }

    /// A number with at most two decimals.
    @inline(__always) mutating func number(_ value: Double) {
        fixed(Self.hundredths(value), decimals: 2)
    }

    /// A number with at most three decimals (times in seconds, key times).
    @inline(__always) mutating func number3(_ value: Double) {
        fixed(Self.scaled(value, by: 1000), decimals: 3)
    }

    /// A decimal integer.
    mutating func int(_ value: Int) {
        fixed(Int64(value), decimals: 0)
    }

    /// The number `scaled / 10^decimals` (decimals 0…6): sign, integer part (omitted when 0 and a
    /// fraction follows), then the fraction without trailing zeros.
    mutating func fixed(_ scaled: Int64, decimals: Int) {
        // Specialized per precision so every division is by a constant (a multiplication).
        switch decimals {
        case 2: format(scaled, power: 100, decimals: 2)
        case 3: format(scaled, power: 1000, decimals: 3)
        case ...0: format(scaled, power: 1, decimals: 0)
        default:
            let d = Swift.min(decimals, 6)
            format(scaled, power: Self.powersOfTen[d], decimals: d)
        }
    }

    @inline(__always) private mutating func format(_ scaled: Int64, power: UInt64, decimals: Int) {
        // Written straight into the storage: sign, integer digits, point, fraction digits.
        reserve(24)  // 1 sign + 19 digits + 1 point, with room to spare
        var p = base + count
        let magnitude = scaled.magnitude
        var integer = magnitude / power
        var fraction = magnitude % power
        var fractionDigits = decimals
        if fraction != 0 {
            while fraction % 10 == 0 {
                fraction /= 10
                fractionDigits -= 1
            }
        }
        if scaled < 0 {
            p[0] = UInt8(ascii: "-")
            p += 1
        }
        if integer != 0 || fraction == 0 {
            var digits = 1
            var t = integer
            while t >= 10 {
                t /= 10
                digits += 1
            }
            var i = digits - 1
            repeat {
                p[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: integer % 10)
                integer /= 10
                i -= 1
            } while i >= 0
            p += digits
        }
        if fraction != 0 {
            p[0] = UInt8(ascii: ".")
            var i = fractionDigits
            while i > 0 {
                p[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
                fraction /= 10
                i -= 1
            }
            p += fractionDigits + 1
        }
        count = p - base
    }

    /// The number of bytes `fixed(scaled, decimals: 2)` writes (used to pick the shorter path form).
    @inline(__always) static func length(hundredths value: Int64) -> Int {
        let magnitude = value.magnitude
        var n = value < 0 ? 1 : 0
        let fraction = magnitude % 100
        if fraction != 0 { n += fraction % 10 == 0 ? 2 : 3 }
        // Integer digits (none when the integer part is 0 and a fraction follows).
        switch magnitude {
        case 0..<100: n += fraction == 0 ? 1 : 0
        case 100..<1000: n += 1
        case 1000..<10_000: n += 2
        case 10_000..<100_000: n += 3
        case 100_000..<1_000_000: n += 4
        case 1_000_000..<10_000_000: n += 5
        default:
            var t = magnitude / 10_000_000
            n += 6
            while t > 0 {
                t /= 10
                n += 1
            }
        }
        return n
    }

    static let powersOfTen: [UInt64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

    /// `#rgb` when every channel repeats its nibble, else `#rrggbb` (alpha is written separately).
    mutating func color(_ c: Color) {
        byte(UInt8(ascii: "#"))
        if c.red >> 4 == c.red & 15, c.green >> 4 == c.green & 15, c.blue >> 4 == c.blue & 15 {
            byte(Self.hex[Int(c.red & 15)])
            byte(Self.hex[Int(c.green & 15)])
            byte(Self.hex[Int(c.blue & 15)])
        } else {
            hexByte(c.red)
            hexByte(c.green)
            hexByte(c.blue)
        }
    }

    @inline(__always) mutating func hexByte(_ v: UInt8) {
        byte(Self.hex[Int(v >> 4)])
        byte(Self.hex[Int(v & 15)])
    }

    static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// `text` with `& < > " '` escaped as entities and characters that XML 1.0 forbids dropped
    /// (C0 controls other than tab, LF and CR; U+FFFE and U+FFFF). Safe for text content and
    /// for double-quoted attribute values alike.
    mutating func escaped(_ text: String) {
        var copy = text
        copy.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            let n = utf8.count
            var run = 0  // start of the pending run of bytes copied unchanged
            var i = 0
            func flush(to end: Int) {
                if end > run { append(base + run, count: end - run) }
            }
            while i < n {
                let b = base[i]
                if b >= 0x40 && b != 0xEF {  // fast path: letters, most punctuation, non-BMP-special UTF-8
                    i += 1
                    continue
                }
                switch b {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                    flush(to: i)
                    switch b {
                    case UInt8(ascii: "&"): raw("&amp;")
                    case UInt8(ascii: "<"): raw("&lt;")
                    case UInt8(ascii: ">"): raw("&gt;")
                    case UInt8(ascii: "\""): raw("&quot;")
                    default: raw("&apos;")
                    }
                    i += 1
                    run = i
                case 0x00..<0x20 where b != 0x09 && b != 0x0A && b != 0x0D:
                    flush(to: i)  // not an XML 1.0 character: dropped
                    i += 1
                    run = i
                case 0xEF where i + 2 < n && base[i + 1] == 0xBF && (base[i + 2] == 0xBE || base[i + 2] == 0xBF):
                    flush(to: i)  // U+FFFE / U+FFFF: not XML characters
                    i += 3
                    run = i
                default:
                    i += 1
                }
            }
            flush(to: n)
        }
    }
}
