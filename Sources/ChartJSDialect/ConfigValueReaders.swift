import ChartSpec

/// Typed reads of a Chart.js config value. Each returns nil and reports a problem at the value's Chart.js path when
/// the value has the wrong kind, so a translator reads an option in one line and moves on.
extension ConfigValue {
    /// `true` or `false`.
    func bool(_ native: inout NativeSpecBuilder) -> Bool? {
        if case .bool(let flag) = value { return flag }
        native.report(path, "expected true or false, got \(value.kindDescription)")
        return nil
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
        case .string(let text):
            // Numbers are short: a longer string is not one (and is never parsed).
            guard text.utf8.count <= 64 else { return nil }
            let trimmed = String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
            guard let number = Double(trimmed), number.isFinite else { return nil }
            return number
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
        case .number: return JSONValue.canonicalNumber(value)
        case .array(let elements):
            var lines: [String] = []
            for (i, element) in elements.enumerated() {
                switch element {
                case .string(let text): lines.append(text)
                case .number: lines.append(JSONValue.canonicalNumber(element))
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

extension JSONValue {
    /// A number as JavaScript writes it in a label: integers without a fraction (`2016`, not `2016.0`).
    static func canonicalNumber(_ value: JSONValue) -> String {
        guard case .number(let number) = value else { return "" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}
