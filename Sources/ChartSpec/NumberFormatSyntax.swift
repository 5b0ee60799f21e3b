extension NumberFormat {
    /// Parses the spec spelling: `"auto"`, `"si"`, `"short"`, `","` (grouped thousands), `",.Nf"` (grouped, N
    /// decimals), `".Nf"` (fixed, N decimals) or `".N%"` (percent), N in 0…10 — d3-format's spellings where it has
    /// one.
    public init?(specString: String) {
        switch specString {
        case "auto": self = .auto
        case "si": self = .si
        case "short": self = .short
        case ",": self = .grouped(nil)
        default:
            var utf8 = Array(specString.utf8)
            let grouped = utf8.first == UInt8(ascii: ",")
            if grouped { utf8.removeFirst() }
            guard utf8.count == 3 || utf8.count == 4, utf8[0] == UInt8(ascii: "."),
                  let kind = utf8.last, kind == UInt8(ascii: "f") || (kind == UInt8(ascii: "%") && !grouped)
            else { return nil }
            let digits = utf8[1..<(utf8.count - 1)]
            guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  digits.count == 1 || digits.first != UInt8(ascii: "0"),
                  let decimals = Int(String(decoding: digits, as: UTF8.self)),
                  ChartSpec.Limits.formatDecimals.contains(decimals)
            else { return nil }
            self = grouped ? .grouped(decimals) : kind == UInt8(ascii: "f") ? .fixed(decimals) : .percent(decimals)
        }
    }

    /// The spec spelling, the inverse of `init?(specString:)`.
    public var specString: String {
        switch self {
        case .auto: "auto"
        case .si: "si"
        case .short: "short"
        case .grouped(nil): ","
        case .grouped(let decimals?): ",.\(decimals)f"
        case .fixed(let decimals): ".\(decimals)f"
        case .percent(let decimals): ".\(decimals)%"
        }
    }
}
