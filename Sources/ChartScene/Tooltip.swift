/// What a group's `<title>` says: a text, or a data point's tooltip kept as its parts (`PointTooltip`).
///
/// A point's parts are strings the chart already holds (the series' prefix, the category's label), so a chart with
/// a dot at each of 64,000 points allocates no joined string per point: joined, 200-character CJK names and labels
/// made 77 MB of tooltips, most of the cost of a chart the budget then refused. Writers write the parts one after
/// the other; `text` joins them.
///
/// Two tooltips are equal when their texts are: the parts are how a tooltip is stored, not what it means.
public enum Tooltip: Sendable {
    case text(String)
    /// Boxed, so a group's optional tooltip stays the size of a string.
    indirect case point(PointTooltip)

    /// The whole text.
    public var text: String {
        switch self {
        case .text(let text): text
        case .point(let point): point.text
        }
    }

    /// The length of `text` in UTF-8 bytes, without building it.
    public var utf8Count: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .point(let point): point.utf8Count
        }
    }
}

extension Tooltip: Hashable {
    public static func == (a: Tooltip, b: Tooltip) -> Bool {
        switch (a, b) {
        case (.text(let x), .text(let y)): x == y
        case (.point(let x), .point(let y)): x == y || x.text == y.text
        default: a.text == b.text
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}

extension Tooltip: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {
        self = .text(value)
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .text(String(stringInterpolation: stringInterpolation))
    }
}
