import ChartScene
import ChartSpec
import ChartLayout
import ChartText
import ChartTime

/// The computed layout as JSON, for client-side hit-testing and custom overlays. Everything is read back from the
/// scene the SVG and PNG backends draw, so coordinates agree with them exactly:
///
/// ```
/// {"width":640,"height":360,"plot":{"x":…,"y":…,"width":…,"height":…},
///  "axes":{"x":[{"value":…,"label":"Q1","position":…}],"y":[…],"y2":[…]},   (y2 only with a second axis)
///  "series":[{"index":0,"name":"Home","color":"#f28e2b"}],   (name and color absent when unknown)
///  "points":[{"series":0,"index":2,"x":…,"y":…,"value":68,"label":"Home · Q3: 68"}],
///  "bars":[{"series":0,"index":2,"x":…,"y":…,"width":…,"height":…,"value":68,"label":"…","color":"#f28e2b"}],
///  "slices":[{"index":0,"datum":0,"name":"Chrome","value":6420,"fraction":0.67,"x":…,"y":…,"innerRadius":0,
///             "outerRadius":…,"startAngle":0,"endAngle":241.2,"color":"#0072b2","label":"Chrome: 6420 (67%)"}],
///  "rings":[{"index":0,"datum":4,"name":"Move","value":0.62,"fraction":0.62,"x":…,"y":…,"innerRadius":…,
///            "outerRadius":…,"startAngle":0,"endAngle":223.2,"color":"#…","label":"Move: 62%"}],
///  "texts":[{"text":"Average","role":"annotation","x":…,"y":…,"width":…,"height":…}],
///  "markers":[{"kind":"point","series":0,"index":2,"x":…,"y":…,"radius":3.5},
///             {"kind":"bubble","series":0,"x":…,"y":…,"width":…,"height":…}]}
/// ```
///
/// Pixel numbers are CSS px rounded to hundredths as the SVG writer rounds them (half away from zero); data values
/// (a datum, a tick label's number) are written exactly, as the shortest decimal that reads back as the same double,
/// since rounding them would turn 0.004 into 0. A point's
/// `x`/`y` is the center of its `.point` group's marks; `value` is the datum from the spec; `label` its tooltip. A
/// bar's `color` is its fill (its own entry of the series' `colors`, else the series color), given only for a series
/// with `colors`: the others' bars all have their series' color, and 128k of them would add 2.5 MB for nothing.
/// An axis entry's `position` is the label's anchor (x for the x axis, the tick's y for the y axis) and `value`
/// the number the label shows when it is numeric (null for categories' text and the like); on a time axis it is the
/// tick's instant as ISO 8601 text with the axis zone's offset at it (`2005-04-04T00:00:00-05:00`), since a label
/// such as `Mar` does not say its year.
///
/// `slices` and `rings` come from the `ArcMark`s of the `.slice` and `.ring` groups: `x`/`y` the center, angles in
/// degrees clockwise from twelve o'clock (exact, like the data), `datum` the index of the value in the series (null
/// for the merged "other" slice, or a ring without a value), `color` a slice's fill or a ring's arc stroke (absent
/// for a ring that draws no arc), `label` the tooltip.
///
/// `texts` holds every text run with its `TextBox` bounds (top-left corner and size, measured with the same metrics as
/// the layout) and the role of its nearest group with one (`textRole`); `markers` every visible shape of a `.point`
/// group (as a circle around its bounds' center) and every value bubble (`.valueLabel` group with a shape, as a box).
enum LayoutJSON {
    static func encode(scene: Scene, spec: ChartSpec, metrics: any TextMeasuring) -> [UInt8] {
        var w = Writer()
        w.open("{")
        w.key("width"); w.number(scene.width)
        w.key("height"); w.number(scene.height)
        var plot: Rect?
        var xAxis: [TextRun] = [], yAxis: [TextRun] = [], y2Axis: [TextRun]?
        var series: [Int: Color] = [:]
        // Tooltips kept as the scene holds them (a point's as its parts), written without being joined.
        var points: [(Int, Int, Point, Tooltip?)] = []
        var bars: [(Int, Int, Rect, Tooltip?, Color?)] = []
        var slices: [(Int, ArcMark, Color?, String?)] = []
        var rings: [(Int, ArcMark, Color?, String?)] = []
        var texts: [(TextRun, Role?)] = []
        var markers: [(role: Role, box: Rect)] = []
        scene.forEachNode { node, parents in
            if case .text(let run) = node { texts.append((run, parents.last { $0.role != nil }?.role)) }
            if case .hitTarget(let h) = node {
                // As its `.point` group: a point at its circle's center, no marker (it is invisible).
                points.append((h.series, h.index, h.bounds.center, .point(h.tooltip)))
                return
            }
            guard case .group(let g) = node else { return }
            if let role = g.role, let box = markerBounds(role, g.children) { markers.append((role, box)) }
            switch g.role {
            case .plot?: plot = plot ?? g.clip
            case .xAxis?: xAxis += runs(g.children)
            case .yAxis?: yAxis += runs(g.children)
            case .y2Axis?: y2Axis = (y2Axis ?? []) + runs(g.children)
            case .series(let k)?: series[k] = series[k] ?? firstColor(g.children)
            case .point(let s, let i, _)?:
                if let b = bounds(g.children) { points.append((s, i, b.center, g.tooltip)) }
            case .bar(let s, let i, _, _)?:
                if let b = bounds(g.children) {
                    let ownColors = s < spec.series.count && !spec.series[s].colors.isEmpty
                    bars.append((s, i, b, g.tooltip, ownColors ? fillColor(g.children) : nil))
                }
            case .slice(let n, let mark)?:
                slices.append((n, mark, fillColor(g.children), g.tooltip?.text))
            case .ring(let k, let mark)?:
                let arc = g.children.lazy.compactMap { node -> Group? in
                    if case .group(let a) = node, case .ringArc? = a.role { a } else { nil }
                }.first
                rings.append((k, mark, arc.flatMap { firstColor($0.children) }, g.tooltip?.text))
            default: break
            }
        }
        // The axis lines give the exact plot rectangle where there are axes; the plot clip otherwise.
        if let x = axisLine(in: scene, role: .xAxis), let y = axisLine(in: scene, role: .yAxis), x.0.y == x.1.y {
            plot = Rect(x: min(x.0.x, x.1.x), y: min(y.0.y, y.1.y), width: abs(x.1.x - x.0.x),
                        height: abs(y.1.y - y.0.y))
        }
        w.key("plot")
        w.open("{")
        let p = plot ?? Rect(x: 0, y: 0, width: scene.width, height: scene.height)
        w.key("x"); w.number(p.x)
        w.key("y"); w.number(p.y)
        w.key("width"); w.number(p.width)
        w.key("height"); w.number(p.height)
        w.close("}")
        w.key("axes")
        w.open("{")
        // `y2` only when the chart has a second axis, so other charts' layouts stay as they were.
        let second = y2Axis.map { [("y2", $0, true)] } ?? []
        // A time axis's labels carry their instants, written in the axis zone (the spec was checked, so it loads).
        let zone = scene.xTickInstants.isEmpty ? nil
            : (try? ChartTimeZone(identifier: spec.x.timeZone ?? "UTC")) ?? .utc
        let timeList = scene.timeAxisRole == .yAxis ? "y" : "x"
        for (name, list, vertical) in [("x", xAxis, false), ("y", yAxis, true)] + second {
            w.key(name)
            w.open("[")
            for (k, run) in list.enumerated() where run.rotation == 0 || !vertical {
                w.open("{")
                w.key("value")
                if name == timeList, let zone, k < scene.xTickInstants.count {
                    w.string(zone.iso8601(utcMilliseconds: scene.xTickInstants[k]))
                } else if let v = numericValue(run.text) { w.exact(v) } else { w.null() }
                w.key("label"); w.string(run.text)
                // y labels sit with their baseline (ascent − descent) / 2 below the tick.
                let shift = (metrics.ascent(size: run.size) - metrics.descent(size: run.size)) / 2
                w.key("position"); w.number(vertical ? run.position.y - shift : run.position.x)
                w.close("}")
            }
            w.close("]")
        }
        w.close("}")
        w.key("series")
        w.open("[")
        for (k, s) in spec.series.enumerated() {
            w.open("{")
            w.key("index"); w.number(Double(k))
            // Absent rather than null, as openapi.yaml types them as strings.
            if let name = s.name {
                w.key("name"); w.string(name)
            }
            if let c = series[k] {
                w.key("color"); w.string(hex(c))
            }
            w.close("}")
        }
        w.close("]")
        w.key("points")
        w.open("[")
        for (s, i, center, tooltip) in points {
            mark(s, i, [("x", center.x), ("y", center.y)], tooltip, spec, &w)
        }
        w.close("]")
        w.key("bars")
        w.open("[")
        for (s, i, r, tooltip, color) in bars {
            mark(s, i, [("x", r.x), ("y", r.y), ("width", r.width), ("height", r.height)], tooltip, spec, &w,
                 color: color)
        }
        w.close("]")
        for (key, list) in [("slices", slices), ("rings", rings)] {
            w.key(key)
            w.open("[")
            for (index, mark, color, tooltip) in list { arc(index, mark, color, tooltip, &w) }
            w.close("]")
        }
        w.key("texts")
        w.open("[")
        for (run, role) in texts {
            let box = TextBox(run, metrics: metrics).bounds
            w.open("{")
            w.key("text"); w.string(run.text)
            w.key("role"); w.string(textRole(role))
            rect(box, &w)
            w.close("}")
        }
        w.close("]")
        w.key("markers")
        w.open("[")
        for marker in markers { self.marker(marker.role, marker.box, &w) }
        w.close("]")
        w.close("}")
        return w.bytes
    }

    /// What a text is, from its nearest group with a role: `title` (title and subtitle), `legend`, `xAxis`, `yAxis`,
    /// `y2Axis` (tick labels and axis titles), `annotation` (a reference line's label), `valueLabel` (a value bubble's
    /// text, a bar's value, a lead-change label), `sliceLabel`, `ringLabel`, or `other`.
    static func textRole(_ role: Role?) -> String {
        switch role {
        case .title?: "title"
        case .legend?, .legendItem?: "legend"
        case .xAxis?: "xAxis"
        case .yAxis?: "yAxis"
        case .y2Axis?: "y2Axis"
        case .annotation?: "annotation"
        case .valueLabel?: "valueLabel"
        case .sliceLabel?: "sliceLabel"
        case .ringLabel?: "ringLabel"
        default: "other"
        }
    }

    /// The drawn box of a marker group: the visible shapes of a `.point` group (a dot, a lead-change ring) or the
    /// body and pointer of a value bubble; nil for other groups and for invisible hit targets.
    private static func markerBounds(_ role: Role, _ children: [Node]) -> Rect? {
        switch role {
        case .point, .valueLabel:
            bounds(children.filter { if case .shape(let s) = $0 { !s.isInvisible } else { false } })
        default: nil
        }
    }

    /// One entry of `markers`: a point mark as a circle (`x`, `y` its center), a value bubble as a box.
    private static func marker(_ role: Role, _ box: Rect, _ w: inout Writer) {
        w.open("{")
        switch role {
        case .point(let s, let i, _):
            w.key("kind"); w.string("point")
            w.key("series"); w.number(Double(s))
            w.key("index"); w.number(Double(i))
            w.key("x"); w.number(box.center.x)
            w.key("y"); w.number(box.center.y)
            w.key("radius"); w.number(max(box.width, box.height) / 2)
        case .valueLabel(let s, _):
            w.key("kind"); w.string("bubble")
            w.key("series"); w.number(Double(s))
            rect(box, &w)
        default: break
        }
        w.close("}")
    }

    /// The `x`, `y`, `width` and `height` fields of `r`.
    private static func rect(_ r: Rect, _ w: inout Writer) {
        w.key("x"); w.number(r.x)
        w.key("y"); w.number(r.y)
        w.key("width"); w.number(r.width)
        w.key("height"); w.number(r.height)
    }

    /// One entry of `slices` or `rings`.
    private static func arc(_ index: Int, _ mark: ArcMark, _ color: Color?, _ tooltip: String?, _ w: inout Writer) {
        w.open("{")
        w.key("index"); w.number(Double(index))
        w.key("datum")
        if let datum = mark.datum { w.number(Double(datum)) } else { w.null() }
        w.key("name"); w.string(mark.name)
        w.key("value")
        if let value = mark.value { w.exact(value) } else { w.null() }
        w.key("fraction"); w.exact(mark.fraction)
        let sector = mark.sector
        w.key("x"); w.number(sector.center.x)
        w.key("y"); w.number(sector.center.y)
        w.key("innerRadius"); w.number(sector.innerRadius)
        w.key("outerRadius"); w.number(sector.outerRadius)
        w.key("startAngle"); w.exact(sector.startAngle)
        w.key("endAngle"); w.exact(sector.endAngle)
        if let color {
            w.key("color"); w.string(hex(color))
        }
        w.key("label")
        if let tooltip { w.string(tooltip) } else { w.null() }
        w.close("}")
    }

    /// One entry of `points` or `bars`: series, index, the pixel fields, the datum, the tooltip and the color when
    /// known.
    private static func mark(_ s: Int, _ i: Int, _ pixels: [(String, Double)], _ tooltip: Tooltip?, _ spec: ChartSpec,
                             _ w: inout Writer, color: Color? = nil) {
        w.open("{")
        w.key("series"); w.number(Double(s))
        w.key("index"); w.number(Double(i))
        for (name, v) in pixels {
            w.key(name); w.number(v)
        }
        w.key("value"); datum(spec, s, i, &w)
        w.key("label")
        if let tooltip { w.tooltip(tooltip) } else { w.null() }
        if let color {
            w.key("color"); w.string(hex(color))
        }
        w.close("}")
    }

    private static func datum(_ spec: ChartSpec, _ s: Int, _ i: Int, _ w: inout Writer) {
        if s < spec.series.count, i < spec.series[s].points.count, let y = spec.series[s].points[i].y {
            w.exact(y)
        } else {
            w.null()
        }
    }

    private static func runs(_ nodes: [Node]) -> [TextRun] {
        nodes.compactMap { if case .text(let t) = $0 { t } else { nil } }
    }

    /// The first line segment directly inside the group with `role` (the axis line).
    private static func axisLine(in scene: Scene, role: Role) -> (Point, Point)? {
        var found: (Point, Point)?
        scene.forEachNode { node, parents in
            guard found == nil, case .shape(let shape) = node, parents.last?.role == role else { return }
            if case .move(let a) = shape.path.elements.first, shape.path.elements.count == 2,
               case .line(let b) = shape.path.elements[1] {
                found = (a, b)
            }
        }
        return found
    }

    private static func bounds(_ nodes: [Node]) -> Rect? {
        var result: Rect?
        for case .shape(let s) in nodes {
            if let b = s.path.controlBounds { result = result.map { $0.union(b) } ?? b }
        }
        return result
    }

    /// The first solid fill among `nodes`' shapes (a slice's color; its stroke only separates it from the next).
    private static func fillColor(_ nodes: [Node]) -> Color? {
        for case .shape(let s) in nodes {
            if case .solid(let c)? = s.fill { return c }
        }
        return nil
    }

    /// The series color: the first solid or gradient stroke, else fill, found in its marks.
    private static func firstColor(_ nodes: [Node]) -> Color? {
        for node in nodes {
            switch node {
            case .shape(let s):
                for paint in [s.stroke, s.fill] {
                    switch paint {
                    case .solid(let c)? where c.alpha > 0: return Color(red: c.red, green: c.green, blue: c.blue)
                    case .linearGradient(let g)?: if let c = g.stops.first?.color { return c }
                    default: continue
                    }
                }
            case .group(let g):
                if let c = firstColor(g.children) { return c }
            case .text, .hitTarget: continue
            }
        }
        return nil
    }

    private static func hex(_ c: Color) -> String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for v in c.alpha == 255 ? [c.red, c.green, c.blue] : [c.red, c.green, c.blue, c.alpha] {
            s.append(digits[Int(v >> 4)])
            s.append(digits[Int(v & 15)])
        }
        return s
    }

    /// The number a tick label shows: plain decimals with `−`/`-`, SI suffixes `k M G T`, a trailing `%`
    /// (divided by 100); nil for anything else (category names, dates).
    static func numericValue(_ label: String) -> Double? {
        // U+2212 minus as "-", thousands separators dropped (1,000,000,400), suffixes of every format scaled.
        var text = String(label.compactMap { $0 == "\u{2212}" ? "-" : $0 == "," ? nil : $0 })
        var factor = 1.0
        for (suffix, f) in [("%", 0.01), ("k", 1e3), ("K", 1e3), ("M", 1e6), ("G", 1e9), ("B", 1e9), ("T", 1e12),
                            ("m", 1e-3), ("µ", 1e-6), ("n", 1e-9), ("p", 1e-12)] where text.hasSuffix(suffix) {
            text.removeLast()
            factor = f
            break
        }
        guard !text.isEmpty, text.allSatisfy({ "0123456789.-e".contains($0) }), let v = Double(text) else { return nil }
        return v * factor
    }

    /// A compact JSON writer: commas placed automatically, strings escaped (quotes, backslashes, controls).
    struct Writer {
        var bytes: [UInt8] = []
        private var needsComma = false

        mutating func open(_ bracket: String) {
            separate()
            bytes.append(contentsOf: bracket.utf8)
            needsComma = false
        }

        mutating func close(_ bracket: String) {
            bytes.append(contentsOf: bracket.utf8)
            needsComma = true
        }

        mutating func key(_ name: String) {
            separate()
            escape(name)
            bytes.append(UInt8(ascii: ":"))
            needsComma = false
        }

        mutating func null() { value("null") }

        /// Rounded to hundredths (half away from zero), integers without a fraction; non-finite as null.
        mutating func number(_ v: Double) {
            exact((v * 100).rounded() / 100)
        }

        /// Exactly: integers without a fraction, others as the shortest decimal that reads back as `v` (a JSON
        /// number, exponent included: `1e-07`); non-finite as null.
        mutating func exact(_ v: Double) {
            guard v.isFinite else { return null() }
            value(v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v))
        }

        mutating func string(_ s: String) {
            separate()
            escape(s)
            needsComma = true
        }

        /// A tooltip as one JSON string: a point's parts escaped one after the other, as their join would be.
        mutating func tooltip(_ t: Tooltip) {
            guard case .point(let p) = t else { return string(t.text) }
            separate()
            bytes.append(UInt8(ascii: "\""))
            escapeContent(p.prefix)
            escapeContent(p.label)
            escapeContent(PointTooltip.separator)
            escapeContent(p.value)
            bytes.append(UInt8(ascii: "\""))
            needsComma = true
        }

        private mutating func value(_ literal: String) {
            separate()
            bytes.append(contentsOf: literal.utf8)
            needsComma = true
        }

        private mutating func separate() {
            if needsComma { bytes.append(UInt8(ascii: ",")) }
        }

        private mutating func escape(_ s: String) {
            bytes.append(UInt8(ascii: "\""))
            escapeContent(s)
            bytes.append(UInt8(ascii: "\""))
        }

        /// `s` escaped, without quotes.
        private mutating func escapeContent(_ s: String) {
            for b in s.utf8 {
                switch b {
                case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: "\\u00".utf8)
                    bytes.append(hex[Int(b >> 4)])
                    bytes.append(hex[Int(b & 15)])
                default: bytes.append(b)
                }
            }
        }
    }
}
