/// How the top-level object is read into a `ChartSpec` and written canonically (`ChartSpec.canonicalJSON`).
/// Cross-field checks that need the whole spec (total points, bubble targets) run after the table, in `decode`.
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
        .custom("format", read: { draft, value, path, diagnostics in
            draft.spec.format = diagnostics.choice(OutputFormat.self, value, path, parse: { OutputFormat(name: $0) },
                                                   alsoAccepted: " (or \"jpg\", in any letter case)")
        }, write: { draft, w in
            if let format = draft.spec.format { w.string(format.rawValue) }
        }),
        .text("title", \.spec.title, lines: ChartSpec.Limits.titleLines),
        .object("titleStyle", \.spec.titleStyle, HeaderFields.titleStyle, empty: TitleStyle()),
        .text("subtitle", \.spec.subtitle),
        .texts("labels", \.spec.labels, 0...ChartSpec.Limits.maxLabels, noun: "labels"),
        .custom("series", nested: SeriesFields.table.arrayPaths, read: readSeries,
                write: { draft, w in
                    w.beginArray()
                    for series in draft.spec.series { SeriesFields.table.write(series, to: &w) }
                    w.endArray()
                }),
        .object("x", \.spec.x, AxisFields.table),
        .object("y", \.spec.y, AxisFields.table),
        .custom("y2", nested: AxisFields.table.objectPaths, read: { draft, value, path, diagnostics in
            guard let members = diagnostics.object(value, path) else { return }
            var axis = draft.spec.options(of: .y2)
            AxisFields.table.decode(members, at: path, into: &axis, &diagnostics)
            draft.spec.y2 = axis
        }, write: { draft, w in
            if let axis = draft.spec.y2 { AxisFields.table.write(axis, to: &w) }
        }),
        .custom("annotations", nested: AnnotationFields.fieldPaths, read: readAnnotations,
                write: { draft, w in AnnotationFields.write(draft.spec, to: &w) }),
        .choice("theme", \.spec.theme),
        .color("background", \.spec.background),
        .colors("palette", \.spec.palette, ChartSpec.Limits.paletteColors),
        HeaderFields.legend,
        .bool("axes", \.spec.axes),
        .custom("animation", nested: AnimationFields.table.objectPaths,
                read: { draft, value, path, diagnostics in
                    AnimationFields.read(value, path, into: &draft.spec.animation, &diagnostics)
                },
                write: { draft, w in AnimationFields.write(draft.spec.animation, to: &w) }),
        .choice("text", \.spec.text),
        .object("font", \.spec.font, FontFields.table, empty: FontOptions()),
        .locale("locale", \.spec.locale),
        .choice("compression", \.spec.compression),
        .integer("quality", \.spec.quality, ChartSpec.Limits.quality),
        .object("bars", \.spec.bars, BarFields.table),
        .object("ring", \.spec.ring, KindFields.ring),
        .object("diff", \.spec.diff, KindFields.diff),
        .object("pie", \.spec.pie, KindFields.pie),
        .choice("direction", \.spec.direction),
        .bool("mirrorAxes", \.spec.mirrorAxes),
    ], required: ["series"])

    /// `series`: each entry through `SeriesFields`, with the total point limit.
    private static func readSeries(_ draft: inout Draft, _ value: JSONValue, _ path: String,
                                   _ diagnostics: inout Diagnostics)
    {
        guard let elements = diagnostics.array(value, path, count: ChartSpec.Limits.seriesCount, noun: "series")
        else { return }
        for (i, element) in elements.enumerated() {
            let before = diagnostics.reportedCount
            let series = SeriesFields.decode(element, JSONPath.index(path, i), &diagnostics)
            let valid = diagnostics.reportedCount == before
            draft.seriesPointCounts.append(valid ? series?.points.count : nil)
            if let series { draft.spec.series.append(series) }
        }
        checkTotalPoints(draft.seriesPointCounts.reduce(0) { $0 + ($1 ?? 0) }, path, &diagnostics)
    }

    /// The limit on all series' points together, at `series` (shared with `ChartSpec.validated()`).
    static func checkTotalPoints(_ total: Int, _ path: String, _ diagnostics: inout Diagnostics) {
        if total > ChartSpec.Limits.maxTotalPoints {
            diagnostics.report(path, "the series have \(total) points in total; the limit is "
                + "\(ChartSpec.Limits.maxTotalPoints)")
        }
    }

    /// `annotations`: each entry through `AnnotationFields`, checked against the series once all are read.
    private static func readAnnotations(_ draft: inout Draft, _ value: JSONValue, _ path: String,
                                        _ diagnostics: inout Diagnostics)
    {
        let limit = ChartSpec.Limits.maxAnnotations
        guard let elements = diagnostics.array(value, path, count: 0...limit, noun: "annotations") else { return }
        for (i, element) in elements.enumerated() {
            let elementPath = JSONPath.index(path, i)
            if let (annotation, xText) = AnnotationFields.decode(element, elementPath, &diagnostics) {
                if let xText { draft.spec.annotationXTexts[draft.annotationSites.count] = xText }
                draft.annotationSites.append((annotation, elementPath))
            }
        }
    }

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
        SecondAxisChecks.check(draft.spec, annotationPaths: draft.annotationSites.map(\.path), &diagnostics)
        KindFields.check(draft.spec, seriesCount: draft.seriesPointCounts.count, &diagnostics)
        ChartSpec.checkRasterBudget(draft.spec, renderingAs: format ?? draft.spec.format, &diagnostics)
        return draft.spec
    }
}
