import ChartScene

/// Composites runs of one coverage value into a pixel buffer (the "pipeline" stage: paint × coverage, source-over).
protocol Blitter {
    /// Paints `count` pixels of row `y` from column `x` with coverage `alpha` (1…255).
    mutating func blit(x: Int, y: Int, count: Int, alpha: UInt32)
    /// Paints one pixel (the sweep's edge cells, the most frequent call); `blit` with a count of 1 unless a blitter
    /// has a leaner way.
    mutating func blitPixel(x: Int, y: Int, alpha: UInt32)
}

extension Blitter {
    @inline(__always)
    mutating func blitPixel(x: Int, y: Int, alpha: UInt32) { blit(x: x, y: y, count: 1, alpha: alpha) }
}

/// A solid premultiplied color, source-over; fully covered opaque runs are plain stores. The color at each coverage
/// comes from a `CoverageColorTable` built for it.
struct SolidBlitter: Blitter {
    let canvas: Canvas
    let color: UInt32
    /// The color scaled by coverage 0…255 (`CoverageColorTable.entries(for: color)`).
    let scaled: UnsafePointer<UInt32>

    @inline(__always)
    mutating func blit(x: Int, y: Int, count: Int, alpha: UInt32) {
        let row = canvas.pointer(x: x, y: y)
        if alpha == 255 && color >> 24 == 255 {
            row.update(repeating: color, count: count)
            return
        }
        PixelMath.blend(scaled[Int(alpha & 0xFF)], over: row, count: count, skippingTransparent: true)
    }

    /// Paints the whole pixels `x0 ..< x1` × `y0 ..< y1` of `canvas` (inside it) with `color` at full coverage: the
    /// pixels of `blit` with alpha 255 on every row, without a call per row. Narrow rectangles (a 1-px grid line is
    /// one pixel per row) walk down the column with the per-pixel source-over `PixelMath.blend` uses below four
    /// pixels.
    static func fillRectangle(on canvas: Canvas, color: UInt32, x0: Int, y0: Int, x1: Int, y1: Int) {
        let count = x1 &- x0
        guard count > 0, y1 > y0 else { return }
        var row = canvas.pointer(x: x0, y: y0)
        let step = canvas.width
        let inv = 255 &- (color >> 24)
        if inv != 0 && count < 4 {
            for _ in y0..<y1 {
                for i in 0..<count { row[i] = color &+ PixelMath.scale(row[i], by: inv) }
                row += step
            }
            return
        }
        for _ in y0..<y1 {
            PixelMath.blend(color, over: row, count: count)
            row += step
        }
    }

    /// Source-over of the color at `alpha` (an opaque result scales the destination by 0); over a transparent
    /// pixel (QuickChart's default background) the result is the source itself, without the multiply.
    @inline(__always)
    mutating func blitPixel(x: Int, y: Int, alpha: UInt32) {
        let pixel = canvas.pointer(x: x, y: y)
        let src = scaled[Int(alpha & 0xFF)], dst = pixel.pointee
        if dst == 0 {
            pixel.pointee = src
        } else {
            pixel.pointee = PixelMath.over(src, dst)
        }
    }
}

/// A padded linear gradient from a 256-entry premultiplied color ramp, source-over.
struct GradientBlitter: Blitter {
    let canvas: Canvas
    let ramp: GradientRamp
    /// Gradient parameter t at pixel center (x + ½, y + ½) is (x + ½ − startX)·dtdx + (y + ½ − startY)·dtdy.
    let startX: Double
    let startY: Double
    let dtdx: Double
    let dtdy: Double

    init(canvas: Canvas, ramp: GradientRamp, start: Point, end: Point) {
        self.canvas = canvas
        self.ramp = ramp
        let dx = end.x - start.x, dy = end.y - start.y
        let len2 = dx * dx + dy * dy
        let tx = len2 > 0 ? dx / len2 : 0, ty = len2 > 0 ? dy / len2 : 0
        // A zero-length (or non-finite) gradient paints its last color everywhere (t = 1).
        if tx.isFinite && ty.isFinite && start.x.isFinite && start.y.isFinite && (tx != 0 || ty != 0) {
            startX = start.x
            startY = start.y
            dtdx = tx
            dtdy = ty
        } else {
            startX = 0
            startY = 0
            dtdx = 0
            dtdy = 0
        }
    }

    @inline(__always)
    mutating func blit(x: Int, y: Int, count: Int, alpha: UInt32) {
        let row = canvas.pointer(x: x, y: y)
        var t = (Double(x) + 0.5 - startX) * dtdx + (Double(y) + 0.5 - startY) * dtdy
        let degenerate = dtdx == 0 && dtdy == 0
        ramp.colors.withUnsafeBufferPointer { colors in
            if dtdx == 0 {
                // Constant along the row (a vertical gradient, the common case for area fills): one color per span.
                var src = colors[degenerate ? 255 : Int(PixelMath.clamp01(t) * 255 + 0.5)]
                if alpha != 255 { src = PixelMath.scale(src, by: alpha) }
                PixelMath.blend(src, over: row, count: count)
                return
            }
            for i in 0..<count {
                var src = colors[Int(PixelMath.clamp01(t) * 255 + 0.5)]
                if alpha != 255 { src = PixelMath.scale(src, by: alpha) }
                row[i] = src &+ PixelMath.scale(row[i], by: 255 &- (src >> 24))
                t += dtdx
            }
        }
    }
}
