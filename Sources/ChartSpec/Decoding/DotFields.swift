/// How a series' `dots` is read and written: `true`/`false`, or an object `{style, radius, shape}` that turns the
/// dots on.
enum DotFields {
    static let table = FieldTable<DotOptions>([
        .choice("style", \.style),
        .number("radius", \.radius, ChartSpec.Limits.dotRadius),
        .choice("shape", \.shape),
    ])

    /// Reads `dots` onto `series`.
    static func decode(_ value: JSONValue, _ path: String, onto series: inout Series,
                       _ diagnostics: inout Diagnostics)
    {
        if case .object(let members) = value {
            series.dots = true
            table.decode(members, at: path, into: &series.dot, &diagnostics)
        } else if case .bool(let flag) = value {
            series.dots = flag
        } else {
            let got = value.kindDescription
            diagnostics.report(path, "expected true, false or an object {\"style\", \"radius\", \"shape\"}, "
                + "got \(got)")
        }
    }

    /// Writes `dots`: default dots stay `true`/`false`, as before dot options existed.
    @Sendable static func write(_ series: Series, to w: inout JSONWriter) {
        if series.dots && series.dot != DotOptions() { table.write(series.dot, to: &w) } else { w.bool(series.dots) }
    }
}
