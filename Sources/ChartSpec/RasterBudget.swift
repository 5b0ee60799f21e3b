extension ChartSpec {
    /// Device pixels of the raster this spec would produce: width × height × scale².
    public var rasterPixels: Double { width * height * scale * scale }

    /// Throws when the raster would exceed `maxRasterPixels`. The PNG path calls this before allocating;
    /// SVG output has no such limit, so the check is not part of `parse`.
    public func checkRasterBudget() throws(SpecError) {
        guard rasterPixels <= Double(Self.maxRasterPixels) else {
            let shown = Int(rasterPixels.rounded())
            throw SpecError(
                path: "",
                message: "a PNG of width \(Diagnostics.show(width)) × height \(Diagnostics.show(height)) "
                    + "at scale \(Diagnostics.show(scale)) has \(shown) device pixels; the limit is "
                    + "\(Self.maxRasterPixels) (width × height × scale²), so lower the size or the scale")
        }
    }
}
