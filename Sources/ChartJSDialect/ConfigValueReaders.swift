import ChartSpec

/// Typed reads of a Chart.js config value. Each returns nil and reports a problem at the value's Chart.js path when
/// the value has the wrong kind, so a translator reads an option in one line and moves on.
extension ConfigValue {
    /// `spanGaps` (a dataset's or `options.spanGaps`): whether nulls are bridged. A number (v3: the longest gap to
    /// bridge, in x units) bridges every gap here.
    func bridgesGaps(_ native: inout NativeSpecBuilder) -> Bool {
        if case .number(let most) = value { return most > 0 }
        return bool(&native) == true
    }

    /// A finite number, or a string holding one (Chart.js parses numeric strings: `'25'` is 25).
    func number(_ native: inout NativeSpecBuilder) -> Double? {
        if let number = numberIfAny { return number }
        native.report(path, "expected a number, got \(describedValue)")
        return nil
    }

    /// The value as a finite number when it is one or a numeric string; nil otherwise, reporting nothing.
    var numberIfAny: Double? {
        switch value {
        case .number(let number): return number.isFinite ? number : nil
        case .string(let text): return DataTranslation.numeric(text)
        default: return nil
        }
    }

    /// One of `allowed` (a Chart.js enumeration); anything else is reported with the accepted values.
    func choice(_ allowed: [String], _ native: inout NativeSpecBuilder) -> String? {
        if case .string(let text) = value, allowed.contains(text) { return text }
        let list = allowed.map { JSONPath.quoted($0) }.joined(separator: ", ")
        native.report(path, "expected one of \(list), got \(describedValue)")
        return nil
    }

    /// A text as Chart.js takes it: a string, a number, or an array of those (Chart.js draws one line per element;
    /// the elements are joined with `separator`).
    func text(joinedBy separator: String, _ native: inout NativeSpecBuilder) -> String? {
        switch value {
        case .string(let text): return text
        case .number(let number): return DatasetTranslation.javaScriptString(number)
        case .array(let elements):
            var lines: [String] = []
            for (i, element) in elements.enumerated() {
                switch element {
                case .string(let text): lines.append(text)
                case .number(let number): lines.append(DatasetTranslation.javaScriptString(number))
                default:
                    native.report(JSONPath.index(path, i), "expected a string, got \(element.kindDescription)")
                    return nil
                }
            }
            return lines.joined(separator: separator)
        default:
            native.report(path, "expected a string or an array of strings, got \(value.kindDescription)")
            return nil
        }
    }

    /// A string value quoted and shortened for a message, or the kind of anything else.
    var describedValue: String {
        if case .string(let text) = value { return JSONPath.quoted(text) }
        return value.kindDescription
    }
}
