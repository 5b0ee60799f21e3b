public import ChartSpec

/// What a request costs in rate-limit tokens: an estimate of its rendering work, known once the spec is parsed.
public enum RequestCost {
    /// An answer that needs no rendering: a cached image, a 304, or a spec the validator refused (parsing it cost
    /// something, and an invalid spec must not be a free way to make the server work).
    public static let minimum = 1

    /// The tokens a render costs. PNG: device pixels (each side of `width × scale` by `height × scale` rounded up,
    /// as the rasterizer allocates) per million, rounded up, at least 1. SVG, SMIL and JSON: 1 plus one per
    /// 100,000 series points, whose count drives their time.
    public static func tokens(width: Double, height: Double, scale: Double, format: OutputFormat,
                              points: Int) -> Int {
        switch format {
        case .png, .webp, .jpeg, .apng, .gif:
            let pixels = (width * scale).rounded(.up) * (height * scale).rounded(.up)
            guard pixels.isFinite, pixels < 1e15 else { return Int.max / 2 }
            return max(1, Int((pixels / 1_000_000).rounded(.up)))
        case .svg, .smil, .json, .pdf:
            return 1 + max(0, points) / 100_000
        }
    }

    /// `tokens` for a parsed spec rendered as `format`.
    static func tokens(for spec: ChartSpec, format: OutputFormat) -> Int {
        tokens(width: spec.width, height: spec.height, scale: spec.scale, format: format,
               points: spec.series.reduce(0) { $0 + $1.points.count })
    }
}
