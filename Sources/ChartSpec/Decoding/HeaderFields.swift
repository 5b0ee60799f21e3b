/// How the options of the title and the legend are read and written: `titleStyle` and `legend`.
enum HeaderFields {
    /// `titleStyle`: `{"color", "size"}`.
    static let titleStyle = FieldTable<TitleStyle>([
        .color("color", \.color),
        .number("size", \.size, ChartSpec.Limits.titleSize),
    ])

    /// `legend` given as an object: `{"show", "position"}`.
    static let legendTable = FieldTable<ChartSpec>([
        .bool("show", \.legend),
        .choice("position", \.legendPosition),
    ])

    /// `legend`: `true`, `false` or an object. Written as the plain flag (or left out) without a position, as before
    /// positions existed, so earlier ETags stay valid; as the object with one.
    static let legend = FieldTable<SpecFields.Draft>.Field.custom(
        "legend", nested: legendTable.objectPaths,
        read: { draft, value, path, diagnostics in
            switch value {
            case .bool(let flag): draft.spec.legend = flag
            case .object(let members): legendTable.decode(members, at: path, into: &draft.spec, &diagnostics)
            default:
                let got = value.kindDescription
                diagnostics.report(path, "expected true, false or an object {\"show\", \"position\"}, got \(got)")
            }
        },
        write: { draft, w in
            if draft.spec.legendPosition != nil {
                legendTable.write(draft.spec, to: &w)
            } else if let flag = draft.spec.legend {
                w.bool(flag)
            }
        })
}
