/// Writes compact JSON bytes with deterministic number spelling; the building block of `canonicalJSON`.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Bit d says whether the next value at nesting depth d needs a comma first. The writer's callers nest at
    /// most a handful of levels (a spec is 4 deep), far below the 64 bits available.
    private var commaBits: UInt64 = 0
    private var depth = 0
    /// The key of `member`, written just before the member's value (and not at all when it writes none).
    private var pendingKey: String?
    /// The most bytes written; past it every write is skipped and `isOverLimit` is set, so writing a spec built in
    /// Swift with a hostile amount of data costs a walk over it, not an allocation of its JSON.
    private let limit: Int
    /// True once a write was skipped because of `limit`: `bytes` is then a truncated, unusable document.
    private(set) var isOverLimit = false

    init(capacity: Int = 0, limit: Int = .max) {
        self.limit = limit
        bytes.reserveCapacity(Swift.min(capacity, limit))
    }

    /// Whether `count` more bytes fit under `limit`; sets `isOverLimit` when they do not.
    private mutating func fits(_ count: Int) -> Bool {
        if isOverLimit { return false }
        if bytes.count + count > limit { isOverLimit = true }
        return !isOverLimit
    }

    private mutating func separate() {
        if let name = pendingKey {
            pendingKey = nil
            key(name)
        }
        let bit: UInt64 = 1 << UInt64(depth)
        if commaBits & bit != 0 { bytes.append(UInt8(ascii: ",")) }
        commaBits |= bit
    }

    private mutating func open(_ bracket: UInt8) {
        guard fits(1) else { return }
        separate()
        bytes.append(bracket)
        depth += 1
        commaBits &= ~(1 << UInt64(depth))
    }

    private mutating func close(_ bracket: UInt8) {
        guard fits(1) else { return }
        depth -= 1
        bytes.append(bracket)
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes `"name":`; the following value adds no comma.
    private mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        commaBits &= ~(1 << UInt64(depth))
    }

    /// Writes `"name":value` when `value` writes a value, and nothing when it writes none (an unset optional).
    mutating func member(_ name: String, _ value: (inout JSONWriter) -> Void) {
        pendingKey = name
        value(&self)
        pendingKey = nil
    }

    mutating func null() {
        guard fits(4) else { return }
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    mutating func bool(_ value: Bool) {
        guard fits(5) else { return }
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func string(_ value: String) {
        guard fits(value.utf8.count + 2) else { return }
        separate()
        appendString(value)
    }

    /// Integers below 2^53 without a fraction (`640`), everything else in Swift's shortest round-trip form
    /// (`0.1`, `1e-07`, `1e+20`), which is valid JSON. −0 is written as 0.
    ///
    /// A validated spec holds only finite numbers. A spec built in Swift may not: NaN and the infinities are written
    /// as `NaN`, `Infinity` and `-Infinity`, which are not JSON, so that reading the document back fails at the very
    /// value with its JSON path (`ChartSpec.validated()` turns that into a "must be a finite number" issue).
    mutating func number(_ value: Double) {
        guard fits(24) else { return }
        separate()
        if !value.isFinite {
            bytes.append(contentsOf: (value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity").utf8)
        } else if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
        } else if !Self.appendShortDecimal(value, to: &bytes) {
            bytes.append(contentsOf: String(describing: value).utf8)
        }
    }

    /// Writes `value` when it has 1 to 4 fraction digits and a magnitude below 10⁹ and is not an integer (`38.59`, `-0.5`: most chart
    /// data), spelled exactly as `String(describing:)` spells it, without its general algorithm (≈ 400 instructions
    /// a number, most of the cost of a spec's canonical form, hashed on every request). False, writing nothing,
    /// for any other value.
    ///
    /// Why it is the same spelling: `description` writes the fewest digits that read back as `value`, in plain
    /// notation from 10⁻⁴ up. m / 10ᵏ (m < 10¹³ < 2⁵³ and 10ᵏ are exact) is correctly rounded, as reading the decimal
    /// "m·10⁻ᵏ" is, so `m / 10ᵏ == |value|` says exactly that the k-digit decimal reads back as `value`. Below 10⁹ an
    /// ulp is under 2.3·10⁻⁷, so at most one k-digit decimal can read back as `value`, and rounding |value|·10ᵏ
    /// (off by under 10⁻³) finds it. The first k that works is the fewest digits (k = 0 is the integer case above),
    /// and its last digit is not 0, or k − 1 would have worked. `JSONWriterTests` checks it against `description`.
    static func appendShortDecimal(_ value: Double, to bytes: inout [UInt8]) -> Bool {
        let magnitude = value.magnitude
        guard magnitude < 1e9, magnitude != magnitude.rounded() else { return false }
        var scale = 10.0, power: UInt64 = 10
        for digits in 1...4 {
            let m = (magnitude * scale).rounded()
            if m / scale == magnitude {
                let scaled = UInt64(m)
                if value < 0 { bytes.append(UInt8(ascii: "-")) }
                // The integer part's digits (no leading zeros; "0" for none), then the fraction's `digits` digits.
                var integer = scaled / power, divisor: UInt64 = 1
                while divisor <= integer / 10 { divisor *= 10 }
                repeat {
                    bytes.append(UInt8(ascii: "0") + UInt8(integer / divisor))
                    integer %= divisor
                    divisor /= 10
                } while divisor > 0
                bytes.append(UInt8(ascii: "."))
                var fraction = scaled % power
                divisor = power / 10
                for _ in 0..<digits {
                    bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
                    fraction %= divisor
                    divisor /= 10
                }
                return true
            }
            scale *= 10
            power *= 10
        }
        return false
    }


    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                bytes.append(contentsOf: ("\\u00" + (hex.count == 1 ? "0" : "") + hex).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
