import ChartSpec

/// `options.elements`: defaults for the options of every dataset's line, points, bars and slices, used where a
/// dataset does not set its own (`elements: {point: {radius: 0}}` hides every point).
///
/// Only the options a dataset could set are read. `backgroundColor` is not: QuickChart gives every dataset without
/// one a palette colour, which wins over the element default (lib/charts.js `addBackgroundColors`). QuickChart's
/// sparkline uses a black 1 px line without points unless `elements.line` / `elements.point` are given.
struct ElementDefaults {
    /// By element (`line`, `point`, `bar`, `arc`), the value of each dataset option name.
    private var values: [String: [String: ConfigValue]] = [:]

    /// Element option → the dataset option it is the default of.
    private static let datasetOptions: [String: [String: String]] = [
        "line": ["borderColor": "borderColor", "borderWidth": "borderWidth", "borderDash": "borderDash",
                 "tension": "tension", "fill": "fill", "stepped": "stepped",
                 "cubicInterpolationMode": "cubicInterpolationMode"],
        "point": ["radius": "pointRadius", "pointStyle": "pointStyle"],
        "bar": ["borderColor": "borderColor", "borderWidth": "borderWidth"],
        "arc": ["borderColor": "borderColor", "borderWidth": "borderWidth"],
    ]

    /// Reads `options.elements`; unknown elements and options are ignored (listed).
    static func read(_ options: inout ConfigObject, _ context: TranslationContext,
                     _ native: inout NativeSpecBuilder) -> ElementDefaults {
        var defaults = ElementDefaults()
        if let value = options.take("elements"), var elements = value.object(&native) {
            for (element, names) in datasetOptions.sorted(by: { $0.key < $1.key }) {
                guard let value = elements.take(element), var object = value.object(&native) else { continue }
                for (option, datasetOption) in names {
                    if let value = object.take(option) { defaults.values[element, default: [:]][datasetOption] = value }
                }
                object.finish(&native)
            }
            elements.finish(&native)
        }
        if context.chartType == .sparkline {
            let origin = JSONPath.member(options.path, "elements")
            func synthetic(_ value: JSONValue) -> ConfigValue { ConfigValue(value: value, path: origin, position: []) }
            if defaults.values["line"] == nil {
                defaults.values["line"] = ["borderColor": synthetic(.string("#000")),
                                           "borderWidth": synthetic(.number(1))]
            }
            if defaults.values["point"] == nil { defaults.values["point"] = ["pointRadius": synthetic(.number(0))] }
        }
        return defaults
    }

    /// The default of dataset option `option` for a dataset of `kind`.
    func value(_ option: String, for kind: SeriesKind) -> ConfigValue? {
        let elements: [String] = switch kind {
        case .line: ["line", "point"]
        case .bar: ["bar"]
        case .scatter, .bubble: ["point"]
        case .slice: ["arc"]
        }
        for element in elements { if let value = values[element]?[option] { return value } }
        return nil
    }
}
