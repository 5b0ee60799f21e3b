import ChartScene

extension ChartSpec {
    /// The canonical form of `ring`, `diff` and `pie` (see `canonicalJSON`): each object is written, with every
    /// field, only when it differs from the defaults, so specs that leave them out keep their canonical bytes.
    func writeKindOptions(to w: inout JSONWriter) {
        if ring != RingOptions() {
            w.key("ring")
            w.beginObject()
            w.field("thickness", ring.thickness)
            w.key("thresholds")
            w.beginArray()
            for t in ring.thresholds {
                w.beginObject()
                w.field("below", t.below)
                w.field("color", CSSColor.hexString(t.color))
                w.endObject()
            }
            w.endArray()
            w.field("label", ring.label.rawValue)
            w.key("labels")
            w.beginArray()
            for label in ring.labels { w.string(label) }
            w.endArray()
            if let track = ring.track { w.field("track", CSSColor.hexString(track)) }
            w.field("layout", ring.layout.rawValue)
            w.field("overflow", ring.overflow.rawValue)
            w.endObject()
        }
        if diff != DiffOptions() {
            w.key("diff")
            w.beginObject()
            w.field("markLeadChanges", diff.markLeadChanges)
            w.field("labels", diff.labels)
            w.field("leadLabel", diff.leadLabel)
            w.endObject()
        }
        if pie != PieOptions() {
            w.key("pie")
            w.beginObject()
            w.field("otherBelow", pie.otherBelow)
            w.field("otherLabel", pie.otherLabel)
            if let inner = pie.innerRadius { w.field("innerRadius", inner) }
            w.field("percentages", pie.percentages)
            w.endObject()
        }
    }
}
