/// How `x` and `y` are read and written (onto the axis's defaults, e.g. no x grid).
enum AxisFields {
    static let table = FieldTable<AxisOptions>([
        .number("min", \.min),
        .number("max", \.max),
        .integer("tickCount", \.tickCount, ChartSpec.Limits.tickCount),
        .text("title", \.title),
        .custom("grid", read: { axis, value, path, diagnostics in
            if case .object(let members) = value {
                axis.grid = true
                gridTable.decode(members, at: path, into: &axis, &diagnostics)
            } else if case .bool(let flag) = value {
                axis.grid = flag
            } else {
                let got = value.kindDescription
                diagnostics.report(path, "expected true, false or an object {\"dash\"}, got \(got)")
            }
        }, write: { axis, w in
            // Plain grid lines stay `true`/`false`, as before grid options existed.
            if axis.grid && !axis.gridDash.isEmpty { gridTable.write(axis, to: &w) } else { w.bool(axis.grid) }
        }),
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
        // Written only when false: axes that show (all of them before `show` existed) keep their ETags.
        .custom("show", read: { axis, value, path, diagnostics in
            if let flag = diagnostics.bool(value, path) { axis.show = flag }
        }, write: { axis, w in
            if !axis.show { w.bool(false) }
        }),
        .number("tickStep", \.tickStep, ChartSpec.Limits.tickStep),
        .number("softMin", \.softMin),
        .number("softMax", \.softMax),
        .bool("zero", \.zero),
    ], check: { axis, path, diagnostics in
        if let min = axis.min, let max = axis.max, min >= max {
            diagnostics.report(JSONPath.member(path, "max"),
                               "must be greater than min (\(Diagnostics.show(min))), got \(Diagnostics.show(max))")
        }
    })
}

extension AxisFields {
    /// `grid` given as an object (`{"dash": [4, 4]}`): grid lines on, with these options.
    static let gridTable = FieldTable<AxisOptions>([
        .dash("dash", \.gridDash),
    ])
}
