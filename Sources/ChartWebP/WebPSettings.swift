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

    /// libwebp's lossless alternative to our own `LosslessWebPWriter` (what `WebPEncoder.encode(_:quality:)` used
    /// for lossless before it): the cheapest libwebp setting at most 0.85× the PNG's bytes. On the standard chart
    /// (docs/benchmarks.md, "WebP and JPEG"; CPU ms of libwebp 1.2.4 on the loaded reference machine) method 0 is
    /// 1.43× the PNG (6.8 ms), method 1 at effort 0 is 0.80× (14.5 ms); more effort buys little until method 1 at
    /// effort 50 (0.60×, 32 ms); method 6 at effort 100 is 0.56× and takes 1.2 s.
    public static let lossless = WebPSettings(lossless: true, quality: 0, method: 1)

    /// What `WebPEncoder.encode(_:quality:)` uses for lossy output at `quality`: method 2, 12 ms on the standard
    /// chart against libwebp's default method 4 at 22 ms, 3.5 % larger.
    public static func lossy(quality: Int) -> WebPSettings {
        WebPSettings(lossless: false, quality: Float(quality), method: 2)
    }
}
