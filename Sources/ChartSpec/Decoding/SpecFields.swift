/// How the top-level object is read into a `ChartSpec`. Cross-field checks that need the whole spec
/// (total points, bubble targets) run after the table, in `decode`.
enum SpecFields {
    struct Draft {
        var spec = ChartSpec()
        /// Point count of each entry of `series`, nil for an entry that failed to decode.
        var seriesPointCounts: [Int?] = []
        /// Annotations with their JSON index, checked once the series are known.
        var annotationSites: [(annotation: Annotation, path: String)] = []
    }

    static let table = FieldTable<Draft>([
        .choice("type", \.spec.type),
        .wholeNumber("width", \.spec.width, ChartSpec.Limits.canvasSize),
        .wholeNumber("height", \.spec.height, ChartSpec.Limits.canvasSize),
        .number("scale", \.spec.scale, ChartSpec.Limits.scale),
        .choice("format", \.spec.format),
        .text("title", \.spec.title),
        .text("subtitle", \.spec.subtitle),
        .custom("labels") { draft, value, path, diagnostics in
            if let labels = diagnostics.labels(value, path) { draft.spec.labels = labels }
        },
        .custom("series") { draft, value, path, diagnostics in
            guard let elements = diagnostics.array(value, path, count: ChartSpec.Limits.seriesCount, noun: "series")
            else { return }
            for (i, element) in elements.enumerated() {
                let before = diagnostics.reportedCount
                let series = SeriesFields.decode(element, JSONPath.index(path, i), &diagnostics)
                let valid = diagnostics.reportedCount == before
                draft.seriesPointCounts.append(valid ? series?.points.count : nil)
                if let series { draft.spec.series.append(series) }
            }
            let total = draft.seriesPointCounts.reduce(0) { $0 + ($1 ?? 0) }
            if total > ChartSpec.Limits.maxTotalPoints {
                diagnostics.report(path, "the series have \(total) points in total; the limit is "
                    + "\(ChartSpec.Limits.maxTotalPoints)")
            }
        },
        .custom("x") { draft, value, path, diagnostics in
            AxisFields.decode(value, path, onto: &draft.spec.x, &diagnostics)
        },
        .custom("y") { draft, value, path, diagnostics in
            AxisFields.decode(value, path, onto: &draft.spec.y, &diagnostics)
        },
        .custom("annotations") { draft, value, path, diagnostics in
            let limit = ChartSpec.Limits.maxAnnotations
            guard let elements = diagnostics.array(value, path, count: 0...limit, noun: "annotations") else { return }
            for (i, element) in elements.enumerated() {
                let elementPath = JSONPath.index(path, i)
                if let (annotation, xText) = AnnotationFields.decode(element, elementPath, &diagnostics) {
                    if let xText { draft.spec.annotationXTexts[draft.annotationSites.count] = xText }
                    draft.annotationSites.append((annotation, elementPath))
                }
            }
        },
        .choice("theme", \.spec.theme),
        .color("background", \.spec.background),
        .colors("palette", \.spec.palette, ChartSpec.Limits.paletteColors),
        .bool("legend", \.spec.legend),
        .bool("axes", \.spec.axes),
        .custom("animation") { draft, value, path, diagnostics in
            if let animation = AnimationFields.decode(value, path, &diagnostics) { draft.spec.animation = animation }
        },
        .choice("text", \.spec.text),
        .choice("compression", \.spec.compression),
        .custom("bars") { draft, value, path, diagnostics in
            BarFields.decode(value, path, onto: &draft.spec.bars, &diagnostics)
        },
        .custom("ring") { draft, value, path, diagnostics in
            KindFields.decode(KindFields.ring, value, path, onto: &draft.spec.ring, &diagnostics)
        },
        .custom("diff") { draft, value, path, diagnostics in
            KindFields.decode(KindFields.diff, value, path, onto: &draft.spec.diff, &diagnostics)
        },
        .custom("pie") { draft, value, path, diagnostics in
            KindFields.decode(KindFields.pie, value, path, onto: &draft.spec.pie, &diagnostics)
        },
    ], required: ["series"])

    static func decode(_ root: JSONValue, renderingAs format: OutputFormat?, _ diagnostics: inout Diagnostics)
        -> ChartSpec
    {
        var draft = Draft()
        guard case .object(let members) = root else {
            diagnostics.report("", "expected a JSON object at the top level, got \(root.kindDescription)")
            return draft.spec
        }
        table.decode(members, at: "", into: &draft, &diagnostics)
        for site in draft.annotationSites {
            AnnotationFields.checkBubble(site.annotation, site.path, pointCounts: draft.seriesPointCounts,
                                         &diagnostics)
        }
        draft.spec.annotations = draft.annotationSites.map(\.annotation)
        if draft.spec.x.scale != .time {
            for (i, site) in draft.annotationSites.enumerated() where draft.spec.annotationXTexts[i] != nil {
                diagnostics.report(JSONPath.member(site.path, "x"),
                                   "a timestamp as x needs a time axis (\"x\": {\"type\": \"time\"}); got text")
            }
        }
        ScaleChecks.check(draft.spec, &diagnostics)
        KindFields.check(draft.spec, seriesCount: draft.seriesPointCounts.count, &diagnostics)
        ChartSpec.checkRasterBudget(draft.spec, renderingAs: format ?? draft.spec.format, &diagnostics)
        return draft.spec
    }
}
