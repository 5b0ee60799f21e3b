/// The output formats the pipeline can produce, and the facts about each that every other layer reads from here:
/// its media type, its file extension, whether it is pixels, whether it moves. Deciding *which* format a request
/// gets (query, spec, `Accept`, file extension) is `FormatNegotiation` in the service and the CLI; what a format
/// *is* lives only in this file.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    /// A static SVG.
    case svg
    /// A PNG at the spec's `scale`.
    case png
    /// SVG with SMIL animation elements.
    case smil
    /// The computed layout as JSON, for client-side hit-testing.
    case json
    /// A single-page vector PDF.
    case pdf
    /// WebP: lossless unless a `quality` asks for lossy.
    case webp
    /// JPEG (4:4:4); a transparent background is flattened onto the theme's.
    case jpeg
    /// Animated PNG: the SMIL choreography as frames.
    case apng
    /// Animated GIF: the SMIL choreography as frames with one palette.
    case gif

    /// The format a name given by a person or a client means, wherever one is read (the spec's `format`, `?format=`,
    /// `/chart`'s `format`, the CLI's `--format`): a case name in any case, or `jpg` for `jpeg` (the common file
    /// extension, and QuickChart's name). Nil for anything else.
    public init?(name: some StringProtocol) {
        guard name.utf8.count <= 4 else { return nil }
        let lowered = name.lowercased()
        guard let format = lowered == "jpg" ? .jpeg : OutputFormat(rawValue: lowered) else { return nil }
        self = format
    }

    /// Every name `init(name:)` reads, for error messages: `svg, png, …, jpeg (or jpg), apng, gif`.
    public static let names = allCases.map { $0 == .jpeg ? "jpeg (or jpg)" : $0.rawValue }
        .joined(separator: ", ")

    /// The format a file name's extension (after its last dot, any case) means: `fileExtension` of every format
    /// but `smil`, whose `.svg` is `svg`'s, plus `.jpeg`. Nil for a name without an extension or with another one.
    /// Pass the name without its directory.
    public init?(fileName: some StringProtocol) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        let suffix = fileName[fileName.index(after: dot)...].lowercased()
        let format = suffix == "jpeg" ? .jpeg : Self.allCases.first { $0 != .smil && $0.fileExtension == suffix }
        guard let format else { return nil }
        self = format
    }

    /// Every extension `init(fileName:)` reads, for error messages: `.svg, .png, …, .jpg, .jpeg, …`.
    public static let fileExtensions = allCases.filter { $0 != .smil }
        .flatMap { $0 == .jpeg ? ["jpg", "jpeg"] : [$0.fileExtension] }
        .map { "." + $0 }.joined(separator: ", ")

    /// The media type sent as `Content-Type` and matched against `Accept`.
    public var mediaType: String {
        switch self {
        case .svg, .smil: "image/svg+xml"
        case .png: "image/png"
        case .json: "application/json"
        case .pdf: "application/pdf"
        case .webp: "image/webp"
        case .jpeg: "image/jpeg"
        case .apng: "image/apng"
        case .gif: "image/gif"
        }
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .smil: "svg"
        case .jpeg: "jpg"
        default: rawValue
        }
    }

    /// Whether the format is a grid of device pixels (`width × scale` by `height × scale`): the raster budget, the
    /// rasterizer and `scale` apply.
    public var isRaster: Bool {
        switch self {
        case .png, .webp, .jpeg, .apng, .gif: true
        case .svg, .smil, .json, .pdf: false
        }
    }

    /// Whether the format plays the spec's `animation`.
    public var isAnimated: Bool {
        switch self {
        case .smil, .apng, .gif: true
        case .svg, .png, .json, .pdf, .webp, .jpeg: false
        }
    }
}
