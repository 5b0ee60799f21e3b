import ChartSpec
import Testing
@testable import ChartService

/// `Accept` → format (RFC 9110 §12.5.1 quality values and specificity; ties to SVG, PNG, then declaration order).
struct FormatNegotiationTests {
    static let headers: [(String?, OutputFormat)] = [
        (nil, .svg),
        ("", .svg),
        ("*/*", .svg),
        ("image/*", .svg),
        // Every media type, alone.
        ("image/svg+xml", .svg),
        ("image/png", .png),
        ("application/json", .json),
        ("application/pdf", .pdf),
        ("image/webp", .webp),
        ("image/jpeg", .jpeg),
        ("image/jpg", .jpeg),
        ("image/apng", .apng),
        ("image/gif", .gif),
        ("IMAGE/PNG", .png),
        ("application/pdf; charset=x", .pdf),
        // Quality values.
        ("image/png;q=0.5, image/svg+xml", .svg),
        ("image/png ; q=0.9 , image/svg+xml;q=0.8", .png),
        ("application/pdf;q=0.9, image/*;q=0.8", .pdf),
        ("image/webp;q=0.4, image/gif;q=0.6, image/jpeg;q=0.5", .gif),
        ("image/jpg;q=0.2, image/jpeg;q=0.9, image/png;q=0.5", .jpeg),
        ("image/png;q=1.5", .png),
        ("image/png;q=abc", .svg),
        ("image/png;q=0", .svg),
        // Specificity: the most specific range gives a type its quality.
        ("image/*;q=0.5, image/png", .png),
        ("image/*, image/png;q=0.5", .svg),
        ("image/svg+xml;q=0, image/*", .png),
        ("image/*;q=0, */*", .json),
        ("image/*;q=0.8, application/*", .json),
        ("image/*;q=0.1, application/pdf;q=0.2", .pdf),
        // Ties: SVG, then PNG, then the order of OutputFormat.allCases.
        ("image/*, image/png", .svg),
        ("image/webp, image/png", .png),
        ("image/gif, image/apng, image/jpeg, image/webp", .webp),
        ("image/gif, image/apng", .apng),
        ("application/pdf, image/webp", .pdf),
        // Nothing of ours is acceptable: the header is disregarded.
        ("text/plain", .svg),
        ("text/html", .svg),
        ("png", .svg),
        (",,;", .svg),
        // A page load wants HTML most: SVG, whatever image types it lists as abilities.
        ("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,"
            + "application/signed-exchange;v=b3;q=0.7", .svg),
        ("text/html,image/avif,image/webp,*/*;q=0.8", .svg),
        ("text/html, application/xml;q=0.9, application/xhtml+xml, image/png, image/webp, image/jpeg, image/gif, "
            + "image/x-xbitmap, */*;q=0.1", .svg),
        ("application/pdf, text/html;q=0.5", .pdf),
    ]

    @Test(arguments: headers)
    func picksTheFormat(accept: String?, expected: OutputFormat) {
        #expect(FormatNegotiation.preferredFormat(accept: accept) == expected)
    }

    /// The `Accept` headers browsers send for `<img>` and CSS images (MDN, "List of default Accept values", and the
    /// browsers' sources): every one must get SVG when the spec names no format.
    static let browserImageHeaders = [
        // Chromium (Chrome, Edge, Opera) since 85.
        "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",
        // Firefox 128 and later.
        "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5",
        // Firefox 92 to 127.
        "image/avif,image/webp,*/*",
        // Firefox 65 to 91.
        "image/webp,*/*",
        // Safari 17 and later.
        "image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,"
            + "image/*;q=0.8,*/*;q=0.5",
        // Safari 11 to 16.
        "image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5",
        // Firefox 47 to 63, curl, fetch() without an Accept.
        "*/*",
    ]

    @Test(arguments: browserImageHeaders)
    func browserImageRequestsGetSVG(accept: String) {
        #expect(FormatNegotiation.preferredFormat(accept: accept) == .svg)
    }

    @Test func smilIsNeverChosenByAccept() {
        for accept in ["image/svg+xml", "image/*", "*/*", "image/svg+xml;q=1, image/png;q=0.1"] {
            #expect(FormatNegotiation.preferredFormat(accept: accept) != .smil)
        }
    }

    /// Every format but `smil` is reachable through its own media type.
    @Test func everyFormatIsReachableByItsMediaType() {
        for format in OutputFormat.allCases where format != .smil {
            #expect(FormatNegotiation.preferredFormat(accept: format.mediaType) == format)
        }
    }

    /// The CLI's output file: its extension, unless the spec's format writes the same extension; `.unknown` for an
    /// extension no format has, `.noExtension` for none.
    static let fileNames: [(String, OutputFormat?, FormatNegotiation.FileNameFormat)] = [
        ("chart.pdf", nil, .format(.pdf)),
        ("out/chart.JPEG", nil, .format(.jpeg)),
        ("chart.png", .svg, .format(.png)),
        ("chart.svg", .smil, .format(.smil)),
        ("chart.svg", .png, .format(.svg)),
        ("chart.png", .apng, .format(.png)),
        ("chart.bmp", nil, .unknown),
        ("chart.bmp", .png, .unknown),
        ("chart", .png, .noExtension),
        ("/dev/stdout", nil, .noExtension),
        ("dir.v2/chart", nil, .noExtension),
        ("dir.v2/chart.gif", nil, .format(.gif)),
    ]

    @Test(arguments: fileNames)
    func readsTheOutputFileName(fileName: String, spec: OutputFormat?, expected: FormatNegotiation.FileNameFormat) {
        #expect(FormatNegotiation.format(fileName: fileName, spec: spec) == expected)
    }

    @Test func precedenceIsRequestedThenSpecThenOtherwise() {
        #expect(FormatNegotiation.format(requested: .pdf, spec: .png, otherwise: .svg) == .pdf)
        #expect(FormatNegotiation.format(requested: nil, spec: .png, otherwise: .svg) == .png)
        #expect(FormatNegotiation.format(requested: nil, spec: nil, otherwise: .gif) == .gif)
    }
}
