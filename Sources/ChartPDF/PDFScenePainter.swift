import ChartRaster
import ChartScene

/// Paints a scene's nodes into content streams: shapes with their fills and strokes, text through the fonts,
/// groups with their clip and opacity (ISO 32000-1 §8.5 paths, §11 transparency). It holds what one page's
/// streams share — the file's objects, the named resources and the fonts — and stops when the output passes its
/// limit or the render is cancelled.
///
/// It paints what the rasterizer paints, the same way: group opacity is folded into the paints of a group that
/// cannot overlap itself (`Group.opacityFoldsIntoPaint`) or that is nested deeper than the rasterizer's layers
/// (`Rasterizer.maxLayerDepth`), and otherwise composited as a whole — here as an isolated transparency group (a
/// form XObject painted with `Do` under the group's alpha), where the rasterizer uses a layer. Paints that are fully
/// transparent, shapes with non-finite geometry and groups clipped to nothing are skipped.
struct PDFScenePainter {
    var objects: PDFObjectWriter
    var resources = PDFResources()
    var fonts: PDFFontResources?
    /// The shared resource dictionary's object, named by every form XObject.
    let resourcesID: PDFObjectID
    /// The page's size in CSS px: the bounding box of every form XObject.
    let width: Double
    let height: Double
    let cancellation: CancellationCheck
    /// Bytes of objects plus the content stream being written past which painting stops.
    let limit: Int
    /// Whether form XObjects' streams are deflated.
    let compress: Bool

    /// Bytes of the content streams that enclose the one being written (a transparency group's stream is written
    /// while its parent's waits), counted against `limit`.
    private var enclosingBytes = 0

    /// For gradients with varying alpha, by gradient: the graphics state with the alpha's soft mask and the sampled
    /// colour function (neither depends on the stream they are used in).
    private var translucentGradients: [LinearGradient: (maskState: String, colorFunction: PDFObjectID)] = [:]

    init(objects: PDFObjectWriter, fonts: PDFFontResources?, resourcesID: PDFObjectID, width: Double, height: Double,
         cancellation: CancellationCheck, limit: Int, compress: Bool) {
        self.objects = objects
        self.fonts = fonts
        self.resourcesID = resourcesID
        self.width = width
        self.height = height
        self.cancellation = cancellation
        self.limit = limit
        self.compress = compress
    }

    /// Paints `nodes` into `stream`. `opacity` is an enclosing group's opacity folded into paints; `patternMatrix`
    /// maps the stream's user space to the pattern space of its content stream (the page's flip on the page, the
    /// identity in a form XObject, whose form space is already the page's y-down CSS px).
    mutating func paint(_ nodes: [Node], into stream: inout PDFContentStream, opacity: Double, depth: Int,
                        patternMatrix: String) throws(PDFError) {
        for node in nodes {
            if cancellation.isCancelled { throw PDFError(.cancelled) }
            let written = objects.bytes.count + enclosingBytes + stream.bytes.count
            if written > limit { throw PDFError(.tooLarge(bytes: written)) }
            switch node {
            case .shape(let shape):
                paint(shape, into: &stream, opacity: opacity, patternMatrix: patternMatrix)
            case .text(let run):
                var run = run
                if opacity < 1 { run.color = run.color.withOpacity(opacity) }
                if run.color.alpha > 0 { fonts?.draw(run, into: &stream.bytes, resources: &resources) }
            case .group(let group):
                try paint(group, into: &stream, opacity: opacity, depth: depth, patternMatrix: patternMatrix)
            case .hitTarget:
                continue  // paints nothing (interactive scenes only)
            }
        }
    }

    private mutating func paint(_ group: Group, into stream: inout PDFContentStream, opacity: Double, depth: Int,
                                patternMatrix: String) throws(PDFError) {
        let groupOpacity = group.opacity.isNaN ? 1 : min(max(group.opacity, 0), 1)
        guard groupOpacity > 0, !group.children.isEmpty else { return }
        if let clip = group.clip {
            guard clip.x.isFinite, clip.y.isFinite, clip.width.isFinite, clip.height.isFinite, clip.width > 0,
                  clip.height > 0 else { return }
            stream.save()
            stream.rect(clip)
            stream.op("W n")
        }
        if groupOpacity >= 1 {
            try paint(group.children, into: &stream, opacity: opacity, depth: depth, patternMatrix: patternMatrix)
        } else if group.opacityFoldsIntoPaint || depth >= Rasterizer.maxLayerDepth {
            try paint(group.children, into: &stream, opacity: opacity * groupOpacity, depth: depth,
                      patternMatrix: patternMatrix)
        } else {
            var inner = PDFContentStream()
            let enclosing = stream.bytes.count
            enclosingBytes += enclosing
            defer { enclosingBytes -= enclosing }
            try paint(group.children, into: &inner, opacity: 1, depth: depth + 1, patternMatrix: "")
            let form = objects.reserve()
            objects.writeStream(form, dictionary: formDictionary(colorSpace: "DeviceRGB", isolated: true),
                                data: inner.bytes, compress: compress)
            let name = resources.xObject(form)
            stream.save()
            stream.alpha(opacity * groupOpacity, resources: &resources)
            stream.op("/\(name) Do")
            stream.restore()
        }
        if group.clip != nil { stream.restore() }
    }

    /// The dictionary of a form XObject covering the page (§8.10), a transparency group (§11.6.6) in `colorSpace`.
    private func formDictionary(colorSpace: String, isolated: Bool) -> String {
        "/Type /XObject /Subtype /Form /BBox [0 0 \(PDFNumber.string(width)) \(PDFNumber.string(height))] "
            + "/Group <</S /Transparency /CS /\(colorSpace)\(isolated ? " /I true" : "")>> "
            + "/Resources \(resourcesID.reference)"
    }

    // MARK: Shapes

    private mutating func paint(_ shape: Shape, into stream: inout PDFContentStream, opacity: Double,
                                patternMatrix: String) {
        guard let bounds = shape.path.controlBounds, bounds.minX.isFinite, bounds.minY.isFinite,
              bounds.maxX.isFinite, bounds.maxY.isFinite else { return }
        var style = shape.strokeStyle
        var fill = shape.fill, stroke = style.width.isFinite && style.width > 0 ? shape.stroke : nil
        if opacity < 1 {
            fill = fill?.withOpacity(opacity)
            stroke = stroke?.withOpacity(opacity)
        }
        if fill?.isFullyTransparent == true { fill = nil }
        if stroke?.isFullyTransparent == true { stroke = nil }
        let evenOdd = shape.fillRule == .evenOdd
        if shape.snapToPixels {
            // Thin horizontal and vertical lines (grid, axes, swatches) on the CSS px grid exactly as the rasterizer
            // aligns them at scale 1 (`PixelSnapper`): as sharp at 100 % as the PNG, and half a CSS px is invisible
            // at any other size. The fill and the stroke snap differently, so they are painted apart.
            if let fill {
                apply(fill, path: PixelSnapper.snapFill(shape.path), stroke: nil, evenOdd: evenOdd, into: &stream,
                      patternMatrix: patternMatrix)
            }
            if let stroke {
                let snapped = PixelSnapper.snapStroke(shape.path, width: style.width)
                style.width = snapped.width
                apply(stroke, path: snapped.path, stroke: style, evenOdd: false, into: &stream,
                      patternMatrix: patternMatrix)
            }
            return
        }
        // Both solid with one alpha: a single path painted by `B` (fill, then stroke: two separate objects).
        if case .solid(let f)? = fill, case .solid(let s)? = stroke, f.alpha == s.alpha {
            stream.fillColor(f)
            stream.strokeColor(s)
            stream.alpha(f.opacity, resources: &resources)
            stream.lineStyle(style)
            stream.path(shape.path)
            stream.op(evenOdd ? "B*" : "B")
            return
        }
        if let fill {
            apply(fill, path: shape.path, stroke: nil, evenOdd: evenOdd, into: &stream, patternMatrix: patternMatrix)
        }
        if let stroke {
            apply(stroke, path: shape.path, stroke: style, evenOdd: false, into: &stream, patternMatrix: patternMatrix)
        }
    }

    /// Fills (`stroke` nil) or strokes `path` with `paint`.
    private mutating func apply(_ paint: Paint, path: Path, stroke: StrokeStyle?, evenOdd: Bool,
                                into stream: inout PDFContentStream, patternMatrix: String) {
        switch paint {
        case .solid(let color):
            if let stroke {
                stream.strokeColor(color)
                stream.alpha(color.opacity, resources: &resources)
                stream.lineStyle(stroke)
                stream.path(path)
                stream.op("S")
            } else {
                stream.fillColor(color)
                stream.alpha(color.opacity, resources: &resources)
                stream.path(path)
                stream.op(evenOdd ? "f*" : "f")
            }
        case .linearGradient(let gradient):
            apply(gradient, path: path, stroke: stroke, evenOdd: evenOdd, into: &stream, patternMatrix: patternMatrix)
        }
    }

    /// A gradient paint: a shading pattern as the colour (§8.7.3), its alpha as a constant through a graphics state
    /// or, when it varies, as a soft mask whose luminosity is the alpha ramp; all inside `q … Q`. A gradient
    /// without length (or with non-finite ends) paints its colour at t = 1 everywhere, as the rasterizer does.
    private mutating func apply(_ gradient: LinearGradient, path: Path, stroke: StrokeStyle?, evenOdd: Bool,
                                into stream: inout PDFContentStream, patternMatrix: String) {
        let ramp = PDFGradient(gradient.stops)
        let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
        let length2 = dx * dx + dy * dy
        guard gradient.start.x.isFinite, gradient.start.y.isFinite, length2 > 0, length2.isFinite else {
            if let color = ramp.endColor, color.alpha > 0 {
                apply(.solid(color), path: path, stroke: stroke, evenOdd: evenOdd, into: &stream,
                      patternMatrix: patternMatrix)
            }
            return
        }
        guard !ramp.pieces.isEmpty else { return }
        let alpha = ramp.constantAlpha
        guard alpha != 0 else { return }
        let translucent = alpha == nil ? translucentGradient(gradient, ramp: ramp) : nil
        let shading = PDFGradient.axialShading(colorSpace: "DeviceRGB",
                                               function: translucent?.colorFunction.reference ?? ramp.colorFunction,
                                               start: gradient.start, end: gradient.end)
        let pattern = resources.pattern(shading: shading, matrix: patternMatrix)
        stream.save()
        if let translucent {
            stream.op("/\(translucent.maskState) gs")
            stream.alphaWasReset()
        } else if let alpha {
            stream.alpha(alpha, resources: &resources)
        }
        if let stroke {
            stream.lineStyle(stroke)
            stream.op("/Pattern CS /\(pattern) SCN")
            stream.path(path)
            stream.op("S")
        } else {
            stream.op("/Pattern cs /\(pattern) scn")
            stream.path(path)
            stream.op(evenOdd ? "f*" : "f")
        }
        stream.colorsWereChanged()
        stream.restore()
    }

    /// What a gradient with varying alpha is painted with: a graphics state whose soft mask is a form XObject
    /// painting the alpha ramp as a grey axial shading over the page (white = opaque), and the sampled colour
    /// function; made once per gradient.
    private mutating func translucentGradient(_ gradient: LinearGradient, ramp: PDFGradient)
        -> (maskState: String, colorFunction: PDFObjectID)
    {
        if let made = translucentGradients[gradient] { return made }
        let shading = resources.shading(PDFGradient.axialShading(colorSpace: "DeviceGray", function: ramp.alphaFunction,
                                                                 start: gradient.start, end: gradient.end))
        let form = objects.reserve()
        objects.writeStream(form, dictionary: formDictionary(colorSpace: "DeviceGray", isolated: false),
                            data: Array("/\(shading) sh\n".utf8), compress: false)
        let function = objects.reserve()
        objects.writeStream(function, dictionary: PDFGradient.sampledFunctionEntries, data: ramp.colorSamples,
                            compress: compress)
        let made = (maskState: resources.softMaskState(group: form), colorFunction: function)
        translucentGradients[gradient] = made
        return made
    }
}
