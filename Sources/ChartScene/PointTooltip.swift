/// A data point's tooltip, `"<series> · <label>: <value>"`, kept as its three parts: the series' prefix
/// (`"Home · "`) and the category's label are strings the chart already holds, shared by every point that uses
/// them, and the value's text is short (a small string, stored inline), so a point's tooltip costs no allocation.
/// Writers write the parts one after the other; `text` joins them.
public struct PointTooltip: Hashable, Sendable {
    /// The series' name and separator, `"Home · "`: the same string for every point of a series.
    public var prefix: String
    /// The x label of the point (a category's label, a time axis' instant).
    public var label: String
    /// The point's value as the chart formats it (`68`, `1.25M`, `12,5 %`).
    public var value: String

    /// A tooltip from its parts (`text` joins them).
    public init(prefix: String, label: String, value: String) {
        self.prefix = prefix
        self.label = label
        self.value = value
    }

    /// The separator between the label and the value.
    public static let separator = ": "

    /// The whole tooltip, `prefix + label + ": " + value`.
    /// Joined in one buffer of the final size: the parts are valid strings, so nothing is re-validated.
    public var text: String {
        var text = String()
        text.reserveCapacity(utf8Count)
        text += prefix
        text += label
        text += Self.separator
        text += value
        return text
    }

    /// The length of `text` in UTF-8 bytes, without building it.
    public var utf8Count: Int {
        prefix.utf8.count + label.utf8.count + Self.separator.utf8.count + value.utf8.count
    }
}
