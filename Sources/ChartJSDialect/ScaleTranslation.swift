import ChartSpec

/// `options.scales` → native `x`, `y`, `y2` (contract.md A2 and A4 fields), in both syntaxes on any version:
/// v2 `xAxes[]`/`yAxes[]` (ids `x-axis-0`, `y-axis-0`… unless `id` says otherwise; `ticks.min`, `scaleLabel`,
/// `gridLines`) and v3 `scales.<id>` (`min`, `title`, `grid`; `ticks.stepSize` in both). Which native axis a scale
/// becomes is `ScaleMap`'s rule; scales with no native place (a second x scale, a radial `r` scale) are listed as
/// ignored.
///
/// The native spec's own range rules differ from Chart.js's, so the translation always says whether a value axis
/// includes zero (`zero`): Chart.js 2 never does unless `beginAtZero` — except that QuickChart, for a bar, line,
/// scatter or bubble config without `options.scales`, adds `yAxes: [{ticks: {beginAtZero: true}}]` (lib/charts.js,
/// `renderChartJs`), which for a horizontal bar lands on the category axis and so does nothing; Chart.js 3+ bar
/// charts' value scales begin at zero (the bar controller's `_value_` scale default) and other charts' do not.
/// Chart.js draws grid lines on every shown scale, the native x has none by default: `x.grid` is said too.
enum ScaleTranslation {
    /// What reading one scale found, for the defaults.
    private struct Facts {
        var log = false
        var zeroGiven = false
        var gridGiven = false
    }

    /// One Chart.js scale: its object (id, `axis` and `position` already read), id and direction.
    private struct Scale {
        var object: ConfigObject
        let id: String
        let direction: ScaleDirection
    }

    static let typeNames = ["linear", "logarithmic", "category", "time", "timeseries"]
    static let positionNames = ["top", "bottom", "left", "right", "center"]

    /// Reads `options.scales` (nil when absent) and writes the native axes with Chart.js's defaults.
    static func translate(_ scales: ConfigValue?, _ context: inout TranslationContext,
                          _ native: inout NativeSpecBuilder) {
        var facts: [NativeAxis: Facts] = [:]
        if let scales, case .object(let members) = scales.value, var object = scales.object(&native) {
            var list: [Scale] = []
            for member in members {
                guard let value = object.take(member.key) else { continue }
                collect(value, id: member.key, into: &list, &native)
            }
            object.finish(&native)
            var seen: [ScaleDirection: Int] = [:]
            for var scale in list {
                let count = seen[scale.direction, default: 0]
                seen[scale.direction] = count + 1
                guard let axis = nativeAxis(scale.direction, ordinal: count, horizontal: context.horizontal) else {
                    native.ignore(scale.object.path, position: scale.object.position)
                    continue
                }
                context.scales.assign(scale.id, to: axis)
                facts[axis] = read(&scale.object, into: axis, &context, &native)
            }
        } else if let scales {
            _ = scales.object(&native)  // reports the wrong kind
        }
        context.rightAxisIDs = context.scales.rightAxisIDs
        applyDefaults(scalesGiven: scales != nil, facts, &context, &native)
    }

    /// Adds the scale(s) of `options.scales[id]` to `list`: a v2 `xAxes`/`yAxes` array, or one v3 scale.
    private static func collect(_ value: ConfigValue, id: String, into list: inout [Scale],
                                _ native: inout NativeSpecBuilder) {
        if (id == "xAxes" || id == "yAxes"), case .array(let elements) = value.value {
            let direction: ScaleDirection = id == "xAxes" ? .x : .y
            for (i, element) in elements.enumerated() {
                let item = value.element(element, at: i)
                guard var object = item.object(&native) else { continue }
                var scaleID = (direction == .x ? "x-axis-" : "y-axis-") + String(i)
                if let given = object.take("id") {
                    if case .string(let text) = given.value { scaleID = text } else {
                        native.report(given.path, "expected a string, got \(given.value.kindDescription)")
                    }
                }
                _ = position(&object, &native)
                list.append(Scale(object: object, id: scaleID, direction: direction))
            }
            return
        }
        guard var object = value.object(&native) else { return }
        var direction: ScaleDirection? = id == "x" ? .x : id == "y" ? .y : nil
        if let axis = object.take("axis"), let name = axis.choice(["x", "y", "r"], &native), direction == nil {
            direction = name == "x" ? .x : name == "y" ? .y : nil
            if name == "r" {  // a radial scale: no cartesian axis
                native.ignore(object.path, position: object.position)
                return
            }
        }
        let side = position(&object, &native)
        if direction == nil { direction = side }
        if direction == nil { direction = id.first == "x" ? .x : id.first == "y" ? .y : nil }
        guard let direction else {
            native.ignore(object.path, position: object.position)
            return
        }
        list.append(Scale(object: object, id: id, direction: direction))
    }

    /// Reads `position`; the direction it implies (top/bottom: x, left/right: y). `center` and v3's `{x: value}`
    /// form place an axis inside the plot, which the native frame does not: accepted and listed as ignored.
    private static func position(_ object: inout ConfigObject, _ native: inout NativeSpecBuilder)
        -> ScaleDirection?
    {
        guard let value = object.take("position") else { return nil }
        if case .object = value.value {
            native.ignore(value.path, position: value.position)
            return nil
        }
        switch value.choice(positionNames, &native) {
        case "top", "bottom": return .x
        case "left", "right": return .y
        case "center": native.ignore(value.path, position: value.position)
        default: break
        }
        return nil
    }

    /// The native axis of the `ordinal`-th scale of `direction` (0 = first); nil when it has none.
    private static func nativeAxis(_ direction: ScaleDirection, ordinal: Int, horizontal: Bool) -> NativeAxis? {
        if ordinal == 0 { return ScaleMap.nativeAxis(direction: direction, horizontal: horizontal) }
        return direction == .y && !horizontal ? .y2 : nil
    }

    /// Writes the fields of one scale into native axis `axis`.
    private static func read(_ object: inout ConfigObject, into axis: NativeAxis,
                             _ context: inout TranslationContext, _ native: inout NativeSpecBuilder) -> Facts {
        var facts = Facts()
        let key = axis.rawValue
        var typeName: String?
        if let type = object.take("type"), let name = type.choice(typeNames, &native) {
            typeName = name
            switch name {
            case "logarithmic":
                facts.log = true
                native.set([key, "type"], .string("log"), from: .path(type.path))
            case "time", "timeseries":
                native.set([key, "type"], .string("time"), from: .path(type.path))
                if axis == .x { context.timeX = true }
            default: break
            }
        }
        var shown = true
        if let display = object.take("display") {
            // v3 also takes 'auto': shown when a dataset uses the scale, as ours always are.
            if case .string("auto") = display.value {} else if display.bool(&native) == false {
                shown = false
                native.set([key, "show"], .bool(false), from: .path(display.path))
                native.set([key, "grid"], .bool(false), from: .path(display.path))
                facts.gridGiven = true
            }
        }
        if let stacked = object.take("stacked") {
            // v3 'single' stacks positive and negative values together: still a stack.
            if case .string("single") = stacked.value { context.stacked = true } else if stacked.bool(&native) == true {
                context.stacked = true
            }
        }
        var ticks = object.take("ticks").flatMap { $0.object(&native) }
        let time = typeName == "time" || typeName == "timeseries"
        // A category axis's min and max name labels or indices, which the native category axis does not take.
        let boundsApply = axis != .x || time || typeName == "linear" || typeName == "logarithmic"
            || context.chartType == .scatter || context.chartType == .bubble
        for (name, nativeName) in [("min", "min"), ("max", "max"), ("suggestedMin", "softMin"),
                                   ("suggestedMax", "softMax")] {
            let top = object.take(name)
            guard let value = ticks?.take(name) ?? top else { continue }
            if let number = value.numberIfAny, boundsApply {
                native.set([key, nativeName], .number(number), from: .path(value.path))
            } else if !boundsApply {
                native.ignore(value.path, position: value.position)  // a category's label or index
            } else if time, case .string = value.value {
                native.ignore(value.path, position: value.position)  // a date text (the native bounds are numbers)
            } else {
                _ = value.number(&native)
            }
        }
        let zeroTop = object.take("beginAtZero")
        if let zero = ticks?.take("beginAtZero") ?? zeroTop, let flag = zero.bool(&native) {
            facts.zeroGiven = true
            // A log scale has no zero: Chart.js ignores beginAtZero there.
            if !facts.log { native.set([key, "zero"], .bool(flag), from: .path(zero.path)) }
        }
        if let step = ticks?.take("stepSize"), let number = step.number(&native) {
            native.set([key, "tickStep"], .number(number), from: .path(step.path))
        }
        ticks?.finish(&native)
        readTitle(&object, into: key, &native)
        if shown, readGrid(&object, into: key, &native) { facts.gridGiven = true }
        object.finish(&native)
        return facts
    }

    /// v3 `title {display, text}` / v2 `scaleLabel {display, labelString}` → the axis `title` (shown only with
    /// `display: true`, as in Chart.js; lines of an array are joined with spaces: the native axis title is one line).
    private static func readTitle(_ object: inout ConfigObject, into key: String, _ native: inout NativeSpecBuilder) {
        for (name, textKey) in [("title", "text"), ("scaleLabel", "labelString")] {
            guard let value = object.take(name), var title = value.object(&native) else { continue }
            OptionsTranslation.readShownText(&title, textKey, into: [key, "title"], joinedBy: " ", &native)
            title.finish(&native)
        }
    }

    /// v3 `grid` / v2 `gridLines` → the axis `grid`: `display: false` or `drawOnChartArea: false` (lines only
    /// beside the axis) turn it off, `borderDash` dashes it. Returns whether it said anything.
    private static func readGrid(_ object: inout ConfigObject, into key: String,
                                 _ native: inout NativeSpecBuilder) -> Bool {
        var said = false
        for name in ["grid", "gridLines"] {
            guard let value = object.take(name), var grid = value.object(&native) else { continue }
            var on = true
            for flag in ["display", "drawOnChartArea"] {
                guard let given = grid.take(flag), let shown = given.bool(&native) else { continue }
                said = true
                if !shown {
                    on = false
                    native.set([key, "grid"], .bool(false), from: .path(given.path))
                }
            }
            if let dash = grid.take("borderDash"), on {
                said = true
                native.set([key, "grid", "dash"], dash.value, from: .path(dash.path))
            } else if on, said {
                native.set([key, "grid"], .bool(true), from: .path(value.path))
            }
            grid.finish(&native)
        }
        return said
    }

    /// Chart.js's defaults where the native spec's differ (see the type's comment).
    private static func applyDefaults(scalesGiven: Bool, _ facts: [NativeAxis: Facts],
                                      _ context: inout TranslationContext, _ native: inout NativeSpecBuilder) {
        let type = context.chartType
        guard !type.isRound, type != .radar else { return }
        let bars = type == .bar || type == .horizontalBar
        let valueZero: Bool
        switch context.version {
        case .v2:
            let quickChartDefault = [.bar, .line, .scatter, .bubble].contains(type) && !context.horizontal
            valueZero = !scalesGiven && quickChartDefault
        case .v3, .v4:
            valueZero = bars
        }
        var valueAxes: [NativeAxis] = [.y]
        if facts[.y2] != nil { valueAxes.append(.y2) }
        if type == .scatter || type == .bubble { valueAxes.append(.x) }
        for axis in valueAxes {
            let found = facts[axis] ?? Facts()
            guard !found.log, !found.zeroGiven else { continue }
            native.set([axis.rawValue, "zero"], .bool(axis == .x ? false : valueZero), from: .path("options"))
        }
        if type != .sparkline, !(facts[.x]?.gridGiven ?? false) {
            native.set(["x", "grid"], .bool(true), from: .path("options"))
        }
    }
}
