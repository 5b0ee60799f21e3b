/// Builds the JSON paths used in error messages: `series[1].values[3]`, `x.format`, `["odd key"]`.
///
/// Paths are only built when something is reported, so the happy path never pays for string concatenation.
/// Public for translators that report paths of their own input in the same notation (`ChartJSDialect`).
package enum JSONPath {
    /// The longest key shown verbatim in a path; longer keys are cut with "…" so error output stays small.
    static let maxShownKeyLength = 40

    public static func member(_ parent: String, _ key: String) -> String {
        if isIdentifier(key) {
            return parent.isEmpty ? key : parent + "." + key
        }
        return parent + "[" + quoted(key) + "]"
    }

    public static func index(_ parent: String, _ index: Int) -> String {
        parent + "[" + String(index) + "]"
    }

    /// `key` as a JSON string literal, shortened and with every non-printable or non-ASCII scalar escaped,
    /// so input text never reaches a message unescaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for (n, scalar) in text.unicodeScalars.enumerated() {
            if n == maxShownKeyLength {
                out += "…"
                break
            }
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += scalar.value <= 0xFFFF
                    ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    : "\\u{" + hex + "}"
            }
        }
        return out + "\""
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard !key.isEmpty, key.utf8.count <= maxShownKeyLength else { return false }
        for (n, byte) in key.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                continue
            case UInt8(ascii: "0")...UInt8(ascii: "9") where n > 0: continue
            default: return false
            }
        }
        return true
    }
}

/// One step of a JSON path, recorded while a syntax error unwinds out of nested values.
enum JSONPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)

    /// Joins components listed innermost first (the order they are collected while unwinding).
    static func render(innermostFirst components: [JSONPathComponent]) -> String {
        var path = ""
        for component in components.reversed() {
            switch component {
            case .key(let key): path = JSONPath.member(path, key)
            case .index(let i): path = JSONPath.index(path, i)
            }
        }
        return path
    }
}
