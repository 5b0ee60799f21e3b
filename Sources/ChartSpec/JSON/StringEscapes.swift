/// The `\u` escapes of JSON (RFC 8259 §7) and JavaScript string literals (ECMAScript 2015 §11.8.4): four hex
/// digits naming a UTF-16 code unit, where a high surrogate (U+D800–DBFF) must be followed by `\u` and a low
/// surrogate (U+DC00–DFFF) and the pair names one scalar: 0x10000 + (high − 0xD800) × 0x400 + (low − 0xDC00)
/// (The Unicode Standard, §3.9, D91). Shared by `JSONScanner` and `JSLiteralScanner`; the two word some errors
/// differently, which `Dialect` keeps as they were.
enum StringEscapes {
    /// Which parser is reading, for the messages that differ between the two.
    enum Dialect {
        case json, literal

        /// Where a bad hex digit was found, in "unexpected … in \(context), expected a hex digit".
        var hexContext: String {
            switch self {
            case .json: "\\u escape"
            case .literal: "an escape"
            }
        }
    }

    /// The value of one hex digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Reads `digits` hex digits at `position`, which is advanced past them.
    static func readHex(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, digits: Int,
                        _ dialect: Dialect) throws(JSONScanner.Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard position < bytes.count, let digit = hexValue(bytes[position]) else {
                if position >= bytes.count && dialect == .json {
                    throw JSONScanner.Failure(offset: position, message: "unterminated \\u escape")
                }
                var scanner = JSONScanner(bytes: bytes)
                scanner.position = position
                throw JSONScanner.Failure(offset: position, message: "unexpected \(scanner.describeCurrent()) in "
                    + "\(dialect.hexContext), expected a hex digit")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// Reads the four hex digits after `\u` at `position` (the escape began at `escapeStart`), and if they name a
    /// high surrogate, the `\uXXXX` low surrogate that must follow; returns the scalar. A lone low surrogate, which
    /// a Swift string cannot hold, is refused.
    static func readUTF16Escape(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, escapeStart: Int,
                                _ dialect: Dialect) throws(JSONScanner.Failure) -> Unicode.Scalar {
        let first = try readHex(bytes, &position, digits: 4, dialect)
        var value = first
        if (0xD800...0xDBFF).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                  bytes[position + 1] == UInt8(ascii: "u")
            else { throw JSONScanner.Failure(offset: escapeStart, message: "lone high surrogate in \\u escape") }
            position += 2
            let second = try readHex(bytes, &position, digits: 4, dialect)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw JSONScanner.Failure(offset: escapeStart,
                                          message: "high surrogate not followed by a low surrogate")
            }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        }
        return try scalar(value, at: escapeStart, dialect)
    }

    /// `value` as a scalar; the only values that are not are lone surrogates.
    static func scalar(_ value: UInt32, at offset: Int, _ dialect: Dialect) throws(JSONScanner.Failure)
        -> Unicode.Scalar {
        guard let scalar = Unicode.Scalar(value) else {
            let message = switch dialect {
            case .json: "lone low surrogate in \\u escape"
            case .literal: "escape of a lone surrogate (U+\(String(value, radix: 16, uppercase: true)))"
            }
            throw JSONScanner.Failure(offset: offset, message: message)
        }
        return scalar
    }

    /// Appends the UTF-8 encoding of `scalar`.
    @inline(__always)
    static func appendUTF8(_ scalar: Unicode.Scalar, to utf8: inout [UInt8]) {
        UTF8.encode(scalar) { utf8.append($0) }
    }
}
