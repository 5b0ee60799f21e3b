import ChartScene

/// How the per-kind option objects (`ring`, `diff`, `pie`) are read and written, and the checks a chart kind makes
/// on the whole spec once it is decoded (a diff needs two series, a pie one series of non-negative values).
enum KindFields {
    static let ring = FieldTable<RingOptions>([
        .number("thickness", \.thickness, ChartSpec.Limits.ringThickness),
        .custom("thresholds", nested: threshold.arrayPaths, read: { ring, value, path, diagnostics in
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
        }, write: { ring, w in
            w.beginArray()
            for t in ring.thresholds { threshold.write(ThresholdDraft(below: t.below, color: t.color), to: &w) }
            w.endArray()
        }),
        .choice("label", \.label),
        .texts("labels", \.labels, 0...ChartSpec.Limits.seriesCount.upperBound, noun: "labels"),
        .color("track", \.track),
        .choice("layout", \.layout),
        .choice("overflow", \.overflow),
    ])

    /// One ring threshold while it is read: both fields are required, so a missing one leaves it out.
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
        .text("leadLabel", \.leadLabel),
    ])

    static let pie = FieldTable<PieOptions>([
        .number("otherBelow", \.otherBelow, ChartSpec.Limits.pieOtherBelow),
        .text("otherLabel", \.otherLabel),
        .number("innerRadius", \.innerRadius, ChartSpec.Limits.pieInnerRadius),
        .bool("percentages", \.percentages),
        .number("rotation", \.rotation, ChartSpec.Limits.pieRotation),
        .number("circumference", \.circumference, ChartSpec.Limits.pieCircumference),
        .bool("sliceValues", \.sliceValues),
    ])

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
            if spec.y.scale == .log {
                diagnostics.report("y.type", "a diff chart draws a difference, which can be zero or negative, so its y "
                    + "axis cannot be a log scale; use \"linear\"")
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
        case .radar:
            checkRadar(spec, seriesCount: seriesCount, &diagnostics)
        default:
            break
        }
    }

    /// A radar needs 3…`Limits.radarSpokes` spokes (its labels, or its longest series' values), category values
    /// (one per spoke, not x/y points) and a linear scale (its center is a value, which a log scale cannot reach).
    static func checkRadar(_ spec: ChartSpec, seriesCount: Int, _ diagnostics: inout Diagnostics) {
        let limit = ChartSpec.Limits.radarSpokes
        for (k, series) in spec.series.enumerated() where series.hasNumericX {
            diagnostics.report(JSONPath.member(JSONPath.index("series", k), "points"), "a radar chart takes "
                + "\"values\" (one per spoke, named by \"labels\"), not x/y points")
        }
        let labels = spec.labels?.count ?? 0
        var longest = (index: -1, count: 0)
        for (k, series) in spec.series.enumerated() where series.points.count > longest.count {
            longest = (k, series.points.count)
        }
        let spokes = max(labels, longest.count)
        if seriesCount > 0, spokes < limit.lowerBound {
            diagnostics.report(labels > 0 ? "labels" : "series", "a radar chart needs at least "
                + "\(limit.lowerBound) spokes (labels or values per series), got \(spokes)")
        } else if spokes > limit.upperBound {
            let path = labels >= longest.count ? "labels"
                : JSONPath.member(JSONPath.index("series", longest.index), "values")
            diagnostics.report(path, "a radar chart has at most \(limit.upperBound) spokes, got \(spokes)")
        }
        if spec.y.scale == .log {
            diagnostics.report("y.type", "a radar chart's scale starts at its center, which a log scale cannot "
                + "place; use \"linear\"")
        }
    }
}
