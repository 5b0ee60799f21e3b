/// Cross-field checks of the second value axis (`y2`, series and annotations with `axis`) and of box annotations,
/// run once the whole spec is read: `y2` is drawn by line, area and vertical bar charts only, beside unstacked bars,
/// with a linear or log scale; an annotation can only be measured on `y2` when a series is; a box's x timestamps
/// need a time axis.
enum SecondAxisChecks {
    /// `annotationPaths[i]` is the JSON path of `spec.annotations[i]`.
    static func check(_ spec: ChartSpec, annotationPaths: [String], _ diagnostics: inout Diagnostics) {
        let kindHasY2 = spec.type == .line || spec.type == .area
            || (spec.type == .bar && spec.bars.orientation == .vertical)
        for (k, series) in spec.series.enumerated() where series.axis == .y2 {
            let path = JSONPath.member(JSONPath.index("series", k), "axis")
            if !kindHasY2 {
                let kind = spec.type == .bar ? "horizontal bar" : spec.type.rawValue
                diagnostics.report(path, "a second y axis is drawn by line, area and vertical bar charts, "
                    + "not by a \(kind) chart")
            } else if spec.type == .bar, spec.bars.mode == .stacked, series.mark != .line {
                diagnostics.report(path, "stacked bars share one axis; only a series drawn as a line "
                    + "(\"type\": \"line\") can be on y2 in a stacked bar chart")
            }
        }
        if spec.y2?.scale == .time {
            diagnostics.report("y2.type", "a time scale is only supported on x; use \"linear\" or \"log\" for y2")
        }
        if spec.y2?.timeZone != nil {
            diagnostics.report("y2.timeZone", "only a time axis (x) has a zone")
        }
        for (i, annotation) in spec.annotations.enumerated() where i < annotationPaths.count {
            let path = annotationPaths[i]
            let axis: ValueAxis?
            switch annotation {
            case .horizontalLine(_, _, _, _, let lineAxis): axis = lineAxis
            case .box(let box):
                axis = box.axis
                for (text, name) in [(box.xMinText, "xMin"), (box.xMaxText, "xMax")]
                where text != nil && spec.x.scale != .time {
                    diagnostics.report(JSONPath.member(path, name),
                                       "a timestamp as x needs a time axis (\"x\": {\"type\": \"time\"}); got text")
                }
            default: axis = nil
            }
            if axis == .y2 && !spec.hasY2 {
                diagnostics.report(JSONPath.member(path, "axis"), "no series is on y2 (give a series "
                    + "\"axis\": \"y2\"), so there is no y2 to measure on")
            }
        }
    }
}
