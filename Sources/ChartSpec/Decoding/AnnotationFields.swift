import ChartScene

/// How `annotations` entries are read and written. Each kind is a `type` string, a field table, a constructor and
/// its inverse; a new kind is one more entry in `kinds` (plus its `Annotation` case).
enum AnnotationFields {
    /// Every field any kind may have; each kind's table picks the ones it accepts.
    struct Draft {
        var x: Double?
        /// A vertical line's x as ISO-8601 text (its `x` is then NaN until the time axis resolves it).
        var xText: String?
        var y: Double?
        var label: String?
        var color: Color?
        var dash: [Double] = []
        var series: Int?
        var index: Int?
        var axis: ValueAxis?
        /// A box's bounds (`box.xMin` nil while `box.xMinText` holds a timestamp) and looks.
        var box = AnnotationBox()
    }

    struct Kind: Sendable {
        let type: String
        /// The kind's fields, `type` first.
        let table: FieldTable<Draft>
        /// nil when a required field failed to decode (already reported).
        let build: @Sendable (Draft) -> Annotation?
        /// The inverse of `build`, for writing: the draft of `annotation` when it is of this kind.
        let draft: @Sendable (Annotation) -> Draft?

        init(type: String, fields: [FieldTable<Draft>.Field], required: [String],
             check: (@Sendable (Draft, String, inout Diagnostics) -> Void)? = nil,
             build: @escaping @Sendable (Draft) -> Annotation?, draft: @escaping @Sendable (Annotation) -> Draft?)
        {
            self.type = type
            self.table = FieldTable([.discriminator("type", type)] + fields, required: required, check: check)
            self.build = build
            self.draft = draft
        }
    }

    private static let seriesIndex = 0...(ChartSpec.Limits.seriesCount.upperBound - 1)
    private static let pointIndex = -ChartSpec.Limits.maxPointsPerSeries...(ChartSpec.Limits.maxPointsPerSeries - 1)

    static let kinds: [Kind] = [
        Kind(
            type: "hline",
            fields: [.number("y", \.y), .text("label", \.label), .color("color", \.color), .dash("dash", \.dash),
                     .choice("axis", \.axis)],
            required: ["y"],
            build: { d in
                d.y.map { .horizontalLine(y: $0, label: d.label, color: d.color, dash: d.dash, axis: d.axis) }
            },
            draft: { annotation in
                guard case .horizontalLine(let y, let label, let color, let dash, let axis) = annotation else {
                    return nil
                }
                return Draft(y: y, label: label, color: color, dash: dash, axis: axis)
            }),
        Kind(
            type: "vline",
            fields: [instant("x", \.x, \.xText), .text("label", \.label), .color("color", \.color),
                     .dash("dash", \.dash)],
            required: ["x"],
            build: { d in d.x.map { .verticalLine(x: $0, label: d.label, color: d.color, dash: d.dash) } },
            draft: { annotation in
                guard case .verticalLine(let x, let label, let color, let dash) = annotation else { return nil }
                return Draft(x: x, label: label, color: color, dash: dash)
            }),
        Kind(
            type: "bubble",
            fields: [.integer("series", \.series, seriesIndex), .integer("index", \.index, pointIndex),
                     .text("label", \.label)],
            required: ["series", "index"],
            build: { d in
                guard let series = d.series, let index = d.index else { return nil }
                return .bubble(series: series, index: index, label: d.label)
            },
            draft: { annotation in
                guard case .bubble(let series, let index, let label) = annotation else { return nil }
                return Draft(label: label, series: series, index: index)
            }),
        Kind(
            type: "box",
            fields: [instant("xMin", \.box.xMin, \.box.xMinText, pending: nil),
                     instant("xMax", \.box.xMax, \.box.xMaxText, pending: nil),
                     .number("yMin", \.box.yMin), .number("yMax", \.box.yMax), .color("color", \.box.color),
                     .color("borderColor", \.box.borderColor), .text("label", \.box.label),
                     .choice("axis", \.box.axis)],
            required: [],
            check: { d, path, diagnostics in
                for (lo, hi, name) in [(d.box.xMin, d.box.xMax, "xMax"), (d.box.yMin, d.box.yMax, "yMax")] {
                    guard let lo, let hi, lo > hi else { continue }
                    diagnostics.report(JSONPath.member(path, name), "must not be below \(name.prefix(1))Min "
                        + "(\(Diagnostics.show(lo))), got \(Diagnostics.show(hi))")
                }
            },
            build: { d in .box(d.box) },
            draft: { annotation in
                guard case .box(let box) = annotation else { return nil }
                return Draft(box: box)
            }),
    ]

    /// Every field of every kind, as `[hline].y` (see `FieldTable.Field.nested`).
    static var fieldPaths: [String] {
        kinds.flatMap { kind in kind.table.fieldPaths.map { "[\(kind.type)]." + $0 } }
    }

    /// The canonical form of `spec.annotations`: each through its kind's table, a vertical line's timestamp as
    /// the text it was given, a bubble's negative index resolved against its series (−1 → the last point).
    static func write(_ spec: ChartSpec, to w: inout JSONWriter) {
        w.beginArray()
        for (i, annotation) in spec.annotations.enumerated() {
            for kind in kinds {
                guard var draft = kind.draft(annotation) else { continue }
                draft.xText = spec.annotationXTexts[i]
                if let series = draft.series, let index = draft.index, index < 0 {
                    draft.index = index + (series < spec.series.count ? spec.series[series].points.count : 0)
                }
                kind.table.write(draft, to: &w)
            }
        }
        w.endArray()
    }

    /// A position on x: a number (category index, numeric x, or epoch milliseconds on a time axis), or on a time
    /// axis an ISO-8601 timestamp, kept as `text` (the number `pending`) until the axis zone is known.
    private static func instant(_ name: String, _ number: FieldTable<Draft>.Field.Key<Double?>,
                                _ text: FieldTable<Draft>.Field.Key<String?>, pending: Double? = .nan)
        -> FieldTable<Draft>.Field {
        .custom(name, read: { draft, value, path, diagnostics in
            switch value {
            case .string(let string) where string.utf8.count <= ChartSpec.Limits.maxTimestampLength:
                draft[keyPath: number] = pending
                draft[keyPath: text] = string
            case .string:
                diagnostics.report(path, "expected a number or an ISO-8601 timestamp, got a longer string")
            default:
                if let x = diagnostics.number(value, path) { draft[keyPath: number] = x }
            }
        }, write: { draft, w in
            if let string = draft[keyPath: text] {
                w.string(string)
            } else if let x = draft[keyPath: number] {
                w.number(x)
            }
        })
    }

    /// The annotation at `value`, and its x as text when a vertical line gave a timestamp.
    static func decode(_ value: JSONValue, _ path: String, _ diagnostics: inout Diagnostics)
        -> (annotation: Annotation, xText: String?)?
    {
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
        return kind.build(draft).map { ($0, draft.xText) }
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
