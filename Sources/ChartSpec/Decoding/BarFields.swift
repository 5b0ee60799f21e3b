/// How `bars` (the options of a `bar` chart) is read.
enum BarFields {
    static let table = FieldTable<BarOptions>([
        .choice("orientation", \.orientation),
        .choice("mode", \.mode),
        .number("cornerRadius", \.cornerRadius, ChartSpec.Limits.cornerRadius),
        .bool("valueLabels", \.valueLabels),
    ])

    static func decode(_ value: JSONValue, _ path: String, onto bars: inout BarOptions,
                       _ diagnostics: inout Diagnostics)
    {
        guard let members = diagnostics.object(value, path) else { return }
        table.decode(members, at: path, into: &bars, &diagnostics)
    }
}
