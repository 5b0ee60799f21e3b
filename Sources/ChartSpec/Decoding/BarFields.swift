/// How `bars` (the options of a `bar` chart) is read and written.
enum BarFields {
    static let table = FieldTable<BarOptions>([
        .choice("orientation", \.orientation),
        .choice("mode", \.mode),
        .number("cornerRadius", \.cornerRadius, ChartSpec.Limits.cornerRadius),
        .bool("valueLabels", \.valueLabels),
        .number("barFraction", \.barFraction, ChartSpec.Limits.barFraction),
        .number("categoryFraction", \.categoryFraction, ChartSpec.Limits.barFraction),
    ])
}
