import ChartScene

/// How `annotations` entries are read. Each kind is a `type` string, a field table and a constructor;
/// a new kind is one more entry in `kinds` (plus its `Annotation` case).
enum AnnotationFields {
    /// Every field any kind may have; each kind's table picks the ones it accepts.
    struct Draft {
        var x: Double?
        var y: Double?
        var label: String?
        var color: Color?
        var dash: [Double] = []
        var series: Int?
        var index: Int?
    }

    struct Kind: Sendable {
        let type: String
        let table: FieldTable<Draft>
        /// nil when a required field failed to decode (already reported).
        let build: @Sendable (Draft) -> Annotation?
    }

    private static let seriesIndex = 0...(ChartSpec.Limits.seriesCount.upperBound - 1)
    private static let pointIndex = -ChartSpec.Limits.maxPointsPerSeries...(ChartSpec.Limits.maxPointsPerSeries - 1)

    static let kinds: [Kind] = [
        Kind(
            type: "hline",
            table: FieldTable([.discriminator("type"), .number("y", \.y), .text("label", \.label),
                               .color("color", \.color), .dash("dash", \.dash)], required: ["y"]),
            build: { d in d.y.map { .horizontalLine(y: $0, label: d.label, color: d.color, dash: d.dash) } }),
        Kind(
            type: "vline",
            table: FieldTable([.discriminator("type"), .number("x", \.x), .text("label", \.label),
                               .color("color", \.color), .dash("dash", \.dash)], required: ["x"]),
            build: { d in d.x.map { .verticalLine(x: $0, label: d.label, color: d.color, dash: d.dash) } }),
        Kind(
            type: "bubble",
            table: FieldTable([.discriminator("type"),
                               .integer("series", \.series, seriesIndex), .integer("index", \.index, pointIndex),
                               .text("label", \.label)], required: ["series", "index"]),
            build: { d in
                guard let series = d.series, let index = d.index else { return nil }
                return .bubble(series: series, index: index, label: d.label)
            }),
    ]

    static func decode(_ value: JSONValue, _ path: String, _ diagnostics: inout Diagnostics) -> Annotation? {
        guard let members = diagnostics.object(value, path) else { return nil }
        let types = kinds.map { "\"\($0.type)\"" }.joined(separator: ", ")
        guard let typeValue = members.first(where: { $0.key == "type" })?.value else {
            diagnostics.report(JSONPath.member(path, "type"), "required field is missing (one of \(types))")
            return nil
        }
        guard case .string(let type) = typeValue, let kind = kinds.first(where: { $0.type == type }) else {
            let got = if case .string(let s) = typeValue { JSONPath.quoted(s) } else { typeValue.kindDescription }
            diagnostics.report(JSONPath.member(path, "type"), "expected one of \(types), got \(got)")
            return nil
        }
        var draft = Draft()
        kind.table.decode(members, at: path, into: &draft, &diagnostics)
        return kind.build(draft)
    }

    /// Checks that a bubble points at an existing series and point. `pointCounts[i]` is nil when series i
    /// was itself invalid (already reported), so no second, misleading error is added.
    static func checkBubble(_ annotation: Annotation, _ path: String, pointCounts: [Int?],
                            _ diagnostics: inout Diagnostics)
    {
        guard case .bubble(let series, let index, _) = annotation else { return }
        guard series < pointCounts.count else {
            diagnostics.report(JSONPath.member(path, "series"),
                               "there is no series \(series) (the spec has \(pointCounts.count))")
            return
        }
        guard let count = pointCounts[series] else { return }
        if index >= count || index < -count {
            diagnostics.report(JSONPath.member(path, "index"), "series \(series) has \(count) points, "
                + "so index must be between \(-count) and \(count - 1), got \(index)")
        }
    }
}
