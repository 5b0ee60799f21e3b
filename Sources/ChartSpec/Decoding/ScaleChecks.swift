/// Cross-field checks of the axis scales, run once the whole spec is read (the axes may come after the series):
/// x never decreases along a series (except in scatter charts), a log y axis needs positive values, only x can be a
/// time axis and only y a log axis, and timestamp text is
/// only meaningful on a time axis. Timestamps themselves and the zone name are checked by the layout layer,
/// which owns the calendar (`ChartLayout.resolvingTimes`).
enum ScaleChecks {
    static func check(_ spec: ChartSpec, _ diagnostics: inout Diagnostics) {
        if spec.x.scale == .log {
            diagnostics.report("x.type", "a log scale is only supported on y; use \"linear\" or \"time\" for x")
        }
        if spec.y.scale == .time {
            diagnostics.report("y.type", "a time scale is only supported on x; use \"linear\" or \"log\" for y")
        }
        if spec.x.timeZone != nil && spec.x.scale != .time {
            diagnostics.report("x.timeZone", "only a time axis has a zone; add \"type\": \"time\"")
        }
        if (spec.x.start != nil || spec.x.startText != nil || spec.x.step != nil) && spec.x.scale != .time {
            diagnostics.report("x.start", "start and step place values on a time axis; add \"type\": \"time\"")
        }
        if spec.y.timeZone != nil {
            diagnostics.report("y.timeZone", "only a time axis (x) has a zone")
        }
        for (k, series) in spec.series.enumerated() {
            let path = "series[\(k)]." + (series.hasNumericX ? "points" : "values")
            if spec.x.scale != .time, let first = series.xTexts.keys.min() {
                diagnostics.report("\(path)[\(first)][0]",
                                   "timestamps as x need a time axis (\"x\": {\"type\": \"time\"}); got text")
            }
            if series.hasNumericX && spec.type != .scatter {
                var previous = -Double.infinity
                for (i, point) in series.points.enumerated() where !point.x.isNaN {
                    if point.x < previous {
                        diagnostics.report("\(path)[\(i)][0]", "x must not decrease, got \(Diagnostics.show(point.x)) "
                            + "after \(Diagnostics.show(previous)) (only scatter points may come in any order)")
                    }
                    previous = point.x
                }
            }
            guard spec.options(of: series.axis).scale == .log else { continue }
            for (i, point) in series.points.enumerated() {
                guard let y = point.y, !(y > 0) else { continue }
                diagnostics.report(series.hasNumericX ? "\(path)[\(i)][1]" : "\(path)[\(i)]",
                                   "log scale needs positive values, got \(Diagnostics.show(y))")
            }
        }
    }
}
