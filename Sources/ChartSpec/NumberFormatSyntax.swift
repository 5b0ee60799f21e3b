extension NumberFormat {
    /// Parses the spec spelling: `"auto"`, `"si"`, `".Nf"` (fixed, N decimals) or `".N%"` (percent), N in 0…10.
    public init?(specString: String) {
        switch specString {
        case "auto": self = .auto
        case "si": self = .si
        default:
            let utf8 = Array(specString.utf8)
            guard utf8.count == 3 || utf8.count == 4, utf8[0] == UInt8(ascii: "."),
                  let kind = utf8.last, kind == UInt8(ascii: "f") || kind == UInt8(ascii: "%")
            else { return nil }
            let digits = utf8[1..<(utf8.count - 1)]
            guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  digits.count == 1 || digits.first != UInt8(ascii: "0"),
                  let decimals = Int(String(decoding: digits, as: UTF8.self)),
                  ChartSpec.Limits.formatDecimals.contains(decimals)
            else { return nil }
            self = kind == UInt8(ascii: "f") ? .fixed(decimals) : .percent(decimals)
        }
    }

    /// The spec spelling, the inverse of `init?(specString:)`.
    public var specString: String {
        switch self {
        case .auto: "auto"
        case .si: "si"
        case .fixed(let decimals): ".\(decimals)f"
        case .percent(let decimals): ".\(decimals)%"
        }
    }
}
