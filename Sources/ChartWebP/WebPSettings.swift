/// The libwebp knobs behind a WebP encode, public so benchmarks can compare alternatives.
public struct WebPSettings: Hashable, Sendable {
    /// Lossless (exact pixels, `exact` on: transparent pixels keep their colour) or lossy VP8 at a quality.
    public var lossless: Bool
    /// Lossy: 0 (smallest) … 100 (best looking). Lossless: the effort spent on compression, 0 … 100.
    public var quality: Float
    /// libwebp's speed/size trade-off, 0 (fastest) … 6 (smallest).
    public var method: Int

    public init(lossless: Bool, quality: Float, method: Int) {
        self.lossless = lossless
        self.quality = quality
        self.method = method
    }

    /// What `WebPEncoder.encode(_:quality:)` uses for lossless. Chart images are large flat areas with antialiased
    /// edges and a few dozen colours; on the standard chart, method 0 at effort 0 … is measured in
    /// docs/benchmarks.md ("WebP and JPEG").
    public static let lossless = WebPSettings(lossless: true, quality: 0, method: 0)

    /// What `WebPEncoder.encode(_:quality:)` uses for lossy output at `quality` (libwebp's default method, 4).
    public static func lossy(quality: Int) -> WebPSettings {
        WebPSettings(lossless: false, quality: Float(quality), method: 4)
    }
}
