import ChartSpec

/// A Chart.js colour option (`backgroundColor`, `borderColor`, `pointBackgroundColor`…): one colour, or one per data
/// point (an "indexable" option). Every colour is checked here, at its Chart.js path, so the native decoder never
/// sees a bad one (the native `colors` list is cycled to the point count, which would hide the original index).
enum ColorOption {
    case one(String)
    case perPoint([String])

    /// Reads `value`: a CSS colour, or an array of them. An empty string or array counts as absent (QuickChart
    /// tests `!dataset.backgroundColor`, and Chart.js falls back to its default); anything else is refused.
    static func read(_ value: ConfigValue?, _ native: inout NativeSpecBuilder) -> ColorOption? {
        guard let value else { return nil }
        switch value.value {
        case .string(let text):
            if text.isEmpty { return nil }
            return check(text, value.path, &native) ? .one(text) : nil
        case .array(let elements):
            var colors: [String] = []
            colors.reserveCapacity(elements.count)
            var valid = true
            for (i, element) in elements.enumerated() {
                guard case .string(let text) = element else {
                    native.report(JSONPath.index(value.path, i),
                                  "expected a CSS colour string, got \(element.kindDescription)")
                    valid = false
                    continue
                }
                valid = check(text, JSONPath.index(value.path, i), &native) && valid
                colors.append(text)
            }
            return valid && !colors.isEmpty ? .perPoint(colors) : nil
        default:
            native.report(value.path, "expected a CSS colour or an array of them (one per data point), got "
                + "\(value.value.kindDescription); gradients and patterns need code, which is not run")
            return nil
        }
    }

    /// Whether `text` is a CSS colour; reports the problem at `path` otherwise. The path is built only then: a list
    /// of 100,000 per-point colours would otherwise build 100,000 path strings for nothing.
    private static func check(_ text: String, _ path: @autoclosure () -> String,
                              _ native: inout NativeSpecBuilder) -> Bool {
        do throws(CSSColorError) {
            _ = try CSSColor.parse(text)
            return true
        } catch {
            native.report(path(), error.message)
            return false
        }
    }

    /// The dataset's colour: the colour, or the first of the list (as Chart.js's legend shows it).
    var first: String {
        switch self {
        case .one(let color): color
        case .perPoint(let colors): colors[0]
        }
    }

    /// The per-point colours for `count` points, as native `colors`: the list as given (a shorter one repeats there,
    /// as Chart.js 3 indexes options modulo their length), a longer one cut. nil when every point has the same colour.
    /// Never longer than the list given, so a 7-colour default palette costs 7 entries, not one per slice.
    func perPoint(count: Int) -> JSONValue? {
        guard case .perPoint(let colors) = self, colors.count > 1 else { return nil }
        return .array(colors.prefix(count).map(JSONValue.string))
    }
}
