/// The Chart.js major version a config is written for (QuickChart's `version` / `v`).
///
/// Both syntaxes are read whatever the version says (users mix them); the version selects only the defaults that
/// differ between Chart.js 2 and 3+ (see `VersionDefaults`).
public enum ChartJSVersion: Hashable, Sendable, CaseIterable {
    case v2, v3, v4

    /// Reads a version as QuickChart accepts it: the major alone or a full version (`"2"`, `"2.9.4"`, `"3"`,
    /// `"3.9.1"`, `"4"`, `"4.0.1"`); only the major counts. nil for any other text.
    public init?(_ text: String) {
        let major = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        switch major {
        case "2": self = .v2
        case "3": self = .v3
        case "4": self = .v4
        default: return nil
        }
        guard text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
    }
}
