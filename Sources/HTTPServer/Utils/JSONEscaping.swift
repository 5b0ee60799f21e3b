/// `text` as a JSON string literal, quotes included (RFC 8259 §7): `"` and `\` escaped, and every scalar
/// `jsonNeedsEscape` names as `\uXXXX` — stricter than RFC 8259 needs, so no C1 control, line separator or bidi
/// override can split or disguise a line in a log reader.
public func jsonStringLiteral(_ text: some StringProtocol) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where jsonNeedsEscape(scalar):
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    out += "\""
    return out
}

/// C0 and C1 controls, DEL, the Unicode line and paragraph separators, and the bidirectional marks, embeddings,
/// overrides and isolates (which can make a line read differently from what it holds).
func jsonNeedsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}
