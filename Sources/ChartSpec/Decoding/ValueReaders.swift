import ChartScene

/// The vocabulary of field checks. Each reader returns the value when it is valid; otherwise it reports
/// one issue at `path` and returns nil, so decoding continues and every problem is collected.
/// Paths are autoclosures: a valid value never pays for building `labels[12345]`.
extension Diagnostics {
    mutating func number(_ value: JSONValue, _ path: @autoclosure () -> String,
                         in range: ClosedRange<Double>? = nil) -> Double?
    {
        guard case .number(let number) = value else {
            report(path(), "expected a number, got \(value.kindDescription)")
            return nil
        }
        if let range, !range.contains(number) {
            report(path(), "must be \(Self.show(range)), got \(Self.show(number))")
            return nil
        }
        return number
    }

    mutating func integer(_ value: JSONValue, _ path: @autoclosure () -> String, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let number) = value else {
            report(path(), "expected an integer, got \(value.kindDescription)")
            return nil
        }
        guard number == number.rounded() else {
            report(path(), "expected an integer, got \(Self.show(number))")
            return nil
        }
        guard number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            report(path(), "must be between \(range.lowerBound) and \(range.upperBound), got \(Self.show(number))")
            return nil
        }
        return Int(number)
    }

    mutating func bool(_ value: JSONValue, _ path: @autoclosure () -> String) -> Bool? {
        guard case .bool(let flag) = value else {
            report(path(), "expected true or false, got \(value.kindDescription)")
            return nil
        }
        return flag
    }

    /// A user-visible text: at most `maxTextLength` Unicode scalars and no C0/C1 control characters or DEL
    /// (they have no place in a chart label and make output unpredictable) — except "\n" between at most `lines`
    /// lines when more than one is allowed (titles).
    mutating func text(_ value: JSONValue, _ path: @autoclosure () -> String, lines: Int = 1) -> String? {
        guard case .string(let string) = value else {
            report(path(), "expected a string, got \(value.kindDescription)")
            return nil
        }
        let limit = ChartSpec.Limits.maxTextLength
        // Fast path: printable ASCII within the limit is valid as is.
        if string.utf8.count <= limit, string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return string
        }
        var count = 0, breaks = 0
        for scalar in string.unicodeScalars {
            if scalar == "\n" && lines > 1 {
                breaks += 1
                if breaks == lines {
                    report(path(), "must have at most \(lines) lines (\"\\n\" starts one), got more")
                    return nil
                }
            } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let code = String(repeating: "0", count: 4 - hex.count) + hex
                report(path(), "must not contain control characters (found U+\(code) at character \(count + 1))")
                return nil
            }
            count += 1
        }
        if count > limit {
            report(path(), "must be at most \(limit) characters (Unicode scalars), got \(count)")
            return nil
        }
        return string
    }

    /// One of an enum's raw values; adding a case to the enum makes it accepted (and listed) automatically. `parse`
    /// reads other spellings as well (`OutputFormat(name:)`: any case, `jpg`), which `alsoAccepted` adds to the list.
    mutating func choice<E: RawRepresentable & CaseIterable>(
        _: E.Type, _ value: JSONValue, _ path: @autoclosure () -> String, parse: ((String) -> E?)? = nil,
        alsoAccepted: String = ""
    ) -> E? where E.RawValue == String {
        var options: String { E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + alsoAccepted }
        guard case .string(let string) = value else {
            report(path(), "expected one of \(options), got \(value.kindDescription)")
            return nil
        }
        guard let choice = (parse ?? E.init(rawValue:))(string) else {
            report(path(), "expected one of \(options), got \(JSONPath.quoted(string))")
            return nil
        }
        return choice
    }

    mutating func color(_ value: JSONValue, _ path: @autoclosure () -> String) -> Color? {
        guard case .string(let string) = value else {
            report(path(), "\(CSSColor.acceptedForms), got \(value.kindDescription)")
            return nil
        }
        do throws(CSSColorError) {
            return try CSSColor.parse(string)
        } catch {
            report(path(), error.message)
            return nil
        }
    }

    /// An array with a bounded element count. `noun` names the elements in the message ("colors").
    mutating func array(_ value: JSONValue, _ path: @autoclosure () -> String, count: ClosedRange<Int>,
                        noun: String = "entries") -> [JSONValue]?
    {
        guard case .array(let elements) = value else {
            report(path(), "expected an array, got \(value.kindDescription)")
            return nil
        }
        return checkCount(elements.count, path(), count, noun: noun) ? elements : nil
    }

    /// Whether an array of `actual` elements is within `count`; reports it at `path` when not. Shared by `array`
    /// and the checks of a spec built in Swift (`ChartSpec.validated()`), so both say the same.
    mutating func checkCount(_ actual: Int, _ path: @autoclosure () -> String, _ count: ClosedRange<Int>,
                             noun: String = "entries") -> Bool
    {
        guard !count.contains(actual) else { return true }
        let bound = count.lowerBound == 0
            ? "at most \(count.upperBound)"
            : count.lowerBound == count.upperBound
                ? "exactly \(count.lowerBound)" : "between \(count.lowerBound) and \(count.upperBound)"
        report(path(), "must have \(bound) \(noun), got \(actual)")
        return false
    }

    mutating func object(_ value: JSONValue, _ path: @autoclosure () -> String) -> [JSONMember]? {
        guard case .object(let members) = value else {
            report(path(), "expected an object, got \(value.kindDescription)")
            return nil
        }
        return members
    }

    mutating func colors(_ value: JSONValue, _ path: @autoclosure () -> String, count: ClosedRange<Int>) -> [Color]? {
        guard let elements = array(value, path(), count: count, noun: "colors") else { return nil }
        var colors: [Color] = []
        var valid = true
        for (i, element) in elements.enumerated() {
            if let color = color(element, JSONPath.index(path(), i)) { colors.append(color) } else { valid = false }
        }
        return valid ? colors : nil
    }

    /// Dash on/off lengths: at most `maxDashEntries`, each 0…`maxDashLength`, not all zero; `[]` is solid.
    mutating func dash(_ value: JSONValue, _ path: @autoclosure () -> String) -> [Double]? {
        let limits = ChartSpec.Limits.self
        guard let elements = array(value, path(), count: 0...limits.maxDashEntries, noun: "dash lengths") else {
            return nil
        }
        var lengths: [Double] = []
        for (i, element) in elements.enumerated() {
            guard let length = number(element, JSONPath.index(path(), i), in: 0...limits.maxDashLength) else {
                return nil
            }
            lengths.append(length)
        }
        if !lengths.isEmpty && lengths.allSatisfy({ $0 == 0 }) {
            report(path(), "dash lengths must not all be zero (use [] for a solid line)")
            return nil
        }
        return lengths
    }

    /// An array of at most `count.upperBound` texts (see `text`); `noun` names them in the message ("labels").
    mutating func texts(_ value: JSONValue, _ path: @autoclosure () -> String, count: ClosedRange<Int>,
                        noun: String) -> [String]?
    {
        guard let elements = array(value, path(), count: count, noun: noun) else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(elements.count)
        var valid = true
        for (i, element) in elements.enumerated() {
            if let text = text(element, JSONPath.index(path(), i)) { texts.append(text) } else { valid = false }
        }
        return valid ? texts : nil
    }
}
