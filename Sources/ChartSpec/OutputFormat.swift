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

    /// The media type sent as `Content-Type` and matched against `Accept`.
    public var mediaType: String {
        switch self {
        case .svg, .smil: "image/svg+xml"
        case .png: "image/png"
        case .json: "application/json"
        }
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .smil: "svg"
        default: rawValue
        }
    }

    /// Whether the format is a grid of device pixels (`width × scale` by `height × scale`): the raster budget, the
    /// rasterizer and `scale` apply.
    public var isRaster: Bool {
        switch self {
        case .png: true
        case .svg, .smil, .json: false
        }
    }

    /// Whether the format plays the spec's `animation`.
    public var isAnimated: Bool {
        switch self {
        case .smil: true
        case .svg, .png, .json: false
        }
    }
}
