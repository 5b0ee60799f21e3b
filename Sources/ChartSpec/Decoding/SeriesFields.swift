/// How one entry of `series` is read.
enum SeriesFields {
    static let table = FieldTable<Series>([
        .text("name", \.name),
        .custom("values") { series, value, path, diagnostics in
            if let points = diagnostics.categoryValues(value, path) {
                series.points = points
                series.hasNumericX = false
            }
        },
        .custom("points") { series, value, path, diagnostics in
            if let points = diagnostics.numericPoints(value, path) {
                series.points = points
                series.hasNumericX = true
            }
        },
        .color("color", \.color),
        .choice("curve", \.curve),
        .number("lineWidth", \.lineWidth, ChartSpec.Limits.lineWidth),
        .bool("dots", \.dots),
        .choice("fill", \.fill),
        .colors("strokeGradient", \.strokeGradient, ChartSpec.Limits.strokeGradientColors),
        .dash("dash", \.dash),
    ])

    /// Decodes one series; nil when it is not an object. Exactly one of `values` and `points` must be given.
    static func decode(_ value: JSONValue, _ path: String, _ diagnostics: inout Diagnostics) -> Series? {
        guard let members = diagnostics.object(value, path) else { return nil }
        var series = Series(points: [])
        let present = table.decode(members, at: path, into: &series, &diagnostics)
        switch (present.contains("values"), present.contains("points")) {
        case (true, true): diagnostics.report(path, "give either \"values\" or \"points\", not both")
        case (false, false):
            diagnostics.report(JSONPath.member(path, "values"), "required field is missing (or give \"points\")")
        default: break
        }
        return series
    }
}

extension Diagnostics {
    /// `values`: numbers or null (a gap), x = index.
    mutating func categoryValues(_ value: JSONValue, _ path: @autoclosure () -> String) -> [DataPoint]? {
        let limit = ChartSpec.Limits.maxPointsPerSeries
        guard let elements = array(value, path(), count: 0...limit, noun: "values") else { return nil }
        var points: [DataPoint] = []
        points.reserveCapacity(elements.count)
        var valid = true
        for (i, element) in elements.enumerated() {
            switch element {
            case .number(let y): points.append(DataPoint(x: Double(i), y: y))
            case .null: points.append(DataPoint(x: Double(i), y: nil))
            default:
                report(JSONPath.index(path(), i), "expected a number or null, got \(element.kindDescription)")
                valid = false
            }
        }
        return valid ? points : nil
    }

    /// `points`: `[x, y]` pairs with y a number or null and x never decreasing.
    mutating func numericPoints(_ value: JSONValue, _ path: @autoclosure () -> String) -> [DataPoint]? {
        let limit = ChartSpec.Limits.maxPointsPerSeries
        guard let elements = array(value, path(), count: 0...limit, noun: "points") else { return nil }
        var points: [DataPoint] = []
        points.reserveCapacity(elements.count)
        var valid = true
        var previousX = -Double.infinity
        for (i, element) in elements.enumerated() {
            guard case .array(let pair) = element, pair.count == 2 else {
                report(JSONPath.index(path(), i), "expected an [x, y] pair, got \(element.kindDescription)")
                valid = false
                continue
            }
            guard case .number(let x) = pair[0] else {
                report(JSONPath.index(JSONPath.index(path(), i), 0),
                       "expected a number, got \(pair[0].kindDescription)")
                valid = false
                continue
            }
            let y: Double?
            switch pair[1] {
            case .number(let number): y = number
            case .null: y = nil
            default:
                report(JSONPath.index(JSONPath.index(path(), i), 1),
                       "expected a number or null, got \(pair[1].kindDescription)")
                valid = false
                continue
            }
            if x < previousX {
                report(JSONPath.index(JSONPath.index(path(), i), 0),
                       "x must not decrease, got \(Self.show(x)) after \(Self.show(previousX))")
                valid = false
            }
            previousX = x
            points.append(DataPoint(x: x, y: y))
        }
        return valid ? points : nil
    }
}
