/// The output formats the pipeline can produce, and the facts about each that every other layer reads from here:
/// its media type, its file extension, whether it is pixels, whether it moves. Deciding *which* format a request
/// gets (query, spec, `Accept`, file extension) is `FormatNegotiation` in the service and the CLI; what a format
/// *is* lives only in this file.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    case svg
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
