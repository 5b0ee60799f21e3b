/// A BCP 47 tag of the shape the service accepts, `language[-Script][-REGION]`, in canonical case (`de-CH`,
/// `zh-Hant-TW`). Case-insensitive on input, `_` read as `-`; extensions and variants are not accepted.
public struct LocaleTag: Hashable, Sendable, CustomStringConvertible {
    /// Lower case, 2 or 3 letters.
    public let language: String
    /// Title case, 4 letters.
    public let script: String?
    /// Upper case, 2 letters or 3 digits.
    public let region: String?

    /// The longest tag read; longer input is malformed without being scanned.
    public static let maxLength = 16

    public init?(parsing text: String) {
        guard !text.isEmpty, text.utf8.count <= Self.maxLength else { return nil }
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first, (2...3).contains(first.utf8.count), first.allSatisfy(Self.isASCIILetter)
        else { return nil }
        language = first.lowercased()
        var script: String?
        var region: String?
        var rest = parts.dropFirst()
        if let s = rest.first, s.utf8.count == 4, s.allSatisfy(Self.isASCIILetter) {
            script = s.prefix(1).uppercased() + s.dropFirst().lowercased()
            rest = rest.dropFirst()
        }
        if let r = rest.first,
           (r.utf8.count == 2 && r.allSatisfy(Self.isASCIILetter))
            || (r.utf8.count == 3 && r.allSatisfy { $0.isASCII && $0.isNumber }) {
            region = r.uppercased()
            rest = rest.dropFirst()
        }
        guard rest.isEmpty else { return nil }
        self.script = script
        self.region = region
    }

    /// `language-Script-REGION`, the parts there are.
    public var description: String {
        [language, script, region].compactMap { $0 }.joined(separator: "-")
    }

    /// The tags to look up, most specific first: CLDR's truncation fallback (`de-AT` → `de`), with the script kept
    /// before the region is dropped (`zh-Hant-HK` → `zh-Hant` → `zh`).
    var fallbacks: [String] {
        var out = [description]
        if let script, region != nil { out.append("\(language)-\(script)") }
        if script != nil, let region { out.append("\(language)-\(region)") }
        out.append(language)
        return out
    }

    static func isASCIILetter(_ c: Character) -> Bool { c.isASCII && c.isLetter }
}
