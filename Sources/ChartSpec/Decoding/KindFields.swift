import ChartScene

/// How the per-kind option objects (`ring`, `diff`, `pie`) are read, and the checks a chart kind makes on the
/// whole spec once it is decoded (a diff needs two series, a pie one series of non-negative values).
enum KindFields {
    static let ring = FieldTable<RingOptions>([
        .number("thickness", \.thickness, ChartSpec.Limits.ringThickness),
        .custom("thresholds") { ring, value, path, diagnostics in
            guard let elements = diagnostics.array(value, path, count: ChartSpec.Limits.ringThresholds,
                                                   noun: "thresholds") else { return }
            var thresholds: [RingThreshold] = []
            for (i, element) in elements.enumerated() {
                let elementPath = JSONPath.index(path, i)
                guard let members = diagnostics.object(element, elementPath) else { continue }
                var draft = ThresholdDraft()
                threshold.decode(members, at: elementPath, into: &draft, &diagnostics)
                if let below = draft.below, let color = draft.color {
                    thresholds.append(RingThreshold(below: below, color: color))
                }
            }
            if thresholds.count == elements.count { ring.thresholds = thresholds }
        },
        .choice("label", \.label),
        .custom("labels") { ring, value, path, diagnostics in
            guard let elements = diagnostics.array(value, path, count: 0...ChartSpec.Limits.seriesCount.upperBound,
                                                   noun: "labels") else { return }
            var labels: [String] = []
            for (i, element) in elements.enumerated() {
                if let text = diagnostics.text(element, JSONPath.index(path, i)) { labels.append(text) }
            }
            if labels.count == elements.count { ring.labels = labels }
        },
        .custom("track") { ring, value, path, diagnostics in
            if let color = diagnostics.color(value, path) { ring.track = color }
        },
        .choice("layout", \.layout),
        .choice("overflow", \.overflow),
    ])

    struct ThresholdDraft {
        var below: Double?
        var color: Color?
    }

    static let threshold = FieldTable<ThresholdDraft>([
        .number("below", \.below),
        .color("color", \.color),
    ], required: ["below", "color"])

    static let diff = FieldTable<DiffOptions>([
        .bool("markLeadChanges", \.markLeadChanges),
        .bool("labels", \.labels),
        .custom("leadLabel") { diff, value, path, diagnostics in
            if let text = diagnostics.text(value, path) { diff.leadLabel = text }
        },
    ])

    static let pie = FieldTable<PieOptions>([
        .number("otherBelow", \.otherBelow, ChartSpec.Limits.pieOtherBelow),
        .custom("otherLabel") { pie, value, path, diagnostics in
            if let text = diagnostics.text(value, path) { pie.otherLabel = text }
        },
        .custom("innerRadius") { pie, value, path, diagnostics in
            if let r = diagnostics.number(value, path, in: ChartSpec.Limits.pieInnerRadius) { pie.innerRadius = r }
        },
        .bool("percentages", \.percentages),
    ])

    /// Reads an options object onto `target` (which holds the defaults).
    static func decode<T>(_ table: FieldTable<T>, _ value: JSONValue, _ path: String, onto target: inout T,
                          _ diagnostics: inout Diagnostics) {
        guard let members = diagnostics.object(value, path) else { return }
        table.decode(members, at: path, into: &target, &diagnostics)
    }

    /// The checks of the spec's chart kind that need the decoded series.
    /// `seriesCount` is the length of the JSON `series` array (0 when it was missing or not an array: already
    /// reported, so the count is not checked again).
    static func check(_ spec: ChartSpec, seriesCount: Int, _ diagnostics: inout Diagnostics) {
        switch spec.type {
        case .diff:
            if seriesCount > 0, seriesCount != 2 {
                diagnostics.report("series", "a diff chart needs exactly 2 series (e.g. home and guest; the line "
                    + "is series 0 minus series 1), got \(seriesCount)")
            }
        case .pie, .doughnut:
            if seriesCount > 1 {
                diagnostics.report("series", "a \(spec.type.rawValue) chart takes exactly 1 series (its values "
                    + "are the slices, named by \"labels\"), got \(seriesCount)")
            }
            for (k, series) in spec.series.enumerated() {
                let values = series.hasNumericX ? "points" : "values"
                for (i, point) in series.points.enumerated() {
                    guard let y = point.y, y < 0 else { continue }
                    let at = JSONPath.index(JSONPath.member(JSONPath.index("series", k), values), i)
                    diagnostics.report(series.hasNumericX ? JSONPath.index(at, 1) : at,
                                       "a slice cannot be negative, got \(Diagnostics.show(y))")
                }
            }
        default:
            break
        }
    }
}
