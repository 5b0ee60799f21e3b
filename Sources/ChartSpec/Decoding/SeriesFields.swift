import ChartScene

/// How one entry of `series` is read and written.
enum SeriesFields {
    static let table = FieldTable<Series>([
        .text("name", \.name),
        .custom("values", read: { series, value, path, diagnostics in
            if let points = diagnostics.categoryValues(value, path) {
                series.points = points
                series.hasNumericX = false
            }
        }, write: { series, w in
            guard !series.hasNumericX else { return }
            w.beginArray()
            for point in series.points {
                if let y = point.y { w.number(y) } else { w.null() }
            }
            w.endArray()
        }),
        .custom("points", read: { series, value, path, diagnostics in
            if let read = diagnostics.numericPoints(value, path) {
                series.points = read.points
                series.sizes = read.sizes
                series.xTexts = read.texts
                series.hasNumericX = true
            }
        }, write: { series, w in
            guard series.hasNumericX else { return }
            w.beginArray()
            for (i, point) in series.points.enumerated() {
                w.beginArray()
                if let text = series.xTexts[i] { w.string(text) } else { w.number(point.x) }
                if let y = point.y { w.number(y) } else { w.null() }
                if i < series.sizes.count { w.number(series.sizes[i]) }
                w.endArray()
            }
            w.endArray()
        }),
        .choice("sizeMode", \.sizeMode),
        .color("color", \.color),
        .custom("colors", read: { series, value, path, diagnostics in
            if let colors = diagnostics.optionalColors(value, path) { series.colors = colors }
        }, write: { series, w in
            guard !series.colors.isEmpty else { return }
            w.beginArray()
            for color in series.colors {
                if let color { w.string(CSSColor.hexString(color)) } else { w.null() }
            }
            w.endArray()
        }),
        .color("borderColor", \.borderColor),
        .number("borderWidth", \.borderWidth, ChartSpec.Limits.borderWidth),
        .choice("curve", \.curve),
        .number("lineWidth", \.lineWidth, ChartSpec.Limits.lineWidth),
        .bool("line", \.line),
        .bool("spanGaps", \.spanGaps),
        .custom("dots", read: { series, value, path, diagnostics in
            DotFields.decode(value, path, onto: &series, &diagnostics)
        }, write: DotFields.write),
        .choice("fill", \.fill),
        .number("fillOpacity", \.fillOpacity, ChartSpec.Limits.fillOpacity),
        .color("fillColor", \.fillColor),
        .choice("fillTo", \.fillTo),
        .colors("strokeGradient", \.strokeGradient, ChartSpec.Limits.strokeGradientColors),
        .dash("dash", \.dash),
        .choice("type", \.mark),
        .choice("axis", \.axis),
        .choice("decimation", \.decimation),
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
        if series.colors.count > series.points.count {
            diagnostics.report(JSONPath.member(path, "colors"), "at most one color per point: the series has "
                + "\(series.points.count) points, got \(series.colors.count) colors")
        }
        if series.sizeMode == .radius {
            let limit = ChartSpec.Limits.bubbleRadius
            for (i, size) in series.sizes.enumerated() where !limit.contains(size) {
                let at = JSONPath.index(JSONPath.index(JSONPath.member(path, "points"), i), 2)
                diagnostics.report(at, "with \"sizeMode\": \"radius\" the third element is a radius in CSS px "
                    + "\(Diagnostics.show(limit)), got \(Diagnostics.show(size))")
                if diagnostics.isFull { break }
            }
        }
        return series
    }
}

extension Diagnostics {
    /// `colors`: CSS colors or null (the series color), at most `maxPointsPerSeries` (the point count is checked
    /// once the whole series is read).
    mutating func optionalColors(_ value: JSONValue, _ path: @autoclosure () -> String) -> [Color?]? {
        let limit = ChartSpec.Limits.maxPointsPerSeries
        guard let elements = array(value, path(), count: 0...limit, noun: "colors") else { return nil }
        var colors: [Color?] = []
        colors.reserveCapacity(elements.count)
        var valid = true
        for (i, element) in elements.enumerated() {
            if case .null = element {
                colors.append(nil)
            } else if let color = color(element, JSONPath.index(path(), i)) {
                colors.append(color)
            } else {
                valid = false
            }
        }
        return valid ? colors : nil
    }

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

    /// `points`: `[x, y]` or `[x, y, size]` with y a number or null, size a number ≥ 0 (bubble charts) and x a
    /// number or an ISO-8601 timestamp (kept as text until the time axis resolves it). That x never decreases is
    /// checked once the chart type is known (`ScaleChecks`): scatter points may come in any order.
    /// Either all points carry a size or none does.
    mutating func numericPoints(_ value: JSONValue, _ path: @autoclosure () -> String)
        -> (points: [DataPoint], sizes: [Double], texts: [Int: String])?
    {
        let limit = ChartSpec.Limits.maxPointsPerSeries
        guard let elements = array(value, path(), count: 0...limit, noun: "points") else { return nil }
        var points: [DataPoint] = []
        points.reserveCapacity(elements.count)
        var sizes: [Double] = []
        var texts: [Int: String] = [:]
        var valid = true
        for (i, element) in elements.enumerated() {
            guard case .array(let pair) = element, pair.count == 2 || pair.count == 3 else {
                let got = if case .array(let other) = element { "an array of \(other.count) elements" } else {
                    element.kindDescription
                }
                report(JSONPath.index(path(), i), "expected an [x, y] pair or [x, y, size], got \(got)")
                valid = false
                continue
            }
            var x = Double.nan
            switch pair[0] {
            case .number(let number): x = number
            case .string(let text) where text.utf8.count <= ChartSpec.Limits.maxTimestampLength: texts[i] = text
            default:
                report(JSONPath.index(JSONPath.index(path(), i), 0),
                       "expected a number or an ISO-8601 timestamp, got \(pair[0].kindDescription)")
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
            if pair.count == 3 {
                if let size = number(pair[2], JSONPath.index(JSONPath.index(path(), i), 2),
                                     in: 0...Double.greatestFiniteMagnitude) {
                    sizes.append(size)
                } else {
                    valid = false
                }
            }
            points.append(DataPoint(x: x, y: y))
        }
        if !sizes.isEmpty && sizes.count != points.count && valid {
            report(path(), "either every point has a size (third element) or none does")
            valid = false
        }
        return valid ? (points, sizes, texts) : nil
    }
}
