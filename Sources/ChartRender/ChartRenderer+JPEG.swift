import ChartJPEG
import ChartLayout
import ChartSpec

extension ChartRenderer {
    /// The PNG's pixels as JPEG at the spec's `quality` (default 90). JPEG has no alpha: where the chart is not
    /// opaque (`background: "transparent"` or a translucent colour) it is flattened onto the theme's background, the
    /// colour it would have had without `background`.
    func jpeg(for spec: ChartSpec, options: RenderOptions) throws(RenderError) -> [UInt8] {
        let pixmap = try pixmap(for: spec, options: options)
        do {
            return try JPEGEncoder.encode(pixmap, quality: spec.quality ?? JPEGEncoder.defaultQuality,
                                          background: ThemeColors.of(spec.theme).background)
        } catch {
            throw .backendFailure("\(error)")
        }
    }
}
