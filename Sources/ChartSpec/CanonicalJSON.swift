import ChartScene

extension ChartSpec {
    /// A deterministic serialization of the validated spec, for hashing into strong ETags: two requests that
    /// mean the same chart (other key order, whitespace, number spelling, color spelling, defaults written out
    /// or left out) give identical bytes, and any change of meaning changes them.
    ///
    /// Every field with a value is written, defaults included, in the fixed order of docs/spec.md; unset
    /// optional fields (and an empty `strokeGradient`) are left out. Colors are `#rrggbb`/`#rrggbbaa`,
    /// numbers are shortest round-trip, a bubble's negative index is resolved against its series. The output
    /// is itself a valid spec that parses back to an equal `ChartSpec` (up to that bubble index normalization).
    public var canonicalJSON: [UInt8] {
        var w = JSONWriter(capacity: 1024 + 16 * series.reduce(0) { $0 + $1.points.count })
        w.beginObject()
        w.field("type", type.rawValue)
        w.field("width", width)
        w.field("height", height)
        w.field("scale", scale)
        if let format { w.field("format", format.rawValue) }
        if let title { w.field("title", title) }
        if let subtitle { w.field("subtitle", subtitle) }
        if let labels {
            w.key("labels")
            w.beginArray()
            for label in labels { w.string(label) }
            w.endArray()
        }
        w.key("series")
        w.beginArray()
        for s in series { Self.write(s, to: &w) }
        w.endArray()
        w.key("x")
        Self.write(x, to: &w)
        w.key("y")
        Self.write(y, to: &w)
        w.key("annotations")
        w.beginArray()
        for (i, annotation) in annotations.enumerated() { write(annotation, xText: annotationXTexts[i], to: &w) }
        w.endArray()
        w.field("theme", theme.rawValue)
        if let background { w.field("background", CSSColor.hexString(background)) }
        if let palette { Self.writeColors("palette", palette, to: &w) }
        if let legend { w.field("legend", legend) }
        w.field("axes", axes)
        w.key("animation")
        if animation.enabled {
            w.beginObject()
            w.field("duration", animation.duration)
            w.field("easing", animation.easing.rawValue)
            w.field("delay", animation.delay)
            w.field("stagger", animation.stagger)
            if animation.repeatCount.isFinite {
                w.field("repeat", animation.repeatCount)
            } else {
                w.field("repeat", "indefinite")
            }
            w.endObject()
        } else {
            w.bool(false)
        }
        w.field("text", text.rawValue)
        w.field("compression", compression.rawValue)
        // Options that only some kinds read are written only for them (and non-default fields only when set),
        // so older canonical forms, and the ETags made from them, stay the same.
        if type == .bar {
            w.key("bars")
            w.beginObject()
            w.field("orientation", bars.orientation.rawValue)
            w.field("mode", bars.mode.rawValue)
            w.field("cornerRadius", bars.cornerRadius)
            w.field("valueLabels", bars.valueLabels)
            w.endObject()
        }
        writeKindOptions(to: &w)
        w.endObject()
        return w.bytes
    }

    private static func write(_ s: Series, to w: inout JSONWriter) {
        w.beginObject()
        if let name = s.name { w.field("name", name) }
        w.key(s.hasNumericX ? "points" : "values")
        w.beginArray()
        for (i, point) in s.points.enumerated() {
            if s.hasNumericX {
                w.beginArray()
                if let text = s.xTexts[i] { w.string(text) } else { w.number(point.x) }
            }
            if let y = point.y { w.number(y) } else { w.null() }
            if s.hasNumericX {
                if i < s.sizes.count { w.number(s.sizes[i]) }
                w.endArray()
            }
        }
        w.endArray()
        if let color = s.color { w.field("color", CSSColor.hexString(color)) }
        w.field("curve", s.curve.rawValue)
        w.field("lineWidth", s.lineWidth)
        w.field("dots", s.dots)
        w.field("fill", s.fill.rawValue)
        if !s.strokeGradient.isEmpty { writeColors("strokeGradient", s.strokeGradient, to: &w) }
        writeDash(s.dash, to: &w)
        if let mark = s.mark { w.field("type", mark.rawValue) }
        if s.decimation != .lttb { w.field("decimation", s.decimation.rawValue) }
        w.endObject()
    }

    private static func write(_ axis: AxisOptions, to w: inout JSONWriter) {
        w.beginObject()
        if let min = axis.min { w.field("min", min) }
        if let max = axis.max { w.field("max", max) }
        w.field("tickCount", Double(axis.tickCount))
        if let title = axis.title { w.field("title", title) }
        w.field("grid", axis.grid)
        w.field("format", axis.format.specString)
        if axis.scale != .linear { w.field("type", axis.scale.rawValue) }
        if let zone = axis.timeZone { w.field("timeZone", zone) }
        if let start = axis.startText { w.field("start", start) } else if let start = axis.start { w.field("start", start) }
        if let step = axis.step { w.field("step", step) }
        w.endObject()
    }

    private func write(_ annotation: Annotation, xText: String?, to w: inout JSONWriter) {
        w.beginObject()
        switch annotation {
        case .horizontalLine(let y, let label, let color, let dash):
            w.field("type", "hline")
            w.field("y", y)
            Self.writeLine(label: label, color: color, dash: dash, to: &w)
        case .verticalLine(let x, let label, let color, let dash):
            w.field("type", "vline")
            if let xText { w.field("x", xText) } else { w.field("x", x) }
            Self.writeLine(label: label, color: color, dash: dash, to: &w)
        case .bubble(let seriesIndex, let index, let label):
            w.field("type", "bubble")
            w.field("series", Double(seriesIndex))
            let count = seriesIndex < series.count ? series[seriesIndex].points.count : 0
            w.field("index", Double(index < 0 ? index + count : index))
            if let label { w.field("label", label) }
        }
        w.endObject()
    }

    private static func writeLine(label: String?, color: Color?, dash: [Double], to w: inout JSONWriter) {
        if let label { w.field("label", label) }
        if let color { w.field("color", CSSColor.hexString(color)) }
        writeDash(dash, to: &w)
    }

    private static func writeColors(_ name: String, _ colors: [Color], to w: inout JSONWriter) {
        w.key(name)
        w.beginArray()
        for color in colors { w.string(CSSColor.hexString(color)) }
        w.endArray()
    }

    private static func writeDash(_ dash: [Double], to w: inout JSONWriter) {
        w.key("dash")
        w.beginArray()
        for length in dash { w.number(length) }
        w.endArray()
    }
}
