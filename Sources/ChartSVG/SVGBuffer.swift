import ChartScene

/// An append-only UTF-8 byte buffer with the primitives an SVG document needs: static markup,
/// fixed-precision numbers, XML-escaped text and colors. No Foundation, no `String(format:)`.
///
/// Numbers are written with at most `decimals` fractional digits, trailing zeros and a lone leading
/// zero dropped (`0.5` → `.5`, valid in SVG's number grammar), `-0` as `0`. Non-finite values are
/// written as `0` and magnitudes are clamped to ±1e13 so the scaled integer never overflows.
///
/// The buffer owns its memory directly (noncopyable, freed in `deinit`): appending through a
/// pointer is several times cheaper than `Array.append`, and writing speed is the point of this type.
/// It grows by adding chunks, never by copying what was written; `copy(into:at:)` gathers them once.
struct SVGBuffer: ~Copyable {
    /// Invariant: `base` points to `capacity` allocated bytes, of which the first `used` are written;
    /// `previous` holds the earlier, finished chunks (start, bytes written) in order, all allocated
    /// here and freed in `deinit`; `previousBytes` is the sum of their counts.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var used = 0
    private var previous: [(UnsafeMutablePointer<UInt8>, Int)] = []
    private var previousBytes = 0

    /// Largest magnitude a number is written with; larger values are clamped (far beyond any canvas).
    static let maxMagnitude = 1e13

    init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit {
        for (chunk, _) in previous { chunk.deallocate() }
        base.deallocate()
    }

    /// The number of bytes written.
    var count: Int { previousBytes + used }

    var isEmpty: Bool { count == 0 }

    /// A copy of the written bytes.
    var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = copy(into: buffer, at: 0)
        }
    }

    /// Copies the written bytes into `target` at `offset` (which must have room); returns the new offset.
    func copy(into target: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        guard let t = target.baseAddress, offset + count <= target.count else { return offset }
        var at = offset
        for (chunk, n) in previous {
            (t + at).update(from: chunk, count: n)
            at += n
        }
        (t + at).update(from: base, count: used)
        return at + used
    }

    /// Makes room for `n` more contiguous bytes, starting a new chunk (twice as large) when needed.
    @inline(__always) private mutating func reserve(_ n: Int) {
        if used + n > capacity { startChunk(atLeast: n) }
    }

    private mutating func startChunk(atLeast n: Int) {
        previous.append((base, used))
        previousBytes += used
        capacity = Swift.max(Swift.min(capacity * 2, 1 << 20), n)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        used = 0
    }

    @inline(__always) mutating func append(_ source: UnsafePointer<UInt8>, count n: Int) {
        reserve(n)
        let target = base + used
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
        used += n
    }

    mutating func append(_ other: borrowing SVGBuffer) {
        for (chunk, n) in other.previous { append(UnsafePointer(chunk), count: n) }
        append(UnsafePointer(other.base), count: other.used)
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { b in
            if let p = b.baseAddress { append(p, count: b.count) }
        }
    }


    @inline(__always) mutating func raw(_ s: StaticString) {
        append(s.utf8Start, count: s.utf8CodeUnitCount)
    }

    @inline(__always) mutating func byte(_ b: UInt8) {
        reserve(1)
        base[used] = b
        used += 1
    }

    /// `value` rounded to hundredths as an integer (half away from zero); the unit of path coordinates.
    @inline(__always) static func hundredths(_ value: Double) -> Int64 {
        scaled(value, by: 100)
    }

    /// `value × factor` rounded half away from zero, with non-finite values as 0 and clamping.
    @inline(__always) static func scaled(_ value: Double, by factor: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        let scaled = Swift.min(Swift.max(value, -maxMagnitude), maxMagnitude) * factor
        // Round half away from zero without a libm call: truncate, then look at the exact remainder
        // (|scaled| < 2^53, so `scaled - Double(whole)` is exact).
        let whole = Int64(scaled)
        let rest = scaled - Double(whole)
        return rest >= 0.5 ? whole + 1 : rest <= -0.5 ? whole - 1 : whole
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
        case 2: formatHundredths(scaled)
        case 3: formatThousandths(scaled)
        case ...0: format(scaled, power: 1, decimals: 0)
        default:
            let d = Swift.min(decimals, 6)
            format(scaled, power: Self.powersOfTen[d], decimals: d)
        }
    }

    /// "00", "01", … "99": two digits per table lookup.
    private static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    /// `fixed(scaled, decimals: 2)`, the hot case (every coordinate), two digits at a time.
    private mutating func formatHundredths(_ scaled: Int64) {
        reserve(24)
        var p = base + used
        let pairs = Self.digitPairs.utf8Start
        if scaled < 0 {
            p[0] = UInt8(ascii: "-")
            p += 1
        }
        let magnitude = scaled.magnitude
        var integer = magnitude / 100
        let fraction = Int(magnitude % 100)
        if integer != 0 || fraction == 0 {
            var digits = integer < 10 ? 1 : integer < 100 ? 2 : integer < 1000 ? 3 : integer < 10_000 ? 4 : 5
            var t = integer / 100_000
            while t > 0 {
                t /= 10
                digits += 1
            }
            var i = digits
            while integer >= 100 {
                let r = Int(integer % 100)
                integer /= 100
                p[i - 1] = pairs[2 * r + 1]
                p[i - 2] = pairs[2 * r]
                i -= 2
            }
            if integer >= 10 {
                p[1] = pairs[2 * Int(integer) + 1]
                p[0] = pairs[2 * Int(integer)]
            } else {
                p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: integer)
            }
            p += digits
        }
        if fraction != 0 {
            p[0] = UInt8(ascii: ".")
            if fraction % 10 == 0 {
                p[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10)
                p += 2
            } else {
                p[1] = pairs[2 * fraction]
                p[2] = pairs[2 * fraction + 1]
                p += 3
            }
        }
        used = p - base
    }

    /// `fixed(scaled, decimals: 3)` (key times, durations): the fraction via the digit-pair table.
    private mutating func formatThousandths(_ scaled: Int64) {
        let magnitude = scaled.magnitude
        let fraction = Int(magnitude % 1000)
        guard fraction != 0 else {
            format(scaled, power: 1000, decimals: 3)  // integral: the general path is as good
            return
        }
        let integer = magnitude / 1000
        if integer != 0 {
            fixed(scaled < 0 ? -Int64(integer) : Int64(integer), decimals: 0)
        } else if scaled < 0 {
            byte(UInt8(ascii: "-"))
        }
        reserve(4)
        let pairs = Self.digitPairs.utf8Start
        var p = base + used
        p[0] = UInt8(ascii: ".")
        let tens = fraction / 10, last = fraction % 10
        if last != 0 {  // three digits
            p[1] = pairs[2 * tens]
            p[2] = pairs[2 * tens + 1]
            p[3] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: last)
            p += 4
        } else if tens % 10 != 0 {  // two digits
            p[1] = pairs[2 * tens]
            p[2] = pairs[2 * tens + 1]
            p += 3
        } else {  // one digit
            p[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens / 10)
            p += 2
        }
        used = p - base
    }

    @inline(__always) private mutating func format(_ scaled: Int64, power: UInt64, decimals: Int) {
        // Written straight into the storage: sign, integer digits, point, fraction digits.
        reserve(24)  // 1 sign + 19 digits + 1 point, with room to spare
        var p = base + used
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
            var digits = integer < 10 ? 1 : integer < 100 ? 2 : integer < 1000 ? 3 : integer < 10_000 ? 4 : 5
            var t = integer / 100_000
            while t > 0 {
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
        used = p - base
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

    /// Bit b set when byte b (< 0x40) needs escaping or dropping: C0 controls other than tab, LF
    /// and CR, and `" & ' < >`.
    static let specialBelow0x40: UInt64 = 0x5000_00C4_FFFF_D9FF

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
                // Fast path: bytes copied unchanged (letters, digits, spaces, most punctuation, UTF-8
                // other than a possible U+FFFE/U+FFFF lead byte).
                if b >= 0x40 ? b != 0xEF : (Self.specialBelow0x40 >> UInt64(b)) & 1 == 0 {
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
