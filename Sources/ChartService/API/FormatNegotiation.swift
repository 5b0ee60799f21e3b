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
    ///
    /// One pass over the header's bytes, without a string per range: a 16 KiB header of a thousand ranges costs
    /// about as much as the shortest (this runs on the I/O thread, for requests answered from the cache).
    public static func preferredFormat(accept: String?) -> OutputFormat {
        guard let accept else { return .svg }
        // Per candidate format, the specificity and quality of the most specific range matching it so far.
        var best = [(specificity: Int, quality: Double)](repeating: (-1, 0), count: candidates.count)
        var top = 0.0, html = -1.0
        var media: [UInt8] = []
        media.reserveCapacity(32)
        for element in accept.utf8.split(separator: UInt8(ascii: ",")) {
            let parameters = element.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            media.removeAll(keepingCapacity: true)
            for byte in trimmed(parameters[0]) { media.append(lowercased(byte)) }
            guard let slash = media.firstIndex(of: UInt8(ascii: "/")), slash > 0, slash < media.count - 1 else {
                continue
            }
            var quality = 1.0
            for parameter in parameters.dropFirst() { quality = qualityValue(parameter) ?? quality }
            top = max(top, quality)
            if media.elementsEqual("text/html".utf8) { html = max(html, quality) }
            for (index, candidate) in candidates.enumerated() {
                guard let specificity = candidate.specificity(of: media, slash: slash) else { continue }
                if specificity > best[index].specificity
                    || (specificity == best[index].specificity && quality > best[index].quality)
                {
                    best[index] = (specificity, quality)
                }
            }
        }
        if top > 0 && html == top { return .svg }
        var chosen: (format: OutputFormat, quality: Double) = (.svg, 0)
        for (index, candidate) in candidates.enumerated() where best[index].quality > chosen.quality {
            chosen = (candidate.format, best[index].quality)
        }
        return chosen.format
    }

    /// A format `Accept` can choose, in the order ties are broken in (SVG, PNG, then the rest as declared; never
    /// `smil`), with the media types it answers to as lowercase bytes.
    struct Candidate: Sendable {
        var format: OutputFormat
        /// `mediaType`, and `image/jpg` for JPEG.
        var types: [[UInt8]]
        /// The part before the slash, which a `type/*` range must name.
        var major: [UInt8]

        init(_ format: OutputFormat) {
            self.format = format
            types = (format == .jpeg ? [format.mediaType, "image/jpg"] : [format.mediaType]).map { Array($0.utf8) }
            major = Array(format.mediaType.utf8.prefix { $0 != UInt8(ascii: "/") })
        }

        /// 2 when `media` (lowercase, `/` at `slash`) is one of our types, 1 for our `type/*`, 0 for `*/*`, nil when
        /// it does not match.
        func specificity(of media: [UInt8], slash: Int) -> Int? {
            if types.contains(media) { return 2 }
            guard media.count == slash + 2, media[slash + 1] == UInt8(ascii: "*") else { return nil }
            if slash == 1 && media[0] == UInt8(ascii: "*") { return 0 }
            return media[..<slash].elementsEqual(major) ? 1 : nil
        }
    }

    static let candidates = ([.svg, .png] + OutputFormat.allCases.filter { $0 != .svg && $0 != .png && $0 != .smil })
        .map(Candidate.init)

    /// The value of a `q=` parameter (any case, spaces around it ignored), clamped to 0…1 and 0 when unreadable; nil
    /// for any other parameter.
    static func qualityValue(_ parameter: Substring.UTF8View) -> Double? {
        let parameter = trimmed(parameter)
        guard parameter.count >= 2, lowercased(parameter[parameter.startIndex]) == UInt8(ascii: "q"),
            parameter[parameter.index(after: parameter.startIndex)] == UInt8(ascii: "=")
        else { return nil }
        let value = Double(String(decoding: parameter.dropFirst(2), as: UTF8.self)) ?? 0
        return min(1, max(0, value))
    }

    /// Without leading and trailing spaces and tabs.
    static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }

    /// ASCII lowercase; other bytes unchanged.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
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
