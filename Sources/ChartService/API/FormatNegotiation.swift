public import ChartSpec

/// Chooses the image format when the spec does not name one, from the `Accept` header (RFC 9110 §12.5.1).
public enum FormatNegotiation {
    /// SVG unless the client prefers PNG. Each format takes the quality of the most specific matching media
    /// range (`image/png` beats `image/*` beats `*/*`); ties, and a missing or unusable header, mean SVG.
    public static func preferredFormat(accept: String?) -> OutputFormat {
        guard let accept else { return .svg }
        let svg = quality(of: "image", "svg+xml", in: accept)
        let png = quality(of: "image", "png", in: accept)
        return png > svg ? .png : .svg
    }

    static func quality(of type: String, _ subtype: String, in accept: String) -> Double {
        var best: (specificity: Int, q: Double) = (-1, 0)
        for range in accept.split(separator: ",") {
            let parameters = range.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
            guard let media = parameters.first else { continue }
            let parts = media.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let specificity: Int
            switch (parts[0], parts[1]) {
            case (type, subtype): specificity = 2
            case (type, "*"): specificity = 1
            case ("*", "*"): specificity = 0
            default: continue
            }
            var q = 1.0
            for parameter in parameters.dropFirst() where parameter.hasPrefix("q=") {
                q = min(1, max(0, Double(parameter.dropFirst(2)) ?? 0))
            }
            if specificity > best.specificity { best = (specificity, q) }
        }
        return best.q
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let s = Substring(self)
        guard let start = s.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let end = s.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(s[start...end])
    }
}
