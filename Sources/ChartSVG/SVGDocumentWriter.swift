#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartAnimation
import ChartScene

/// The state of writing one document: the body, the `<defs>` collected on the way (gradients and
/// clips, deduplicated by value), and the optional SMIL timeline.
struct SVGDocumentWriter: ~Copyable {
    /// Where nested coordinates are measured from, in hundredths of a pixel (see `.point`, `.bar`).
    struct Origin: Equatable {
        var x: Int64 = 0
        var y: Int64 = 0
        var dx: Double { Double(x) / 100 }
        var dy: Double { Double(y) / 100 }
    }

    private var body = SVGBuffer(capacity: 1 << 16)
    private var defs = SVGBuffer()
    private let prefix: [UInt8]
    private let timeline: AnimationTimeline?
    private var gradientIDs: [LinearGradient: Int] = [:]
    private var clipIDs: [Rect: Int] = [:]
    private var revealCount = 0
    private var sweepCount = 0
    private let cancellation: CancellationCheck
    private let maxBytes: Int
    private let fontFamily: String?
    /// The bytes after `<circle` and its center (` r="6" fill="#000" fill-opacity="0">`) of the last unstroked point
    /// circle `pointGroup` wrote, and the mark they were written for: a series' points share them.
    private var pointMark: PointMark?
    private var pointMarkBytes: [UInt8] = []
    /// The last hit target's tooltip prefix and its escaped bytes: a series' targets share them.
    private var tooltipPrefix = ""
    private var tooltipPrefixBytes: [UInt8] = []

    /// What an unstroked point circle writes besides its center: plain values, compared per point.
    struct PointMark: Equatable {
        var radius: Double
        var fill: Color?
        var evenOdd: Bool
        var snapToPixels: Bool
    }

    init(prefix: [UInt8], timeline: AnimationTimeline?, cancellation: CancellationCheck = .never,
         maxBytes: Int = .max, fontFamily: String? = nil) {
        self.prefix = prefix
        self.timeline = timeline
        self.cancellation = cancellation
        self.maxBytes = maxBytes
        self.fontFamily = fontFamily
    }

    static let fontFamily: StaticString =
        "'DejaVu Sans', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif"

    /// `text` inside a double-quoted attribute: `&`, `<` and `"` escaped, so a CSS font list keeps its single
    /// quotes readable (the font names come from font files, which a deployment may add).
    private static func attributeValue(_ text: String, into out: inout SVGBuffer) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.raw("&amp;")
            case UInt8(ascii: "<"): out.raw("&lt;")
            case UInt8(ascii: "\""): out.raw("&quot;")
            default: out.byte(byte)
            }
        }
    }

    mutating func write(_ scene: Scene) -> [UInt8] {
        if let background = scene.background {
            body.raw("<rect width=\"")
            body.number(scene.width)
            body.raw("\" height=\"")
            body.number(scene.height)
            body.byte(UInt8(ascii: "\""))
            Self.solidPaint(background, attribute: "fill", opacity: "fill-opacity", into: &body)
            body.raw("/>")
        }
        nodes(scene.nodes, origin: Origin())

        var out = SVGBuffer(capacity: defs.count + 1024)
        out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        out.number(scene.width)
        out.raw("\" height=\"")
        out.number(scene.height)
        out.raw("\" viewBox=\"0 0 ")
        out.number(scene.width)
        out.byte(UInt8(ascii: " "))
        out.number(scene.height)
        out.raw("\" role=\"img\" aria-labelledby=\"")
        out.append(prefix)
        out.raw("-title ")
        out.append(prefix)
        out.raw("-desc\" font-family=\"")
        if let fontFamily { Self.attributeValue(fontFamily, into: &out) } else { out.raw(Self.fontFamily) }
        out.raw("\"><title id=\"")
        out.append(prefix)
        out.raw("-title\">")
        out.escaped(scene.title)
        out.raw("</title><desc id=\"")
        out.append(prefix)
        out.raw("-desc\">")
        out.escaped(scene.description)
        out.raw("</desc>")
        if !defs.isEmpty {
            out.raw("<defs>")
            out.append(defs)
            out.raw("</defs>")
        }
        let tail: StaticString = "</svg>"
        let total = out.count + body.count + tail.utf8CodeUnitCount
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            var offset = out.copy(into: buffer, at: 0)
            offset = body.copy(into: buffer, at: offset)
            if let base = buffer.baseAddress {
                (base + offset).update(from: tail.utf8Start, count: tail.utf8CodeUnitCount)
                offset += tail.utf8CodeUnitCount
            }
            initialized = offset
        }
    }

    // MARK: Nodes

    private mutating func nodes(_ list: [Node], origin: Origin, pathLength: Bool = false) {
        for node in list {
            if cancellation.isCancelled || body.count > maxBytes { return }
            switch node {
            case .shape(let s): shape(s, origin: origin, pathLength: pathLength)
            case .text(let t): text(t, origin: origin)
            case .group(let g): group(g, origin: origin)
            case .hitTarget(let h): hitTarget(h, origin: origin)
            }
        }
    }

    private mutating func group(_ g: Group, origin: Origin) {
        let opacity = g.opacity.isNaN ? 1 : Swift.min(Swift.max(g.opacity, 0), 1)
        guard g.role != nil || g.clip != nil || opacity < 1 || g.tooltip != nil else {
            nodes(g.children, origin: origin)
            return
        }
        if case .point? = g.role, g.clip == nil, g.children.count == 1, case .shape(let mark) = g.children[0],
           pointGroup(g, mark: mark, opacity: opacity, origin: origin) {
            return
        }
        let bounds: Rect?
        switch g.role {
        case .point?, .bar?, .seriesLine?: bounds = RoleGeometry.bounds(of: g.children)
        default: bounds = nil
        }
        var inner = origin
        switch g.role {
        case .point?:
            if let b = bounds {
                inner = Origin(x: SVGBuffer.hundredths(b.center.x), y: SVGBuffer.hundredths(b.center.y))
            }
        case .bar(_, _, let base, let stackBase)?:
            // Scale about the baseline edge, so the bar grows out of it; a stack's segment about the stack's
            // baseline, so the stack grows as one.
            if let b = bounds {
                let stack = stackBase.flatMap { $0.isFinite ? SVGBuffer.hundredths($0) : nil }
                switch base {
                case .minX: inner = Origin(x: stack ?? SVGBuffer.hundredths(b.minX), y: origin.y)
                case .maxX: inner = Origin(x: stack ?? SVGBuffer.hundredths(b.maxX), y: origin.y)
                case .minY: inner = Origin(x: origin.x, y: stack ?? SVGBuffer.hundredths(b.minY))
                case .maxY: inner = Origin(x: origin.x, y: stack ?? SVGBuffer.hundredths(b.maxY))
                }
            }
        default: break
        }
        let drawsWithDash: Bool
        switch g.role {
        case .seriesLine?, .ringArc?: drawsWithDash = RoleGeometry.canDrawWithDash(g.children)
        default: drawsWithDash = false
        }

        body.raw("<g")
        if let role = g.role { roleAttributes(role) }
        translateAttribute(to: inner, from: origin)
        if let clip = g.clip {
            body.raw(" clip-path=\"url(#")
            clipID(Rect(x: clip.x - inner.dx, y: clip.y - inner.dy, width: clip.width, height: clip.height))
            body.raw(")\"")
        }
        if case .pie(let disc)? = g.role {
            body.raw(" mask=\"url(#")
            sweepMask(disc, origin: inner, pad: RoleGeometry.maxStrokeWidth(g.children) + 1)
            body.raw(")\"")
        }
        endGroupStart(opacity: opacity, tooltip: g.tooltip)
        // A point with a single mark animates the mark itself (no `additive` needed); the mark is
        // then written with an end tag in the static document too, so stripping stays exact.
        var singleMark: Shape?
        if case .point? = g.role, bounds != nil, g.children.count == 1, case .shape(let mark) = g.children[0] {
            singleMark = mark
        }
        // An overdue ring's laps sweep one after the other, each in a group of its own.
        var laps: (index: Int, last: Double)?
        if case .ringArc(let i, let fraction)? = g.role, drawsWithDash, g.children.count > 1,
           Role.lastLap(ofRing: fraction) > 0 {
            laps = (i, Role.lastLap(ofRing: fraction))
        }
        if let timeline, let role = g.role, singleMark == nil, laps == nil {
            animation(for: role, timeline: timeline, opacity: opacity, hasBounds: bounds != nil, dash: drawsWithDash)
        }
        if let mark = singleMark {
            let isCircle = shape(mark, origin: inner, pathLength: false, leaveOpen: true)
            // An invisible hit target (a tooltip carrier) has nothing to pop: no animation, no bytes.
            if let timeline, case .point(let k, _, let progress)? = g.role, !mark.isInvisible {
                pointPop(timeline.pointPop(series: k, progress: progress), additive: false, timeline: timeline)
            }
            body.raw(isCircle ? "</circle>" : "</path>")
        } else if let laps {
            ringLaps(g.children, index: laps.index, lastLap: laps.last, origin: inner)
        } else if case .seriesLine(let k)? = g.role, !drawsWithDash, let b = bounds {
            // Grow dashed or multi-part lines through a clip, so their dash pattern is kept.
            let pad = RoleGeometry.maxStrokeWidth(g.children) + 1
            let reveal = Rect(x: b.minX - pad - inner.dx, y: b.minY - pad - inner.dy,
                              width: b.width + 2 * pad, height: b.height + 2 * pad)
            body.raw("<g clip-path=\"url(#")
            revealClip(reveal, series: k, fromRight: RoleGeometry.runsRightToLeft(g.children))
            body.raw(")\">")
            nodes(g.children, origin: inner)
            body.raw("</g>")
        } else {
            nodes(g.children, origin: inner, pathLength: drawsWithDash)
        }
        body.raw("</g>")
    }

    /// A hit target, byte for byte as `group` writes the `.point` group it stands for (`HitTarget.group`, through
    /// `pointGroup`: its circle read back from the path's numbers), without building the group: the tooltip's parts
    /// escaped one after the other (escaping works per character, so that is the joined text's escape), the
    /// circle's center and radius from the same arithmetic on `center ± radius` as `circle(_:)` and
    /// `Path.controlBounds`. A target whose numbers are outside what that read-back reproduces exactly (a radius
    /// of 0, coordinates past a million pixels) is written as its group.
    private mutating func hitTarget(_ h: HitTarget, origin: Origin) {
        let c = h.center, r = h.radius
        let left = c.x - r, right = c.x + r, top = c.y - r, bottom = c.y + r
        let radius = (right - left) / 2
        guard radius > 0, r <= 1e6, c.x.magnitude <= 1e6, c.y.magnitude <= 1e6 else {
            group(h.group, origin: origin)
            return
        }
        // `controlBounds`' center places the group; `circle(_:)`'s center and radius the circle in it.
        let inner = Origin(x: SVGBuffer.hundredths(left + (right - left) / 2),
                           y: SVGBuffer.hundredths(top + (bottom - top) / 2))
        pointGroupStart(series: h.series, index: h.index, inner: inner, origin: origin)
        body.raw("><title>")
        title(h.tooltip)
        body.raw("</title><circle")
        let cx = SVGBuffer.hundredths((right + left) / 2) - inner.x
        let cy = SVGBuffer.hundredths((bottom + top) / 2) - inner.y
        circleCenter(cx: cx, cy: cy)
        let key = PointMark(radius: radius, fill: .transparent, evenOdd: false, snapToPixels: false)
        if pointMark != key {
            var template = SVGBuffer(capacity: 128)
            Self.circleAttributes(Shape(path: Path(), fill: .solid(.transparent)), radius: radius, into: &template)
            pointMark = key
            pointMarkBytes = template.bytes
        }
        body.append(pointMarkBytes)
        // Invisible: no pop animation, as `pointGroup` gives none to an invisible mark.
        body.raw("</circle></g>")
    }

    /// ` transform="translate(dx dy)"` from `origin` to `inner`, written only when they differ.
    private mutating func translateAttribute(to inner: Origin, from origin: Origin) {
        guard inner != origin else { return }
        body.raw(" transform=\"translate(")
        body.fixed(inner.x - origin.x, decimals: 2)
        body.byte(UInt8(ascii: " "))
        body.fixed(inner.y - origin.y, decimals: 2)
        body.raw(")\"")
    }

    /// A point group's start tag up to its attributes' end: class, series, index and the translation to `inner`
    /// (the mark's own origin) when it is not the enclosing `origin`.
    private mutating func pointGroupStart(series: Int, index: Int, inner: Origin, origin: Origin) {
        body.raw("<g class=\"point\" data-series=\"")
        body.int(series)
        body.raw("\" data-index=\"")
        body.int(index)
        body.byte(UInt8(ascii: "\""))
        translateAttribute(to: inner, from: origin)
    }

    /// A circle's `cx`/`cy` in hundredths relative to its group, each left out when 0 (SVG's default).
    private mutating func circleCenter(cx: Int64, cy: Int64) {
        if cx != 0 {
            body.raw(" cx=\"")
            body.fixed(cx, decimals: 2)
            body.byte(UInt8(ascii: "\""))
        }
        if cy != 0 {
            body.raw(" cy=\"")
            body.fixed(cy, decimals: 2)
            body.byte(UInt8(ascii: "\""))
        }
    }

    /// The end of a group's start tag: its opacity when below 1, `>`, then the tooltip as the group's `<title>`.
    private mutating func endGroupStart(opacity: Double, tooltip: Tooltip?) {
        if opacity < 1 {
            body.raw(" opacity=\"")
            body.number(opacity)
            body.byte(UInt8(ascii: "\""))
        }
        body.byte(UInt8(ascii: ">"))
        switch tooltip {
        case nil: break
        case .text(let text)?:
            body.raw("<title>")
            body.escaped(text)
            body.raw("</title>")
        case .point(let point)?:
            body.raw("<title>")
            title(point)
            body.raw("</title>")
        }
    }

    /// A point's tooltip, escaped, part by part: the series' prefix escaped once while consecutive points share it.
    private mutating func title(_ tooltip: PointTooltip) {
        if tooltip.prefix != tooltipPrefix || tooltipPrefixBytes.isEmpty {
            var escaped = SVGBuffer(capacity: 64)
            escaped.escaped(tooltip.prefix)
            tooltipPrefix = tooltip.prefix
            tooltipPrefixBytes = escaped.bytes
        }
        body.append(tooltipPrefixBytes)
        body.escaped(tooltip.label)
        body.raw(": ")
        body.escaped(tooltip.value)
    }

    /// A point's group whose one mark is a circle in solid paints or none (the dots and invisible hit targets: one
    /// group per point, the most frequent group), written byte for byte as `group` writes it, with the circle's
    /// radius and paints from `pointTemplate` while consecutive points share them. False (nothing written) for any
    /// other point group.
    private mutating func pointGroup(_ g: Group, mark: Shape, opacity: Double, origin: Origin) -> Bool {
        guard case .point(let k, let index, let progress)? = g.role, Self.isSolidOrNone(mark.fill),
              Self.isSolidOrNone(mark.stroke), let (center, radius) = Self.circle(mark.path),
              let b = mark.path.controlBounds
        else { return false }
        let inner = Origin(x: SVGBuffer.hundredths(b.center.x), y: SVGBuffer.hundredths(b.center.y))
        pointGroupStart(series: k, index: index, inner: inner, origin: origin)
        endGroupStart(opacity: opacity, tooltip: g.tooltip)
        body.raw("<circle")
        let cx = SVGBuffer.hundredths(center.x) - inner.x, cy = SVGBuffer.hundredths(center.y) - inner.y
        circleCenter(cx: cx, cy: cy)
        if mark.stroke == nil {
            var fill: Color?
            if case .solid(let color)? = mark.fill { fill = color }
            let key = PointMark(radius: radius, fill: fill, evenOdd: mark.fillRule == .evenOdd,
                                snapToPixels: mark.snapToPixels)
            if pointMark != key {
                var template = SVGBuffer(capacity: 128)
                Self.circleAttributes(mark, radius: radius, into: &template)
                pointMark = key
                pointMarkBytes = template.bytes
            }
            body.append(pointMarkBytes)
        } else {
            Self.circleAttributes(mark, radius: radius, into: &body)
        }
        // An invisible hit target (a tooltip carrier) has nothing to pop: no animation, no bytes.
        if let timeline, !mark.isInvisible {
            pointPop(timeline.pointPop(series: k, progress: progress), additive: false, timeline: timeline)
        }
        body.raw("</circle></g>")
        return true
    }

    /// A circle's attributes after its center, as `shape` writes them for a shape in solid paints (or none), and
    /// the start tag's `>`.
    private static func circleAttributes(_ s: Shape, radius: Double, into out: inout SVGBuffer) {
        out.raw(" r=\"")
        out.number(radius)
        out.byte(UInt8(ascii: "\""))
        if let fill = s.fill {
            if fill != .solid(.black), case .solid(let color) = fill {
                solidPaint(color, attribute: "fill", opacity: "fill-opacity", into: &out)
            }
            if s.fillRule == .evenOdd { out.raw(" fill-rule=\"evenodd\"") }
        } else {
            out.raw(" fill=\"none\"")
        }
        if case .solid(let color)? = s.stroke {
            solidPaint(color, attribute: "stroke", opacity: "stroke-opacity", into: &out)
            strokeStyle(s.strokeStyle, into: &out)
        }
        if s.snapToPixels { out.raw(" shape-rendering=\"crispEdges\"") }
        out.byte(UInt8(ascii: ">"))
    }

    private static func isSolidOrNone(_ paint: Paint?) -> Bool {
        if case .linearGradient? = paint { return false }
        return true
    }

    /// The laps of an overdue ring arc (`Role.ringArc` above 1): the first child, a full turn, in one group and the
    /// last lap's children in another, each drawn with the dash technique in its share of the sweep (by arc length:
    /// the first lap takes 1 / (1 + lastLap) of it). The groups are written in the static document too; their
    /// opacity is the outer group's.
    private mutating func ringLaps(_ children: [Node], index: Int, lastLap: Double, origin: Origin) {
        let laps = timeline?.ringLapMotions(index: index, lastLap: lastLap)
        for (n, part) in [children.prefix(1), children.dropFirst()].enumerated() {
            body.raw("<g>")
            if let timeline, let laps {
                drawWithDash(n == 0 ? laps.first : laps.last, opacity: 1, timeline: timeline)
            }
            nodes(Array(part), origin: origin, pathLength: true)
            body.raw("</g>")
        }
    }

    /// `class` and `data-*` attributes naming the role, e.g. `class="point" data-series="0" data-index="3"`.
    private mutating func roleAttributes(_ role: Role) {
        var series: Int?
        var index: Int?
        body.raw(" class=\"")
        switch role {
        case .background: body.raw("background")
        case .title: body.raw("title")
        case .legend: body.raw("legend")
        case .legendItem(let s):
            body.raw("legend-item")
            series = s
        case .xAxis: body.raw("axis-x")
        case .yAxis: body.raw("axis-y")
        case .y2Axis: body.raw("axis-y2")
        case .grid: body.raw("grid")
        case .plot: body.raw("plot")
        case .series(let k):
            body.raw("series series-")
            body.int(k)
            series = k
        case .seriesLine(let k):
            body.raw("line")
            series = k
        case .seriesArea(let k):
            body.raw("area")
            series = k
        case .point(let s, let i, _):
            body.raw("point")
            series = s
            index = i
        case .annotation(let i):
            body.raw("annotation")
            index = i
        case .valueLabel(let s, _):
            body.raw("value-label")
            series = s
        case .bar(let s, let i, _, _):
            body.raw("bar")
            series = s
            index = i
        case .pie: body.raw("pie")
        case .slice(let i, _):
            body.raw("slice")
            index = i
        case .sliceLabel(let i):
            body.raw("slice-label")
            index = i
        case .ring(let i, _):
            body.raw("ring")
            index = i
        case .ringArc(let i, _):
            body.raw("ring-arc")
            index = i
        case .ringLabel(let i):
            body.raw("ring-label")
            index = i
        }
        body.byte(UInt8(ascii: "\""))
        if let series {
            body.raw(" data-series=\"")
            body.int(series)
            body.byte(UInt8(ascii: "\""))
        }
        if let index {
            body.raw(" data-index=\"")
            body.int(index)
            body.byte(UInt8(ascii: "\""))
        }
    }

    // MARK: Shapes and text

    /// Writes `s` as `<circle>` or `<path>`; returns whether it was a circle. With `leaveOpen` the
    /// start tag is closed with `>` and the caller writes the content and end tag.
    @discardableResult
    private mutating func shape(_ s: Shape, origin: Origin, pathLength: Bool, leaveOpen: Bool = false) -> Bool {
        let circle = pathLength ? nil : Self.circle(s.path)
        if let (center, radius) = circle {
            body.raw("<circle")
            circleCenter(cx: SVGBuffer.hundredths(center.x) - origin.x, cy: SVGBuffer.hundredths(center.y) - origin.y)
            body.raw(" r=\"")
            body.number(radius)
            body.byte(UInt8(ascii: "\""))
        } else {
            body.raw("<path d=\"")
            SVGPathData.write(s.path, originX: origin.x, originY: origin.y, into: &body)
            body.byte(UInt8(ascii: "\""))
        }
        if let fill = s.fill {
            if fill != .solid(.black) { paint(fill, attribute: "fill", opacity: "fill-opacity", origin: origin) }
            if s.fillRule == .evenOdd { body.raw(" fill-rule=\"evenodd\"") }
        } else {
            body.raw(" fill=\"none\"")
        }
        if let stroke = s.stroke {
            paint(stroke, attribute: "stroke", opacity: "stroke-opacity", origin: origin)
            Self.strokeStyle(s.strokeStyle, into: &body)
        }
        if s.snapToPixels { body.raw(" shape-rendering=\"crispEdges\"") }
        if pathLength { body.raw(" pathLength=\"1\"") }
        if leaveOpen {
            body.byte(UInt8(ascii: ">"))
        } else {
            body.raw("/>")
        }
        return circle != nil
    }

    private static func strokeStyle(_ style: StrokeStyle, into body: inout SVGBuffer) {
        if style.width != 1 {
            body.raw(" stroke-width=\"")
            body.number(style.width.isFinite ? Swift.max(style.width, 0) : 1)
            body.byte(UInt8(ascii: "\""))
        }
        switch style.join {
        case .miter:
            if style.miterLimit != 4 && style.miterLimit.isFinite {
                body.raw(" stroke-miterlimit=\"")
                body.number(Swift.max(style.miterLimit, 1))
                body.byte(UInt8(ascii: "\""))
            }
        case .round: body.raw(" stroke-linejoin=\"round\"")
        case .bevel: body.raw(" stroke-linejoin=\"bevel\"")
        }
        switch style.cap {
        case .butt: break
        case .round: body.raw(" stroke-linecap=\"round\"")
        case .square: body.raw(" stroke-linecap=\"square\"")
        }
        // A dash array with a negative or non-finite entry, or summing to 0, is invalid: draw solid.
        if !style.dash.isEmpty, style.dash.allSatisfy({ $0.isFinite && $0 >= 0 }),
           style.dash.reduce(0, +) > 0
        {
            body.raw(" stroke-dasharray=\"")
            for (i, d) in style.dash.enumerated() {
                if i > 0 { body.byte(UInt8(ascii: " ")) }
                body.number(d)
            }
            body.byte(UInt8(ascii: "\""))
            if style.dashOffset != 0 && style.dashOffset.isFinite {
                body.raw(" stroke-dashoffset=\"")
                body.number(style.dashOffset)
                body.byte(UInt8(ascii: "\""))
            }
        }
    }

    private mutating func paint(_ paint: Paint, attribute: StaticString, opacity: StaticString, origin: Origin) {
        switch paint {
        case .solid(let color):
            Self.solidPaint(color, attribute: attribute, opacity: opacity, into: &body)
        case .linearGradient(let gradient):
            body.byte(UInt8(ascii: " "))
            body.raw(attribute)
            body.raw("=\"url(#")
            gradientID(gradient, origin: origin)
            body.raw(")\"")
        }
    }

    private static func solidPaint(_ color: Color, attribute: StaticString, opacity: StaticString,
                                   into out: inout SVGBuffer)
    {
        out.byte(UInt8(ascii: " "))
        out.raw(attribute)
        out.raw("=\"")
        out.color(color)
        out.byte(UInt8(ascii: "\""))
        if color.alpha < 255 {
            out.byte(UInt8(ascii: " "))
            out.raw(opacity)
            out.raw("=\"")
            out.number(color.opacity)
            out.byte(UInt8(ascii: "\""))
        }
    }

    private mutating func text(_ t: TextRun, origin: Origin) {
        let x = SVGBuffer.hundredths(t.position.x) - origin.x, y = SVGBuffer.hundredths(t.position.y) - origin.y
        body.raw("<text x=\"")
        body.fixed(x, decimals: 2)
        body.raw("\" y=\"")
        body.fixed(y, decimals: 2)
        body.raw("\" font-size=\"")
        body.number(t.size)
        body.byte(UInt8(ascii: "\""))
        if t.weight == .bold { body.raw(" font-weight=\"bold\"") }
        // A right-to-left label starts at its right end: its anchor is flipped so the text keeps the box layout
        // measured (text-anchor "start" of a left-to-right label = "end" of a right-to-left one).
        let rightToLeft = SVGTextDirection.isRightToLeft(t.text)
        if rightToLeft { body.raw(" direction=\"rtl\"") }
        switch t.anchor {
        case .start: if rightToLeft { body.raw(" text-anchor=\"end\"") }
        case .middle: body.raw(" text-anchor=\"middle\"")
        case .end: if !rightToLeft { body.raw(" text-anchor=\"end\"") }
        }
        if t.color != .black { Self.solidPaint(t.color, attribute: "fill", opacity: "fill-opacity", into: &body) }
        let rotation = SVGBuffer.hundredths(t.rotation)
        if rotation != 0 {
            body.raw(" transform=\"rotate(")
            body.fixed(rotation, decimals: 2)
            body.byte(UInt8(ascii: " "))
            body.fixed(x, decimals: 2)
            body.byte(UInt8(ascii: " "))
            body.fixed(y, decimals: 2)
            body.raw(")\"")
        }
        body.byte(UInt8(ascii: ">"))
        body.escaped(t.text)
        body.raw("</text>")
    }

    // MARK: Definitions

    private mutating func writeID(_ kind: UInt8, _ n: Int) {
        body.append(prefix)
        body.byte(UInt8(ascii: "-"))
        body.byte(kind)
        body.int(n)
    }

    /// Writes the id of `gradient` (moved into the coordinates of `origin`), defining it on first use.
    private mutating func gradientID(_ gradient: LinearGradient, origin: Origin) {
        var g = gradient
        g.start = Point(g.start.x - origin.dx, g.start.y - origin.dy)
        g.end = Point(g.end.x - origin.dx, g.end.y - origin.dy)
        if let id = gradientIDs[g] {
            writeID(UInt8(ascii: "g"), id)
            return
        }
        let id = gradientIDs.count
        gradientIDs[g] = id
        defs.raw("<linearGradient id=\"")
        defs.append(prefix)
        defs.raw("-g")
        defs.int(id)
        defs.raw("\" gradientUnits=\"userSpaceOnUse\" x1=\"")
        defs.number(g.start.x)
        defs.raw("\" y1=\"")
        defs.number(g.start.y)
        defs.raw("\" x2=\"")
        defs.number(g.end.x)
        defs.raw("\" y2=\"")
        defs.number(g.end.y)
        defs.raw("\">")
        for stop in g.stops {
            defs.raw("<stop offset=\"")
            defs.number(stop.offset.isNaN ? 0 : Swift.min(Swift.max(stop.offset, 0), 1))
            defs.byte(UInt8(ascii: "\""))
            Self.solidPaint(stop.color, attribute: "stop-color", opacity: "stop-opacity", into: &defs)
            defs.raw("/>")
        }
        defs.raw("</linearGradient>")
        writeID(UInt8(ascii: "g"), id)
    }

    /// Writes the id of a clip to `rect` (already in the local coordinates), defining it on first use.
    private mutating func clipID(_ rect: Rect) {
        if let id = clipIDs[rect] {
            writeID(UInt8(ascii: "c"), id)
            return
        }
        let id = clipIDs.count
        clipIDs[rect] = id
        defs.raw("<clipPath id=\"")
        defs.append(prefix)
        defs.raw("-c")
        defs.int(id)
        defs.raw("\">")
        Self.rectElement(rect, into: &defs)
        defs.raw("/></clipPath>")
        writeID(UInt8(ascii: "c"), id)
    }

    /// A clip that reveals series `k`'s line from left to right (`fromRight`: from right to left, a mirrored chart's
    /// line); its own, never shared, because it carries the series' animation. Present in the static document too,
    /// at its final size.
    private mutating func revealClip(_ rect: Rect, series k: Int, fromRight: Bool) {
        let id = revealCount
        revealCount += 1
        defs.raw("<clipPath id=\"")
        defs.append(prefix)
        defs.raw("-r")
        defs.int(id)
        defs.raw("\">")
        Self.rectElement(rect, into: &defs)
        defs.byte(UInt8(ascii: ">"))
        if let timeline {
            let motion = timeline.lineMotion(series: k)
            var keys = SMILKeyframes()
            keys.add(motion.start, 0, easedToNext: motion.isEased)
            keys.add(motion.end, rect.width)
            keys.write(head: "<animate attributeName=\"width\"", timeline: timeline, into: &defs)
            if fromRight {
                // The left edge moves from the right edge to its place while the width grows.
                var left = SMILKeyframes()
                left.add(motion.start, rect.maxX, easedToNext: motion.isEased)
                left.add(motion.end, rect.minX)
                left.write(head: "<animate attributeName=\"x\"", timeline: timeline, into: &defs)
            }
        }
        defs.raw("</rect></clipPath>")
        writeID(UInt8(ascii: "r"), id)
    }

    /// A mask that reveals the pie `disc` clockwise from its start angle; its own, never shared, because it carries
    /// the pie's animation. Present in the static document too, complete (masking nothing), so stripping the
    /// animation elements still gives the static document.
    ///
    /// It holds one white (opaque) circle stroke that covers the disc and `pad` px beyond: radius `reach / 2` and
    /// width `reach`, so the stroke spans from exactly the center to `reach`, with `reach` rounded up to an even
    /// whole pixel so both numbers are written exactly. The circle has `pathLength="1"` and starts at the start
    /// angle; with butt caps the end of a dash is a straight radial edge, so the dash "e 2(1 − e)" covers exactly
    /// the sector from the start angle over e of a turn. It grows from "0 2" (nothing: a zero-length butt-capped
    /// dash paints nothing) to "1 0" along the easing, over the duration after the delay. The gap starts at 2, as
    /// for lines: the dash pattern's period stays longer than the circle, so the dash never repeats inside it. A disc
    /// that sweeps less than a turn (`disc.endAngle − disc.startAngle` < 360) grows to its share e of the turn
    /// ("e 2") over the duration and then jumps to "1 0".
    private mutating func sweepMask(_ disc: Sector, origin: Origin, pad: Double) {
        let id = sweepCount
        sweepCount += 1
        let cx = disc.center.x - origin.dx, cy = disc.center.y - origin.dy
        let outer = disc.outerRadius.isFinite ? Swift.max(disc.outerRadius, 0) : 0
        let reach = 2 * ((outer + pad) / 2).rounded(.up)
        let r = reach / 2
        let angle = (disc.startAngle.isFinite ? disc.startAngle : 0) * .pi / 180
        let (dx, dy) = (r * sin(angle), -r * cos(angle))
        defs.raw("<mask id=\"")
        defs.append(prefix)
        defs.raw("-s")
        defs.int(id)
        defs.raw("\" maskUnits=\"userSpaceOnUse\" x=\"")
        defs.number(cx - reach)
        defs.raw("\" y=\"")
        defs.number(cy - reach)
        defs.raw("\" width=\"")
        defs.number(2 * reach)
        defs.raw("\" height=\"")
        defs.number(2 * reach)
        defs.raw("\" mask-type=\"alpha\"><path d=\"M")
        // Two half turns clockwise (sweep flag 1): to the opposite point and back.
        for (n, (x, y)) in [(cx + dx, cy + dy), (cx - dx, cy - dy), (cx + dx, cy + dy)].enumerated() {
            if n > 0 {
                defs.raw("A")
                defs.number(r)
                defs.byte(UInt8(ascii: " "))
                defs.number(r)
                defs.raw(" 0 1 1 ")
            }
            defs.number(x)
            defs.byte(UInt8(ascii: " "))
            defs.number(y)
        }
        defs.raw("\" fill=\"none\" stroke=\"#fff\" stroke-width=\"")
        defs.number(reach)
        defs.raw("\" pathLength=\"1\">")
        if let timeline {
            // A partial disc (a half gauge) sweeps over its own share of the turn, then the mask opens fully so
            // that nothing drawn past the disc's edges (slice outlines) stays masked.
            let share = (disc.endAngle - disc.startAngle) / 360
            let motion = timeline.sweepMotion
            var keys = SMILKeyframes(pairs: true)
            keys.add(motion.start, 0, 2, easedToNext: motion.isEased)
            if share > 0, share < 1 { keys.add(motion.end, share, 2) }
            keys.add(motion.end, 1, 0)
            keys.write(head: "<animate attributeName=\"stroke-dasharray\"", timeline: timeline, into: &defs)
        }
        defs.raw("</path></mask>")
        writeID(UInt8(ascii: "s"), id)
    }

    /// `<rect x y width height` (unterminated).
    private static func rectElement(_ r: Rect, into out: inout SVGBuffer) {
        out.raw("<rect x=\"")
        out.number(r.x)
        out.raw("\" y=\"")
        out.number(r.y)
        out.raw("\" width=\"")
        out.number(Swift.max(r.width, 0))
        out.raw("\" height=\"")
        out.number(Swift.max(r.height, 0))
        out.byte(UInt8(ascii: "\""))
    }

    // MARK: Animation

    /// The SMIL elements of a group with `role`, written right after its `<title>`: the keyframes of the role's
    /// motion as the timeline defines it (`AnimationTimeline`'s motions, which `SceneAnimator` plays too).
    private mutating func animation(for role: Role, timeline: AnimationTimeline, opacity: Double, hasBounds: Bool,
                                    dash: Bool)
    {
        switch role {
        case .seriesLine(let k):
            guard dash else { return }  // drawn by the reveal clip instead
            drawWithDash(timeline.lineMotion(series: k), opacity: opacity, timeline: timeline)
        case .point(let k, _, let progress):
            guard hasBounds else { return }
            pointPop(timeline.pointPop(series: k, progress: progress), additive: true, timeline: timeline)
        case .bar(let k, _, let base, let stackBase):
            guard hasBounds else { return }
            let motion = timeline.barMotion(series: k, stacked: stackBase != nil)
            var keys = SMILKeyframes(pairs: true)
            // Grow along the bar's length only: y for vertical bars, x for horizontal ones.
            if base.isHorizontal {
                keys.add(motion.start, 1, 0, easedToNext: motion.isEased)
            } else {
                keys.add(motion.start, 0, 1, easedToNext: motion.isEased)
            }
            keys.add(motion.end, 1, 1)
            keys.write(head: "<animateTransform attributeName=\"transform\" type=\"scale\" additive=\"sum\"",
                       timeline: timeline, into: &body)
        case .ringArc(let i, _) where dash:
            drawWithDash(timeline.ringMotion(index: i), opacity: opacity, timeline: timeline)
        case .seriesArea, .valueLabel, .annotation, .sliceLabel, .ringArc:
            guard let motion = timeline.fadeMotion(role: role) else { return }
            fadeIn(motion, to: opacity, timeline: timeline)
        case .pie, .slice:
            break  // the pie's sweep mask reveals its slices
        case .background, .title, .legend, .legendItem, .xAxis, .yAxis, .y2Axis, .grid, .plot, .series, .ring,
             .ringLabel:
            break
        }
    }

    /// Pops a point in when its line arrives: hidden (scale 0) until then, then `PointPop`'s keyframes (scale
    /// 0.5 → 1.2 → 1 at 0, 70 % and 100 % of the pop), about the point's center (the local origin).
    private mutating func pointPop(_ pop: PointPop, additive: Bool, timeline: AnimationTimeline) {
        // The hottest animation (one per point), so written directly rather than via SMILKeyframes.
        let repeating = timeline.repeatCount != nil
        let cycle = repeating ? timeline.cycle : pop.end
        let a = SMILKeyframes.keyTime(pop.arrival, cycle: cycle)
        let b = Swift.max(a, SMILKeyframes.keyTime(pop.peak, cycle: cycle))
        let c = repeating ? Swift.max(b, SMILKeyframes.keyTime(pop.end, cycle: cycle)) : 1000
        if additive {
            body.raw("<animateTransform attributeName=\"transform\" type=\"scale\" additive=\"sum\"")
        } else {
            body.raw("<animateTransform attributeName=\"transform\" type=\"scale\"")
        }
        // Scale 0 until the line arrives (a hold from 0 when t > 0), then .5 → 1.2 → 1 (→ hold).
        body.raw(a > 0 ? " values=\"0;0;" : " values=\"0;")
        body.number(PointPop.entryScale)
        body.byte(UInt8(ascii: ";"))
        body.number(PointPop.peakScale)
        body.raw(c < 1000 ? ";1;1" : ";1")
        body.raw("\" keyTimes=\"0;")
        if a > 0 {
            body.fixed(a, decimals: 3)
            body.byte(UInt8(ascii: ";"))
        }
        body.fixed(a, decimals: 3)
        body.byte(UInt8(ascii: ";"))
        body.fixed(b, decimals: 3)
        if c < 1000 {
            body.byte(UInt8(ascii: ";"))
            body.fixed(c, decimals: 3)
        }
        body.raw(";1\"")
        SMILKeyframes.writeTail(cycle: cycle, timeline: timeline, into: &body)
    }

    /// Grows the group's `pathLength="1"` strokes through the inherited `stroke-dasharray`,
    /// from "0 2" (nothing) to "1 0" (everything).
    ///
    /// The gap starts at 2, not 1: with "e 2(1−e)" the pattern's period 2 − e stays longer than the path
    /// until the end, so the dash never repeats at the path's far end (with "0 1" a second zero-length dash
    /// sits exactly there and its round cap shows as a dot before the line has grown).
    ///
    /// A zero-length dash still paints its round or square cap, a dot where nothing should show yet: the seed's
    /// line, drawn by `strokeEnd`, is invisible until it grows. So the group is kept at opacity 0 until its start
    /// (also when that is t = 0) and reaches its own opacity one thousandth of the cycle later, the finest step
    /// `keyTimes` express; the dash has grown by a hair by then. The drawing follows `motion`.
    private mutating func drawWithDash(_ motion: Tween, opacity: Double, timeline: AnimationTimeline) {
        let cycle = timeline.repeatCount == nil ? motion.end : timeline.cycle
        var hold = SMILKeyframes()
        hold.add(motion.start, 0)
        hold.add(motion.start + cycle / 1000, opacity)
        hold.add(motion.end, opacity)
        hold.write(head: "<animate attributeName=\"opacity\"", timeline: timeline, into: &body)
        var keys = SMILKeyframes(pairs: true)
        keys.add(motion.start, 0, 2, easedToNext: motion.isEased)
        keys.add(motion.end, 1, 0)
        keys.write(head: "<animate attributeName=\"stroke-dasharray\"", timeline: timeline, into: &body)
    }

    /// Fades the group in from transparent to its own `opacity` along `motion`.
    private mutating func fadeIn(_ motion: Tween, to opacity: Double, timeline: AnimationTimeline) {
        var keys = SMILKeyframes()
        keys.add(motion.start, 0, easedToNext: motion.isEased)
        keys.add(motion.end, opacity)
        keys.write(head: "<animate attributeName=\"opacity\"", timeline: timeline, into: &body)
    }

    // MARK: Geometry helpers

    /// The center and radius when `path` is exactly `Path.circle(center:radius:)` (to 1e-6 px), so it
    /// can be written as the much shorter `<circle>`. Checked without building the reference path.
    static func circle(_ path: Path) -> (Point, Double)? {
        let e = path.elements
        guard e.count == 6, case .move(let p0) = e[0], case .cubic(let a1, let a2, let a3) = e[1],
              case .cubic(let b1, let b2, let b3) = e[2], case .cubic(let c1, let c2, let c3) = e[3],
              case .cubic(let d1, let d2, let d3) = e[4], case .close = e[5]
        else { return nil }
        // Path.circle starts at (cx + r, cy) and runs through the bottom, left and top points.
        let center = Point((p0.x + b3.x) / 2, (a3.y + c3.y) / 2)
        let r = (p0.x - b3.x) / 2
        let k = 0.5522847498307936 * r
        guard r > 0 else { return nil }
        let c = center
        func near(_ p: Point, _ x: Double, _ y: Double) -> Bool { abs(p.x - x) <= 1e-6 && abs(p.y - y) <= 1e-6 }
        guard near(p0, c.x + r, c.y),
              near(a1, c.x + r, c.y + k), near(a2, c.x + k, c.y + r), near(a3, c.x, c.y + r),
              near(b1, c.x - k, c.y + r), near(b2, c.x - r, c.y + k), near(b3, c.x - r, c.y),
              near(c1, c.x - r, c.y - k), near(c2, c.x - k, c.y - r), near(c3, c.x, c.y - r),
              near(d1, c.x + k, c.y - r), near(d2, c.x + r, c.y - k), near(d3, c.x + r, c.y)
        else { return nil }
        return (center, r)
    }
}
