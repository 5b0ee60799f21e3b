public import ChartScene

extension Color {
    /// A color from hex digits as CSS writes them, with or without the `#`: `#rgb`, `#rgba`, `#rrggbb` or
    /// `#rrggbbaa`. nil for anything else.
    ///
    /// ```swift
    /// Color(hex: "#4e79a7")   // opaque
    /// Color(hex: "ff000080")  // half-transparent red
    /// ```
    public init?(hex: String) {
        guard hex.utf8.count <= 9, hex.utf8.dropFirst(hex.hasPrefix("#") ? 1 : 0).allSatisfy(\.isHexDigit),
              let color = try? CSSColor.parse(hex.hasPrefix("#") ? hex : "#" + hex)
        else { return nil }
        self = color
    }

    /// A color in any CSS syntax the JSON spec accepts: hex, `rgb()`/`rgba()`, `hsl()`/`hsla()`, or a CSS named
    /// color (`"steelblue"`, `"transparent"`).
    ///
    /// - Throws: `CSSColorError` saying which forms are accepted.
    public init(css: String) throws(CSSColorError) {
        self = try CSSColor.parse(css)
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
