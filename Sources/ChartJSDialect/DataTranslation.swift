import ChartSpec

/// A dataset's `data` → native `values` (numbers and gaps by category) or `points` (`[x, y]` or `[x, y, size]`).
///
/// Accepted, as Chart.js reads them: numbers; numeric strings (`"12.5"`); `null` (a gap); `{x, y}` and, on bubble
/// charts, `{x, y, r}` objects; `[x, y]` pairs (Chart.js 3's array form). x may be a number, epoch milliseconds or an
/// ISO-8601 string (a time axis). On a time x axis, plain numbers take their x from `labels`. The forms cannot be
/// mixed within a dataset (a `null` goes with any). Linear in the data; plain number arrays are passed on uncopied.
enum DataTranslation {
    private enum Form {
        case scalars
        case objects
        case pairs
    }

    /// Writes `values` or `points` (and `sizes` through `sizeMode`) of `series[index]`; returns the point count.
    static func translate(_ data: ConfigValue, labels: (values: [JSONValue], path: String)?, series index: Int,
                          kind: SeriesKind, _ context: TranslationContext, _ native: inout NativeSpecBuilder) -> Int {
        guard case .array(let elements) = data.value else {
            native.report(data.path, "expected an array of numbers or of {x, y} points, got "
                + "\(data.value.kindDescription)")
            return 0
        }
        let form: Form = switch elements.first(where: { $0 != .null }) {
        case .object?: .objects
        case .array?: .pairs
        default: .scalars
        }
        if form == .pairs && kind == .bar {
            native.report(JSONPath.index(data.path, elements.firstIndex(where: { $0 != .null }) ?? 0),
                          "floating bars ([start, end]) are not supported; give one number per bar")
            return 0
        }
        switch form {
        case .scalars:
            guard let values = scalars(elements, data, &native) else { return 0 }
            if context.timeX, let labels {
                let count = min(values.count, labels.values.count)
                let points = (0..<count).map { JSONValue.array([labels.values[$0], values[$0]]) }
                native.setSeries(index, ["points"], .array(points),
                                 from: .labelledValues(labels: labels.path, data: data.path))
                return count
            } else {
                native.setSeries(index, ["values"], .array(values), from: .path(data.path))
            }
            return values.count
        case .objects, .pairs:
            guard let points = points(elements, data, form: form, bubble: kind == .bubble, context, &native)
            else { return 0 }
            native.setSeries(index, ["points"], .array(points),
                             from: form == .objects ? .pointObjects(data.path) : .path(data.path))
            if kind == .bubble { native.setSeries(index, ["sizeMode"], .string("radius"), from: .path(data.path)) }
            return points.count
        }
    }

    /// Numbers and gaps; numeric strings become numbers. The input array itself when nothing needs converting.
    private static func scalars(_ elements: [JSONValue], _ data: ConfigValue, _ native: inout NativeSpecBuilder)
        -> [JSONValue]?
    {
        var converted: [JSONValue]?
        var valid = true
        for (i, element) in elements.enumerated() {
            switch element {
            case .number, .null:
                converted?.append(element)
            case .string(let text):
                guard let number = numeric(text) else {
                    native.report(JSONPath.index(data.path, i), "expected a number, a numeric string or null, got "
                        + JSONPath.quoted(text))
                    valid = false
                    continue
                }
                if converted == nil {
                    converted = Array(elements[..<i])
                    converted?.reserveCapacity(elements.count)
                }
                converted?.append(.number(number))
            default:
                native.report(JSONPath.index(data.path, i), "expected a number, a numeric string or null like the "
                    + "elements before it, got \(element.kindDescription)")
                valid = false
            }
        }
        return valid ? converted ?? elements : nil
    }

    /// `{x, y[, r]}` objects or `[x, y]` pairs → `[x, y]` or, on a bubble chart, `[x, y, r]` (r defaults to 3 px).
    private static func points(_ elements: [JSONValue], _ data: ConfigValue, form: Form, bubble: Bool,
                               _ context: TranslationContext, _ native: inout NativeSpecBuilder) -> [JSONValue]? {
        var points: [JSONValue] = []
        points.reserveCapacity(elements.count)
        var valid = true
        for (i, element) in elements.enumerated() {
            var x: JSONValue?, y: JSONValue?, r: JSONValue?
            // Paths are built only when a problem is reported.
            let at = { (key: String) in form == .objects ? JSONPath.member(JSONPath.index(data.path, i), key)
                : JSONPath.index(JSONPath.index(data.path, i), key == "x" ? 0 : 1) }
            switch (element, form) {
            case (.object(let members), .objects):
                for member in members {
                    switch member.key {
                    case "x": x = member.value
                    case "y": y = member.value
                    case "r": r = member.value
                    default: continue
                    }
                }
            case (.array(let pair), .pairs) where pair.count == 2:
                x = pair[0]
                y = pair[1]
            default:
                let expected = form == .objects ? "an {x, y} object" : "an [x, y] pair"
                native.report(JSONPath.index(data.path, i), "expected \(expected) like the elements before it, got "
                    + (element == .null ? "null (a gap needs its x: {x, y: null})" : element.kindDescription))
                valid = false
                continue
            }
            guard let xValue = coordinate(x, isX: true, timeX: context.timeX, at("x"), &native),
                  let yValue = coordinate(y, isX: false, timeX: false, at("y"), &native)
            else {
                valid = false
                continue
            }
            if xValue == .null {
                native.report(at("x"), "a point needs an x (a number or, on a time axis, a timestamp)")
                valid = false
                continue
            }
            if bubble {
                guard let radius = radius(r, JSONPath.member(JSONPath.index(data.path, i), "r"), &native) else {
                    valid = false
                    continue
                }
                points.append(.array([xValue, yValue, .number(radius)]))
            } else {
                points.append(.array([xValue, yValue]))
            }
        }
        return valid ? points : nil
    }

    /// An x or y: a number, a numeric string or null; an x may also be timestamp text (kept for the native time
    /// axis to resolve: on a time axis every string is one, elsewhere only non-numeric ones).
    private static func coordinate(_ value: JSONValue?, isX: Bool, timeX: Bool, _ path: @autoclosure () -> String,
                                   _ native: inout NativeSpecBuilder) -> JSONValue? {
        switch value {
        case nil, .null?: return .null
        case .number?: return value
        case .string(let text)?:
            if !(isX && timeX), let number = numeric(text) { return .number(number) }
            if isX { return value }
            native.report(path(), "expected a number, a numeric string or null, got \(JSONPath.quoted(text))")
            return nil
        case let other?:
            let expected = isX ? "a number, a timestamp or null" : "a number or null"
            native.report(path(), "expected \(expected), got \(other.kindDescription)")
            return nil
        }
    }

    /// A bubble's `r` in CSS px: a number ≥ 0, 3 when absent (Chart.js `elements.point.radius`).
    private static func radius(_ value: JSONValue?, _ path: @autoclosure () -> String,
                               _ native: inout NativeSpecBuilder) -> Double? {
        switch value {
        case nil, .null?: return VersionDefaults.bubbleRadius
        case .number(let r)? where r >= 0: return r
        case .string(let text)?: if let r = numeric(text), r >= 0 { return r }
        default: break
        }
        native.report(path(), "expected a radius in px (a number ≥ 0), got \(value?.kindDescription ?? "nothing")")
        return nil
    }

    /// A numeric string as JavaScript's `Number()` reads the plain decimal forms (`"12"`, `"-1.5e3"`), finite only.
    static func numeric(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.count <= 64, let number = Double(text), number.isFinite else { return nil }
        return number
    }
}
