/// How `x` and `y` are read.
enum AxisFields {
    static let table = FieldTable<AxisOptions>([
        .number("min", \.min),
        .number("max", \.max),
        .integer("tickCount", \.tickCount, ChartSpec.Limits.tickCount),
        .text("title", \.title),
        .bool("grid", \.grid),
        .custom("format") { axis, value, path, diagnostics in
            guard case .string(let string) = value, let format = NumberFormat(specString: string) else {
                let got = if case .string(let s) = value { JSONPath.quoted(s) } else { value.kindDescription }
                diagnostics.report(path, "expected \"auto\", \"si\", \"short\", \",\" (grouped), \",.Nf\", \".Nf\" "
                    + "(N decimals) or \".N%\" (percent) with N 0…\(ChartSpec.Limits.formatDecimals.upperBound), "
                    + "got \(got)")
                return
            }
            axis.format = format
        },
        .choice("type", \.scale),
        .text("timeZone", \.timeZone),
        .custom("start") { axis, value, path, diagnostics in
            switch value {
            case .number(let ms): axis.start = ms
            case .string(let text) where text.utf8.count <= ChartSpec.Limits.maxTimestampLength: axis.startText = text
            default:
                let got = if case .string = value { "a longer string" } else { value.kindDescription }
                diagnostics.report(path, "expected epoch milliseconds or an ISO-8601 timestamp, got \(got)")
            }
        },
        .custom("step") { axis, value, path, diagnostics in
            if let ms = diagnostics.number(value, path, in: ChartSpec.Limits.timeStep) { axis.step = ms }
        },
    ])

    /// Decodes onto `axis` (which carries the axis's defaults, e.g. no x grid).
    static func decode(_ value: JSONValue, _ path: String, onto axis: inout AxisOptions,
                       _ diagnostics: inout Diagnostics)
    {
        guard let members = diagnostics.object(value, path) else { return }
        table.decode(members, at: path, into: &axis, &diagnostics)
        if let min = axis.min, let max = axis.max, min >= max {
            diagnostics.report(JSONPath.member(path, "max"),
                               "must be greater than min (\(Diagnostics.show(min))), got \(Diagnostics.show(max))")
        }
    }
}
