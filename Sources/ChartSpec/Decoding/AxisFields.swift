/// How `x` and `y` are read and written (onto the axis's defaults, e.g. no x grid).
enum AxisFields {
    static let table = FieldTable<AxisOptions>([
        .number("min", \.min),
        .number("max", \.max),
        .integer("tickCount", \.tickCount, ChartSpec.Limits.tickCount),
        .text("title", \.title),
        .bool("grid", \.grid),
        .custom("format", read: { axis, value, path, diagnostics in
            guard case .string(let string) = value, let format = NumberFormat(specString: string) else {
                let got = if case .string(let s) = value { JSONPath.quoted(s) } else { value.kindDescription }
                diagnostics.report(path, "expected \"auto\", \"si\", \"short\", \",\" (grouped), \",.Nf\", \".Nf\" "
                    + "(N decimals) or \".N%\" (percent) with N 0…\(ChartSpec.Limits.formatDecimals.upperBound), "
                    + "got \(got)")
                return
            }
            axis.format = format
        }, write: { axis, w in w.string(axis.format.specString) }),
        .choice("type", \.scale),
        .text("timeZone", \.timeZone),
        .custom("start", read: { axis, value, path, diagnostics in
            switch value {
            case .number(let ms): axis.start = ms
            case .string(let text) where text.utf8.count <= ChartSpec.Limits.maxTimestampLength: axis.startText = text
            default:
                let got = if case .string = value { "a longer string" } else { value.kindDescription }
                diagnostics.report(path, "expected epoch milliseconds or an ISO-8601 timestamp, got \(got)")
            }
        }, write: { axis, w in
            if let text = axis.startText { w.string(text) } else if let ms = axis.start { w.number(ms) }
        }),
        .number("step", \.step, ChartSpec.Limits.timeStep),
    ], check: { axis, path, diagnostics in
        if let min = axis.min, let max = axis.max, min >= max {
            diagnostics.report(JSONPath.member(path, "max"),
                               "must be greater than min (\(Diagnostics.show(min))), got \(Diagnostics.show(max))")
        }
    })
}
