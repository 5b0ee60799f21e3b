import ChartScene

/// Walks the display list for one `Rasterizer.render` call: groups (clip, opacity layers), shapes (fill, then
/// stroke), text (`TextDrawing.swift`) and the band buffer shared by every fill. Not shared between threads; one per
/// render.
struct SceneRenderer {
    let width: Int
    let height: Int
    let scale: Double
    /// Places text runs' glyphs; without it text is not drawn.
    let glyphs: (any GlyphPlacing)?
    /// Where glyph masks are looked up and kept.
    let glyphCache: GlyphMaskCache
    /// The whole image as a clip rectangle.
    let bounds: DeviceRect
    private var band: CoverageBand
    /// Reused by every fill, so steady-state rendering does not allocate edge storage.
    var edges: EdgeList
    let flattener = Flattener(tolerance: Rasterizer.tolerance)
    /// The current solid color at every coverage, for fills and glyph masks.
    let coverageColors = CoverageColorTable()
    /// Polled per node and per band.
    let cancellation: CancellationCheck

    init(width: Int, height: Int, scale: Double, glyphs: (any GlyphPlacing)?, glyphCache: GlyphMaskCache,
         cancellation: CancellationCheck = .never) {
        self.cancellation = cancellation
        self.width = width
        self.height = height
        self.scale = scale
        self.glyphs = glyphs
        self.glyphCache = glyphCache
        bounds = DeviceRect(x0: 0, y0: 0, x1: Double(width), y1: Double(height))
        band = CoverageBand(width: width)
        edges = EdgeList(clip: bounds)
    }

    /// Draws `nodes` in order. `opacity` is an ancestor group's opacity folded into paints (1 unless layers ran out).
    mutating func draw(_ nodes: [Node], on canvas: Canvas, clip: DeviceRect, opacity: Double, layerDepth: Int) {
        for node in nodes {
            if cancellation.isCancelled { return }
            switch node {
            case .text(let run):
                if let glyphs { draw(run, placer: glyphs, on: canvas, clip: clip, opacity: opacity) }
            case .shape(let shape):
                draw(shape, on: canvas, clip: clip, opacity: opacity)
            case .hitTarget:
                continue  // paints nothing (interactive scenes only)
            case .group(let group):
                var groupClip = clip
                if let r = group.clip {
                    groupClip = clip.intersection(DeviceRect(x0: r.minX * scale, y0: r.minY * scale,
                                                             x1: r.maxX * scale, y1: r.maxY * scale))
                }
                guard !groupClip.isEmpty else { continue }
                let groupOpacity = group.opacity.isNaN ? 1 : min(max(group.opacity, 0), 1)
                guard groupOpacity > 0 else { continue }
                if groupOpacity >= 1 {
                    draw(group.children, on: canvas, clip: groupClip, opacity: opacity, layerDepth: layerDepth)
                } else if group.opacityFoldsIntoPaint || layerDepth >= Rasterizer.maxLayerDepth {
                    draw(group.children, on: canvas, clip: groupClip, opacity: opacity * groupOpacity,
                         layerDepth: layerDepth)
                } else if let content = contentBounds(group.children) {
                    // The layer only needs to cover what the group paints inside its clip.
                    let layerClip = groupClip.intersection(content)
                    guard !layerClip.isEmpty else { continue }
                    drawLayer(group.children, on: canvas, clip: layerClip, opacity: opacity * groupOpacity,
                              layerDepth: layerDepth)
                }
            }
        }
    }

    /// Renders `nodes` into a transparent layer covering only `clip` (rounded out to whole pixels), then composites
    /// it with `opacity`.
    private mutating func drawLayer(_ nodes: [Node], on canvas: Canvas, clip: DeviceRect, opacity: Double,
                                    layerDepth: Int) {
        let x0 = max(0, Int(clip.x0.rounded(.down))), x1 = min(width, Int(clip.x1.rounded(.up)))
        let y0 = max(0, Int(clip.y0.rounded(.down))), y1 = min(height, Int(clip.y1.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        let w = x1 - x0, h = y1 - y0
        let layer = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
        defer { layer.deallocate() }
        layer.initialize(repeating: 0, count: w * h)
        draw(nodes, on: Canvas(pixels: layer, width: w, height: h, originX: x0, originY: y0), clip: clip, opacity: 1,
             layerDepth: layerDepth + 1)
        let alpha = UInt32((PixelMath.clamp01(opacity) * 255).rounded())
        for y in y0..<y1 {
            let src = layer + (y - y0) * w, dst = canvas.pointer(x: x0, y: y)
            for x in 0..<w where src[x] != 0 {
                dst[x] = PixelMath.over(PixelMath.scale(src[x], by: alpha), dst[x])
            }
        }
    }

    /// Conservative device-pixel bounds of what `shape` paints (control points, plus room for joins and caps);
    /// nil when it paints nothing or has non-finite geometry.
    private func deviceBounds(of shape: Shape) -> DeviceRect? {
        guard shape.fill != nil || shape.stroke != nil, let bounds = shape.path.controlBounds,
              bounds.minX.isFinite, bounds.minY.isFinite, bounds.maxX.isFinite, bounds.maxY.isFinite else { return nil }
        let style = shape.strokeStyle
        var reach = 1.0
        if shape.stroke != nil && style.width.isFinite && style.width > 0 {
            let miter = style.join == .miter ? max(style.miterLimit, 1) : 1
            reach += (shape.snapToPixels ? 1 : 0) + style.width * scale / 2 * max(miter, 2.0.squareRoot())
        }
        return DeviceRect(x0: bounds.minX * scale - reach, y0: bounds.minY * scale - reach,
                          x1: bounds.maxX * scale + reach, y1: bounds.maxY * scale + reach)
    }

    /// The union of `deviceBounds` over `nodes` and their descendants; nil when nothing paints.
    private func contentBounds(_ nodes: [Node]) -> DeviceRect? {
        var result: DeviceRect?
        for node in nodes {
            let bounds: DeviceRect?
            switch node {
            case .text(let run): bounds = glyphs.flatMap { deviceBounds(of: run, placer: $0) }
            case .shape(let shape): bounds = deviceBounds(of: shape)
            case .group(let group): bounds = contentBounds(group.children)
            case .hitTarget: bounds = nil
            }
            guard let b = bounds else { continue }
            result = result.map { DeviceRect(x0: min($0.x0, b.x0), y0: min($0.y0, b.y0), x1: max($0.x1, b.x1),
                                             y1: max($0.y1, b.y1)) } ?? b
        }
        return result
    }

    /// Fills, then strokes, one shape.
    private mutating func draw(_ shape: Shape, on canvas: Canvas, clip: DeviceRect, opacity: Double) {
        // A paint that composites to nothing (e.g. the transparent hit targets around data points) is skipped before
        // any geometry work: fill() would draw nothing with it anyway.
        let fillPaint = shape.fill.flatMap { Self.paints($0, opacity: opacity) ? $0 : nil }
        let strokePaint = shape.stroke.flatMap { Self.paints($0, opacity: opacity) ? $0 : nil }
        guard fillPaint != nil || strokePaint != nil else { return }
        guard let device = deviceBounds(of: shape), !device.intersection(clip).isEmpty else { return }
        let style = shape.strokeStyle
        let strokes = strokePaint != nil && style.width.isFinite && style.width > 0

        let s = scale
        if let fill = fillPaint {
            let contours = shape.snapToPixels
                ? flattener.flatten(PixelSnapper.snapFill(shape.path.map { $0 * s }))
                : flattener.flatten(shape.path, scale: scale)
            if !paintPixelRectangles(contours.map(\.points), paint: fill, opacity: opacity, clip: clip, on: canvas) {
                edges.reset(clip: clip)
                for contour in contours { edges.add(polygon: contour.points) }
                self.fill(rule: shape.fillRule, paint: fill, opacity: opacity, on: canvas)
            }
        }
        if let stroke = strokePaint, strokes {
            var width = style.width * scale
            var contours: [Contour]
            if shape.snapToPixels {
                let snapped = PixelSnapper.snapStroke(shape.path.map { $0 * s }, width: width)
                width = snapped.width
                contours = flattener.flatten(snapped.path)
            } else {
                contours = flattener.flatten(shape.path, scale: scale)
            }
            if let dasher = Dasher(dash: style.dash, offset: style.dashOffset, scale: scale),
               let dashed = dasher.dash(contours) {
                contours = dashed
            }
            let stroker = Stroker(halfWidth: width / 2, join: style.join, cap: style.cap,
                                  miterLimit: style.miterLimit, tolerance: Rasterizer.tolerance)
            let outlines = stroker.stroke(contours)
            if !paintPixelRectangles(outlines, paint: stroke, opacity: opacity, clip: clip, on: canvas) {
                edges.reset(clip: clip)
                for polygon in outlines { edges.add(polygon: polygon) }
                self.fill(rule: .nonZero, paint: stroke, opacity: opacity, on: canvas)
            }
        }
    }

    /// Most rectangles one shape may have for `paintPixelRectangles` (its overlap test is quadratic).
    static let maxPixelRectangles = 64

    /// Paints `polygons` without the coverage band when each is an axis-aligned rectangle with whole-pixel corners
    /// inside `clip` and no two overlap (crisp grid lines and axes, snapped bars), in a solid paint; returns false,
    /// having painted nothing, otherwise. Every pixel is then wholly inside one rectangle or outside all, so the band
    /// would give it coverage exactly 1 or 0 under either fill rule, and a span blit at full coverage composites each
    /// pixel as the band's pixel and span blits do: the pixels are the same, without a row sweep over every edge.
    private func paintPixelRectangles(_ polygons: [[Point]], paint: Paint, opacity: Double, clip: DeviceRect,
                                      on canvas: Canvas) -> Bool {
        guard case .solid(let color) = paint, !polygons.isEmpty, polygons.count <= Self.maxPixelRectangles else {
            return false
        }
        var rectangles: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        rectangles.reserveCapacity(polygons.count)
        for polygon in polygons {
            guard let r = Self.pixelRectangle(polygon, inside: clip) else { return false }
            for o in rectangles where r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1 { return false }
            rectangles.append(r)
        }
        let premultiplied = PixelMath.premultiplied(color, opacity: opacity)
        guard premultiplied >> 24 != 0 else { return true }
        for r in rectangles {
            SolidBlitter.fillRectangle(on: canvas, color: premultiplied, x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1)
        }
        return true
    }

    /// The rectangle `polygon` outlines when its four corners (a repeated first point at the end aside) are distinct
    /// whole-pixel points inside `clip` joined by horizontal and vertical sides; nil otherwise.
    private static func pixelRectangle(_ polygon: [Point], inside clip: DeviceRect)
        -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var corners = polygon
        if corners.count == 5 && corners[0] == corners[4] { corners.removeLast() }
        guard corners.count == 4 else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in corners {
            guard p.x.rounded() == p.x, p.y.rounded() == p.y else { return nil }  // also false for NaN and ±∞
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        guard minX < maxX, minY < maxY, minX >= clip.x0, maxX <= clip.x1, minY >= clip.y0, maxY <= clip.y1 else {
            return nil
        }
        for i in 0..<4 {
            let p = corners[i], q = corners[(i + 1) % 4]
            guard p.x == minX || p.x == maxX, p.y == minY || p.y == maxY, (p.x == q.x) != (p.y == q.y) else {
                return nil
            }
            for j in (i + 1)..<4 where corners[j] == p { return nil }
        }
        return (Int(minX), Int(minY), Int(maxX), Int(maxY))
    }

    /// False when `paint` at `opacity` is fully transparent after premultiplication (a solid color whose alpha rounds
    /// to 0), so drawing with it cannot change a pixel; gradients are always drawn.
    private static func paints(_ paint: Paint, opacity: Double) -> Bool {
        guard case .solid(let color) = paint else { return true }
        return PixelMath.premultiplied(color, opacity: opacity) >> 24 != 0
    }

    /// Scan-converts the polygons in `edges` and composites `paint` with their coverage.
    mutating func fill(rule: FillRule, paint: Paint, opacity: Double, on canvas: Canvas) {
        guard !edges.edges.isEmpty else { return }
        let firstRow = max(0, Int(edges.minY.rounded(.down)))
        let endRow = min(height, Int(edges.maxY.rounded(.up)))
        switch paint {
        case .solid(let color):
            let premultiplied = PixelMath.premultiplied(color, opacity: opacity)
            guard premultiplied >> 24 != 0 else { return }
            var blitter = SolidBlitter(canvas: canvas, color: premultiplied,
                                       scaled: coverageColors.entries(for: premultiplied))
            scan(edges.edges, rows: firstRow..<endRow, rule: rule, into: &blitter)
        case .linearGradient(let gradient):
            let s = scale
            var blitter = GradientBlitter(canvas: canvas, ramp: GradientRamp(stops: gradient.stops, opacity: opacity),
                                          start: gradient.start * s, end: gradient.end * s)
            scan(edges.edges, rows: firstRow..<endRow, rule: rule, into: &blitter)
        }
    }

    /// Runs the band accumulator over `rows`, 32 at a time.
    mutating func scan<B: Blitter>(_ edges: [Edge], rows: Range<Int>, rule: FillRule, into blitter: inout B) {
        var top = rows.lowerBound
        while top < rows.upperBound, !cancellation.isCancelled {
            let count = min(CoverageBand.rows, rows.upperBound - top)
            band.accumulate(edges, top: top, rowCount: count)
            band.sweep(rule: rule, rowCount: count, into: &blitter)
            top += count
        }
    }
}
