extension ChartSpec {
    /// Device pixels of the PNG this spec would produce: ⌈width × scale⌉ × ⌈height × scale⌉, the image the
    /// rasterizer allocates (it rounds each side up, so this can exceed width × height × scale²).
    public var rasterPixels: Double { Self.rasterPixels(width: width, height: height, scale: scale) }

    /// ⌈width × scale⌉ × ⌈height × scale⌉.
    static func rasterPixels(width: Double, height: Double, scale: Double) -> Double {
        (width * scale).rounded(.up) * (height * scale).rounded(.up)
    }

    /// Why this spec cannot be a PNG, or nil when its raster fits `maxRasterPixels`.
    ///
    /// The issue is at `scale` when a smaller scale would fit (its message names the largest one, to 0.01), else at
    /// `width` (the canvas alone is too large); the message gives the sizes, the device pixels and the limit.
    package var rasterBudgetIssue: SpecIssue? {
        let limit = Double(Self.maxRasterPixels)
        guard !(rasterPixels <= limit) else { return nil }
        let w = Diagnostics.show(width), h = Diagnostics.show(height)
        let deviceWidth = Diagnostics.show((width * scale).rounded(.up))
        let deviceHeight = Diagnostics.show((height * scale).rounded(.up))
        let pixels = rasterPixels.isFinite && rasterPixels < 1e15 ? Diagnostics.grouped(Int(rasterPixels)) : "too many"
        let limitText = Diagnostics.grouped(Self.maxRasterPixels)
        if let fitting = largestFittingScale() {
            return SpecIssue(path: "scale", message: "a \(w)×\(h) PNG at scale \(Diagnostics.show(scale)) is "
                + "\(deviceWidth)×\(deviceHeight) = \(pixels) device pixels, over the limit of \(limitText) "
                + "(width × height × scale², each side rounded up to whole pixels); use a scale of at most "
                + "\(Diagnostics.show(fitting)) or a smaller width or height")
        }
        return SpecIssue(path: "width", message: "a \(w)×\(h) PNG is \(pixels) device pixels even at scale 1, over "
            + "the limit of \(limitText); use a smaller width or height")
    }

    /// Throws `rasterBudgetIssue` when there is one. The PNG path calls this before allocating, whatever decided the
    /// format (`Accept`, say); `parse` checks it up front when it knows the output is PNG (an override, or the spec's
    /// own `format`).
    package func checkRasterBudget() throws(SpecError) {
        if let issue = rasterBudgetIssue { throw SpecError(issues: [issue]) }
    }

    /// Why this spec cannot be a WebP although it fits the raster budget: more than `maxWebPPixels` device pixels
    /// (at `scale`, naming the largest scale that fits, else at `width`), or a side longer than `maxWebPSide` (at
    /// `scale`, naming the largest scale that fits); nil when it fits.
    package var webPSizeIssue: SpecIssue? {
        let w = Diagnostics.show(width), h = Diagnostics.show(height)
        if !(rasterPixels <= Double(Self.maxWebPPixels)) {
            let pixels = rasterPixels.isFinite && rasterPixels < 1e15 ? Diagnostics.grouped(Int(rasterPixels)) : "more"
            let limit = "a WebP is at most \(Diagnostics.grouped(Self.maxWebPPixels)) device pixels (its encoder takes "
                + "60–200× the PNG's time a pixel); a \(w)×\(h) chart at scale \(Diagnostics.show(scale)) is \(pixels)"
            if let fitting = largestFittingScale(pixels: Self.maxWebPPixels) {
                return SpecIssue(path: "scale", message: limit + ": use a scale of at most "
                    + "\(Diagnostics.show(fitting)), a smaller width or height, or PNG")
            }
            return SpecIssue(path: "width", message: limit + ": use a smaller width or height, or PNG")
        }
        let side = Swift.max(width, height)
        let deviceSide = (side * scale).rounded(.up)
        guard deviceSide > Double(Self.maxWebPSide), side.isFinite, side > 0 else { return nil }
        var hundredths = (100 * Double(Self.maxWebPSide) / side).rounded(.down)
        while hundredths > 100 && (side * hundredths / 100).rounded(.up) > Double(Self.maxWebPSide) { hundredths -= 1 }
        return SpecIssue(path: "scale", message: "a WebP image is at most \(Diagnostics.grouped(Self.maxWebPSide)) "
            + "pixels on a side; a \(w)×\(h) chart at scale \(Diagnostics.show(scale)) is "
            + "\(Diagnostics.grouped(Int(deviceSide))) pixels " + (width >= height ? "wide" : "high")
            + ": use a scale of at most \(Diagnostics.show(hundredths / 100))")
    }

    /// The largest scale, in hundredths from the allowed minimum up, at which this canvas has at most `pixels`
    /// device pixels (the raster budget by default); nil when it does not fit even at the smallest scale.
    func largestFittingScale(pixels limit: Int = maxRasterPixels) -> Double? {
        func fits(_ s: Double) -> Bool {
            Self.rasterPixels(width: width, height: height, scale: s) <= Double(limit)
        }
        let lowest = Limits.scale.lowerBound
        guard width.isFinite, height.isFinite, width > 0, height > 0, fits(lowest) else { return nil }
        // The continuous bound, floored to hundredths, then stepped down while the rounded-up sides still exceed.
        var hundredths = (100 * (Double(limit) / (width * height)).squareRoot()).rounded(.down)
        hundredths = Swift.min(hundredths, 100 * Limits.scale.upperBound)
        while hundredths > 100 * lowest && !fits(hundredths / 100) { hundredths -= 1 }
        return Swift.max(hundredths / 100, lowest)
    }

    /// The up-front check of `parse`: a spec that will be rendered as PNG must fit the raster budget. Skipped while
    /// the size fields have problems of their own (their defaults would be judged instead).
    static func checkRasterBudget(_ spec: ChartSpec, renderingAs format: OutputFormat?,
                                  _ diagnostics: inout Diagnostics) {
        guard format?.isRaster == true,
              !diagnostics.issues.contains(where: { ["width", "height", "scale"].contains($0.path) }),
              let issue = spec.rasterBudgetIssue ?? (format == .webp ? spec.webPSizeIssue : nil)
        else { return }
        diagnostics.report(issue.path, issue.message)
    }
}
