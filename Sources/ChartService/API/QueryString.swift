/// The parameters of a URL query (`a=1&b=x%20y`), decoded like the WHATWG `application/x-www-form-urlencoded`
/// parser: `+` is a space, `%XX` a byte. Malformed escapes are errors rather than guesses.
public struct QueryString: Sendable {
    public private(set) var pairs: [(name: String, value: [UInt8])] = []

    public struct DecodingError: Error, Equatable {
        public var parameter: String
    }

    /// Splits on `&` and the first `=` of each item as bytes: `&` and `=` are ASCII, so no byte of a multi-byte
    /// character can be taken for them, and walking bytes instead of Characters keeps a 4 KB `?c=` (parsed on
    /// the I/O thread for every cache hit) at microseconds instead of a quarter of a millisecond.
    public init(_ query: Substring?) throws(DecodingError) {
        guard let query, !query.isEmpty else { return }
        let bytes = query.utf8
        var itemStart = bytes.startIndex
        while itemStart < bytes.endIndex {
            let itemEnd = bytes[itemStart...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            if itemStart < itemEnd {
                let item = bytes[itemStart..<itemEnd]
                let equals = item.firstIndex(of: UInt8(ascii: "="))
                let rawName = item[..<(equals ?? itemEnd)]
                let nameBytes = try Self.percentDecode(rawName, parameter: String(decoding: rawName, as: UTF8.self))
                let name = String(decoding: nameBytes, as: UTF8.self)
                let value = try equals.map { e throws(DecodingError) in
                    try Self.percentDecode(item[item.index(after: e)...], parameter: name)
                } ?? []
                pairs.append((name: name, value: value))
            }
            itemStart = itemEnd < bytes.endIndex ? bytes.index(after: itemEnd) : bytes.endIndex
        }
    }

    /// The first value of `name`, as bytes.
    public subscript(name: String) -> [UInt8]? {
        pairs.first { $0.name == name }?.value
    }

    /// How many times `name` appears.
    public func count(of name: String) -> Int {
        pairs.count { $0.name == name }
    }

    static func percentDecode(_ text: Substring.UTF8View.SubSequence, parameter: String) throws(DecodingError)
        -> [UInt8]
    {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): out.append(32)
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw DecodingError(parameter: parameter)
                }
                out.append(high << 4 | low)
            default: out.append(byte)
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

/// Base64url (RFC 4648 §5), the `?c=` encoding: `-` and `_` instead of `+` and `/`, padding optional.
public enum Base64URL {
    /// The decoded bytes, or nil if `text` is not base64url.
    public static func decode(_ text: [UInt8]) -> [UInt8]? {
        var input = text[...]
        while input.last == UInt8(ascii: "=") { input = input.dropLast() }
        guard input.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in input {
            guard let value = sextet(byte) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return out
    }

    /// Encodes without padding (for clients and tests).
    public static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            accumulator = accumulator << 8 | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                out.append(alphabet[Int(accumulator >> UInt32(bits) & 63)])
            }
        }
        if bits > 0 { out.append(alphabet[Int(accumulator << UInt32(6 - bits) & 63)]) }
        return String(decoding: out, as: UTF8.self)
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x41...0x5A: byte - 0x41
        case 0x61...0x7A: byte - 0x61 + 26
        case 0x30...0x39: byte - 0x30 + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
