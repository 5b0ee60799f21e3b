import CPNGWriter

/// Encodes RGBA8 pixels as PNG through libpng.
public struct PNGEncoder: Sendable {
    public init() {}
}
