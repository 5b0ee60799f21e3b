public import ChartScene

/// Renders a scene into premultiplied RGBA8 pixels.
public struct Rasterizer: Sendable {
    public init() {}
}
