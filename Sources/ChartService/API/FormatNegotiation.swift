public import ChartSpec

/// Decides which format a request gets, in one place for the service and the CLI: a format asked for by name (the
/// `format` query parameter, `--format`, the output file's extension) beats the spec's own `format`, which beats
/// what the client accepts (`Accept`, or the CLI's default). Names are read by `OutputFormat(name:)`, extensions by
/// `OutputFormat(fileName:)`.
public enum FormatNegotiation {
    /// The precedence: `requested`, then the spec's `format`, then `otherwise`.
    public static func format(requested: OutputFormat?, spec: OutputFormat?, otherwise: OutputFormat)
        -> OutputFormat
    {
        requested ?? spec ?? otherwise
    }

    /// The format an output file's name asks for, given the spec's own: its extension's format, unless the spec's
    /// format writes files with that extension too (a `smil` spec written to `chart.svg` stays animated).
    public static func format(fileName: String, spec: OutputFormat?) -> FileNameFormat {
        let base = fileName.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard base.contains(".") else { return .noExtension }
        guard let named = OutputFormat(fileName: base) else { return .unknown }
        if let spec, spec.fileExtension == named.fileExtension { return .format(spec) }
        return .format(named)
    }

    /// What an output file's name says about the format.
    public enum FileNameFormat: Equatable, Sendable {
        /// The name has no extension, so says nothing.
        case noExtension
        /// An extension no format writes (`.bmp`): a mistake, not a request for SVG.
        case unknown
        case format(OutputFormat)
    }

    /// The format the `Accept` header (RFC 9110 §12.5.1) prefers among every format's `mediaType` (and
    /// `image/jpg`, which some clients send for JPEG). Each format takes the quality value of the most specific
    /// media range that matches it (`image/png` beats `image/*` beats `*/*`); the highest quality wins, and ties go
    /// to SVG, then PNG, then the order of `OutputFormat.allCases`. `smil` shares SVG's media type and is never
    /// chosen this way.
    ///
    /// SVG, the server's default, answers when the header is missing or accepts none of our formats (the server
    /// may then disregard it, RFC 9110 §12.5.1), and when `text/html` is among its most preferred types: that is a
    /// browser opening the URL as a page (Chromium's navigation header also lists `image/webp` and `image/apng`
    /// at q=1, as abilities, not as a wish for a raster over the vector). Browsers' image requests (`<img>`, CSS)
    /// all list `image/svg+xml` or `image/*` as high as any other image type, so they get SVG too.
    public static func preferredFormat(accept: String?) -> OutputFormat {
        guard let accept else { return .svg }
        let ranges = accept.split(separator: ",").compactMap(MediaRange.init)
        let top = ranges.map(\.quality).max() ?? 0
        if top > 0, ranges.contains(where: { $0.type == "text" && $0.subtype == "html" && $0.quality == top }) {
            return .svg
        }
        var best: (format: OutputFormat, quality: Double) = (.svg, 0)
        for format in preference {
            let q = quality(of: format, in: ranges)
            if q > best.quality { best = (format, q) }
        }
        return best.format
    }

    /// The order ties are broken in: SVG, PNG, then the rest as declared; never `smil`.
    static let preference: [OutputFormat] = [.svg, .png]
        + OutputFormat.allCases.filter { $0 != .svg && $0 != .png && $0 != .smil }

    /// The media types a format answers to in `Accept`.
    static func mediaTypes(of format: OutputFormat) -> [String] {
        format == .jpeg ? [format.mediaType, "image/jpg"] : [format.mediaType]
    }

    /// The quality `ranges` give `format`: that of its most specific matching range (the highest among equally
    /// specific ones); 0 when none matches.
    static func quality(of format: OutputFormat, in ranges: [MediaRange]) -> Double {
        var best: (specificity: Int, quality: Double) = (-1, 0)
        for type in mediaTypes(of: format) {
            let slash = type.firstIndex(of: "/") ?? type.endIndex
            let (major, minor) = (type[..<slash], type[type.index(after: slash)...])
            for range in ranges {
                let specificity: Int
                switch (range.type, range.subtype) {
                case (major, minor): specificity = 2
                case (major, "*"): specificity = 1
                case ("*", "*"): specificity = 0
                default: continue
                }
                if specificity > best.specificity || (specificity == best.specificity && range.quality > best.quality) {
                    best = (specificity, range.quality)
                }
            }
        }
        return best.quality
    }

    /// One element of an `Accept` header: `type/subtype` (lowercased) and its `q` (1 when absent, clamped to 0…1,
    /// 0 when unreadable); other parameters are ignored.
    struct MediaRange {
        var type: Substring
        var subtype: Substring
        var quality: Double

        init?(_ element: Substring) {
            let parameters = element.split(separator: ";")
            guard let media = parameters.first?.trimmingSpaces.lowercased(),
                let slash = media.firstIndex(of: "/")
            else { return nil }
            type = Substring(media[..<slash])
            subtype = Substring(media[media.index(after: slash)...])
            guard !type.isEmpty, !subtype.isEmpty else { return nil }
            quality = 1
            for parameter in parameters.dropFirst() {
                let parameter = parameter.trimmingSpaces.lowercased()
                if parameter.hasPrefix("q=") { quality = min(1, max(0, Double(parameter.dropFirst(2)) ?? 0)) }
            }
        }
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
