import ChartScene

/// Text: each placed glyph is drawn from a cached coverage mask (`GlyphMaskCache`) at its origin rounded to a
/// quarter pixel; glyphs too large for a mask, or cut by a clip edge, are scan-converted exactly instead.
extension SceneRenderer {
    /// Largest mask side in device pixels (a 64-px title glyph at scale 4 fits); larger glyphs are drawn as paths.
    static let maxMaskSide = 256

    /// Draws `run` with `placer`'s glyphs in the run's color (times `opacity`).
    mutating func draw(_ run: TextRun, placer: any GlyphPlacing, on canvas: Canvas, clip: DeviceRect,
                       opacity: Double) {
        let color = PixelMath.premultiplied(run.color, opacity: opacity)
        guard color >> 24 != 0 else { return }
        for placed in placer.glyphs(for: run) {
            let t = placed.transform.scaled(by: scale)
            guard let bounds = placed.glyph.bounds, let origin = MaskOrigin(t) else { continue }
            let key = GlyphMaskKey(glyph: placed.glyph, a: t.a, b: t.b, c: t.c, d: t.d,
                                   phaseX: origin.phaseX, phaseY: origin.phaseY)
            if let extent = Self.maskExtent(of: bounds, key), extent.width <= Self.maxMaskSide,
               extent.height <= Self.maxMaskSide, extent.width <= width, extent.height <= height {
                let x0 = origin.x + extent.left, y0 = origin.y + extent.top
                let rect = DeviceRect(x0: Double(x0), y0: Double(y0), x1: Double(x0 + extent.width),
                                      y1: Double(y0 + extent.height))
                if rect.intersection(clip).isEmpty { continue }
                if rect.x0 >= clip.x0 && rect.y0 >= clip.y0 && rect.x1 <= clip.x1 && rect.y1 <= clip.y1 {
                    let mask = glyphCache.mask(for: key) { renderMask(placed.glyph, key, extent) }
                    composite(mask, x: x0, y: y0, color: color, on: canvas)
                    continue
                }
            }
            // Exact scan conversion at the unrounded position: clipped, or too large to cache.
            edges.reset(clip: clip)
            for contour in flattener.flatten(placed.glyph.path.map(t.apply)) { edges.add(polygon: contour.points) }
            fill(rule: .nonZero, paint: .solid(run.color), opacity: opacity, on: canvas)
        }
    }

    /// Conservative device bounds of what `run` paints; nil when it paints nothing.
    func deviceBounds(of run: TextRun, placer: any GlyphPlacing) -> DeviceRect? {
        var result: DeviceRect?
        for placed in placer.glyphs(for: run) {
            guard let b = placed.glyph.bounds else { continue }
            let box = placed.transform.scaled(by: scale).boundingBox(of: b)
            // One pixel of room covers the quarter-pixel rounding of mask origins and the antialiased fringe.
            let r = DeviceRect(x0: box.minX - 1, y0: box.minY - 1, x1: box.maxX + 1, y1: box.maxY + 1)
            result = result.map { DeviceRect(x0: min($0.x0, r.x0), y0: min($0.y0, r.y0), x1: max($0.x1, r.x1),
                                             y1: max($0.y1, r.y1)) } ?? r
        }
        return result
    }

    /// Where a mask goes: the glyph origin's device pixel and its subpixel phase inside that pixel.
    struct MaskOrigin {
        /// Subpixel positions per pixel and axis (a power of two): origins round to 1 / `phases` px.
        static let phases = 4
        static let phaseBits = phases.trailingZeroBitCount

        let x: Int
        let y: Int
        let phaseX: UInt8
        let phaseY: UInt8

        /// The offset of a phase inside its pixel.
        static func offset(_ phase: UInt8) -> Double { Double(phase) / Double(phases) }

        /// Nil for a transform a mask cannot represent (non-finite, or an origin beyond any image).
        init?(_ t: GlyphTransform) {
            guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, abs(t.tx) < 1e9, abs(t.ty) < 1e9 else {
                return nil
            }
            let steps = Double(Self.phases)
            let qx = Int((t.tx * steps).rounded()), qy = Int((t.ty * steps).rounded())
            x = qx >> Self.phaseBits  // floor division: the phase is the non-negative remainder
            y = qy >> Self.phaseBits
            phaseX = UInt8(qx & (Self.phases - 1))
            phaseY = UInt8(qy & (Self.phases - 1))
        }
    }

    /// The pixel rectangle a mask covers, relative to the origin pixel.
    struct MaskExtent {
        let left: Int
        let top: Int
        let width: Int
        let height: Int
    }

    /// The mask rectangle for an outline with control bounds `b` under `key`'s linear map and phase; nil when it is
    /// not finite or far larger than any mask.
    static func maskExtent(of b: Rect, _ key: GlyphMaskKey) -> MaskExtent? {
        let box = key.transform.boundingBox(of: b)
        guard box.minX.isFinite, box.minY.isFinite, box.width < 1e6, box.height < 1e6 else { return nil }
        let left = Int(box.minX.rounded(.down)), top = Int(box.minY.rounded(.down))
        return MaskExtent(left: left, top: top, width: Int(box.maxX.rounded(.up)) - left,
                          height: Int(box.maxY.rounded(.up)) - top)
    }

    /// Scan-converts `glyph` under `key` into a mask of `extent` (which fits the band: see `draw`).
    mutating func renderMask(_ glyph: GlyphPath, _ key: GlyphMaskKey, _ extent: MaskExtent) -> GlyphMask {
        var t = key.transform
        t.tx -= Double(extent.left)
        t.ty -= Double(extent.top)
        let device = glyph.path.map(t.apply)
        let w = extent.width, h = extent.height
        edges.reset(clip: DeviceRect(x0: 0, y0: 0, x1: Double(w), y1: Double(h)))
        for contour in flattener.flatten(device) { edges.add(polygon: contour.points) }
        var coverage = [UInt8](repeating: 0, count: w * h)
        if !edges.edges.isEmpty {
            let firstRow = max(0, Int(edges.minY.rounded(.down))), endRow = min(h, Int(edges.maxY.rounded(.up)))
            coverage.withUnsafeMutableBufferPointer { buffer in
                var blitter = MaskBlitter(mask: buffer, width: w)
                scan(edges.edges, rows: firstRow..<endRow, rule: .nonZero, into: &blitter)
            }
        }
        return GlyphMask(left: extent.left, top: extent.top, width: w, height: h, coverage: coverage)
    }

    /// Source-over of `color` (premultiplied) through `mask`, its top-left pixel at device (x, y) inside the canvas.
    private func composite(_ mask: GlyphMask, x: Int, y: Int, color: UInt32, on canvas: Canvas) {
        let opaque = color >> 24 == 255
        let scaled = coverageColors.entries(for: color)
        mask.coverage.withUnsafeBufferPointer { coverage in
            guard let base = coverage.baseAddress else { return }
            for r in 0..<mask.height {
                let src = base + r * mask.width, dst = canvas.pointer(x: x, y: y + r)
                for i in 0..<mask.width {
                    let c = src[i]
                    if c == 0 { continue }
                    let under = dst[i]
                    if (c == 255 && opaque) || under == 0 {
                        dst[i] = scaled[Int(c)]  // over a transparent pixel, or opaque: the source itself
                    } else {
                        dst[i] = PixelMath.over(scaled[Int(c)], under)
                    }
                }
            }
        }
    }
}

/// Writes coverage into an 8-bit mask (rows of `width` bytes) instead of compositing a paint.
struct MaskBlitter: Blitter {
    let mask: UnsafeMutableBufferPointer<UInt8>
    let width: Int

    @inline(__always)
    mutating func blit(x: Int, y: Int, count: Int, alpha: UInt32) {
        let n = min(count, width - x)  // the band may report a cell just past the clip's right edge
        guard n > 0, let base = mask.baseAddress else { return }
        (base + y * width + x).update(repeating: UInt8(truncatingIfNeeded: alpha), count: n)
    }
}
