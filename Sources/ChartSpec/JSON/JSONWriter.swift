/// Writes compact JSON bytes with deterministic number spelling; the building block of `canonicalJSON`.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the next value in the current container needs a comma before it.
    private var needsComma: [Bool] = [false]

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma.append(false) }
    mutating func endObject() { needsComma.removeLast(); bytes.append(UInt8(ascii: "}")) }
    mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma.append(false) }
    mutating func endArray() { needsComma.removeLast(); bytes.append(UInt8(ascii: "]")) }

    /// Writes `"name":`; the following value must not add a comma.
    mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
    }

    mutating func null() { separate(); bytes.append(contentsOf: "null".utf8) }
    mutating func bool(_ value: Bool) { separate(); bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    mutating func string(_ value: String) { separate(); appendString(value) }

    /// Integers below 2^53 without a fraction (`640`), everything else in Swift's shortest round-trip form
    /// (`0.1`, `1e-07`, `1e+20`), which is valid JSON. −0 is written as 0. Must be finite.
    mutating func number(_ value: Double) {
        separate()
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
        } else {
            bytes.append(contentsOf: String(describing: value).utf8)
        }
    }

    mutating func field(_ name: String, _ value: Double) { key(name); number(value) }
    mutating func field(_ name: String, _ value: Bool) { key(name); bool(value) }
    mutating func field(_ name: String, _ value: String) { key(name); string(value) }

    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
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
