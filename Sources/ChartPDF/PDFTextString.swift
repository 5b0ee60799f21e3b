/// A PDF text string (ISO 32000-1 §7.9.2.2) for the document information dictionary, written so that no input can
/// end the string early or change the dictionary around it.
///
/// Printable ASCII (0x20–0x7E) is written as a literal string `( … )` with `\`, `(` and `)` escaped by a backslash
/// (§7.3.4.2); anything else — non-ASCII text, control characters such as a newline, NUL — makes the whole string a
/// hexadecimal string `<FEFF …>` of UTF-16BE with a byte order mark, which holds any Unicode text and contains only
/// hex digits, so nothing in it can be read as syntax.
enum PDFTextString {
    static func encode(_ text: String) -> String {
        let scalars = text.unicodeScalars
        if scalars.allSatisfy({ $0.value >= 0x20 && $0.value <= 0x7E }) {
            var out = "("
            out.reserveCapacity(text.utf8.count + 2)
            for scalar in scalars {
                if scalar == "\\" || scalar == "(" || scalar == ")" { out.unicodeScalars.append("\\") }
                out.unicodeScalars.append(scalar)
            }
            return out + ")"
        }
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = Array("<FEFF".utf8)
        out.reserveCapacity(5 + 4 * text.utf16.count + 1)
        for unit in text.utf16 {
            for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int(unit >> UInt16(shift)) & 0xF]) }
        }
        out.append(UInt8(ascii: ">"))
        return String(decoding: out, as: UTF8.self)
    }
}
