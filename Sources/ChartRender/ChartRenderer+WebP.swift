import ChartSpec
import ChartWebP

extension ChartRenderer {
    /// The PNG's pixels as WebP: lossless (exactly those pixels, smaller) unless the spec gives a `quality`, which
    /// selects lossy VP8. More than `ChartSpec.maxWebPPixels` device pixels, or a side over WebP's 16,383, is the
    /// request's problem (a 422 naming a scale that fits), checked before anything is drawn.
    func webP(for spec: ChartSpec, options: RenderOptions) throws(RenderError) -> [UInt8] {
        if let issue = spec.webPSizeIssue { throw .invalidSpec(SpecError(issues: [issue])) }
        let pixmap = try pixmap(for: spec, options: options)
        do {
            return try WebPEncoder.encode(pixmap, quality: spec.quality)
        } catch {
            throw .backendFailure("\(error)")
        }
    }
}
