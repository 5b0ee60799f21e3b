/// A native axis object: `x`, `y` or `y2` (the second value axis, drawn on the right).
enum NativeAxis: String {
    case x, y, y2
}

/// Which native axis each Chart.js scale id became, so datasets (`yAxisID`) and annotations (`scaleID`,
/// `xScaleID`, `yScaleID`) land on the axis their scale was translated to.
///
/// Chart.js scales have a direction (`x` or `y`); the native axis follows from it and the bar orientation: a
/// horizontal bar chart measures values along Chart.js's x, which the native spec calls `y` (the value axis), and
/// lists categories along Chart.js's y, the native `x`. Of the y-direction scales of a vertical chart, the first is
/// `y` — it is the scale Chart.js binds datasets without a `yAxisID` to (v2: `yAxes[0]`; v3: the first y scale in
/// `options.scales`, `mergeScaleConfig` in core.config.js) — and every other one is `y2`.
struct ScaleMap {
    private var axisByID: [String: NativeAxis] = [:]

    /// Records that scale `id` became `axis`.
    mutating func assign(_ id: String, to axis: NativeAxis) { axisByID[id] = axis }

    /// Whether scale `id` is the right-hand value axis: a dataset whose `yAxisID` is `id` goes on native `y2`.
    func isRightAxis(_ id: String) -> Bool { axisByID[id] == .y2 }

    /// The ids translated to `y2`.
    var rightAxisIDs: Set<String> { Set(axisByID.filter { $0.value == .y2 }.keys) }

    /// The native axis of scale `id`: a scale of `options.scales`, else Chart.js's default ids (`x`, `y`, v2's
    /// `x-axis-0`, `y-axis-0`) and, as Chart.js guesses an unknown id's direction, its first letter.
    /// nil when the id names no direction.
    func axis(of id: String, horizontal: Bool) -> NativeAxis? {
        if let axis = axisByID[id] { return axis }
        switch id.first {
        case "x": return Self.nativeAxis(direction: .x, horizontal: horizontal)
        case "y": return Self.nativeAxis(direction: .y, horizontal: horizontal)
        default: return nil
        }
    }

    /// Chart.js's direction → the native axis for the first scale of that direction.
    static func nativeAxis(direction: ScaleDirection, horizontal: Bool) -> NativeAxis {
        switch (direction, horizontal) {
        case (.x, false), (.y, true): .x
        case (.y, false), (.x, true): .y
        }
    }
}

/// The direction of a Chart.js cartesian scale.
enum ScaleDirection {
    case x, y
}
