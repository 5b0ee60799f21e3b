/// The Chart.js chart types we translate, and the native chart type each becomes.
enum ChartJSType: String, CaseIterable {
    case bar, horizontalBar, line, pie, doughnut, scatter, bubble, radar, sparkline

    /// The native `type`.
    var nativeType: String {
        switch self {
        case .bar, .horizontalBar: "bar"
        case .line, .sparkline: "line"
        case .pie: "pie"
        case .doughnut: "doughnut"
        case .scatter, .bubble: "scatter"
        case .radar: "radar"
        }
    }

    /// Round charts take one dataset whose data points are the slices (colours per point by default).
    var isRound: Bool { self == .pie || self == .doughnut }

    /// The list in the message refusing any other type.
    static let supportedList = allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
}
