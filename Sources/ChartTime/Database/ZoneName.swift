/// The syntax of a zone name, checked before any file is touched: IANA names are paths like `America/Chicago` or
/// `America/Argentina/Buenos_Aires` made of letters, digits, `_`, `+`, `-` and `/`.
public enum ZoneName {
    /// The longest name accepted (the longest IANA name has 32 characters).
    public static let maxLength = 64

    /// What is wrong with `name` as a zone name, or nil when its syntax is fine: only `[A-Za-z0-9_+-/]`, at most
    /// `maxLength` characters, no leading, trailing or doubled `/`, no `..` (path traversal is impossible: `.` is
    /// not even allowed).
    public static func problem(_ name: String) -> String? {
        let b = Array(name.utf8.prefix(maxLength + 1))
        guard !b.isEmpty else { return "a time zone name is not empty" }
        guard b.count <= maxLength else { return "a time zone name has at most \(maxLength) characters" }
        for c in b where !isNameByte(c) {
            return c == UInt8(ascii: ".") ? "a time zone name contains no '.' (nor '..')"
                : "a time zone name has only letters, digits and _ + - /"
        }
        guard b.first != UInt8(ascii: "/"), b.last != UInt8(ascii: "/") else {
            return "a time zone name neither starts nor ends with '/'"
        }
        for (a, c) in zip(b, b.dropFirst()) where a == UInt8(ascii: "/") && c == UInt8(ascii: "/") {
            return "a time zone name has no empty part ('//')"
        }
        return nil
    }

    static func isNameByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"),
             UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    /// `text` made safe to quote in a message: at most `maxLength` characters, anything but printable ASCII as `?`.
    static func quoted(_ text: String) -> String {
        let bytes = text.utf8.prefix(maxLength).map { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") ? $0 : 0x3F }
        return "\"" + String(decoding: bytes, as: UTF8.self) + (text.utf8.count > maxLength ? "…" : "") + "\""
    }
}
