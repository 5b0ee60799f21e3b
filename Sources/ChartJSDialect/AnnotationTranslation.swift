import ChartSpec

/// chartjs-plugin-annotation → native `annotations` (`hline`, `vline`, `box`; contract.md A4), from both
/// generations: v0.5 (`options.annotation.annotations[]`, QuickChart's with Chart.js 2: a line by `mode` +
/// `scaleID` + `value`) and v1+ (`options.plugins.annotation.annotations`, an object of named entries or an array:
/// a line by `scaleID` + `value` or by `yMin == yMax` / `xMin == xMax`). Boxes take `xMin`/`xMax`/`yMin`/`yMax` on
/// `xScaleID`/`yScaleID` (default `x`/`y`; a missing bound is the plot's edge in both). A value on a category axis
/// may be a label (`'March'`) or an index. Labels show only with `label.enabled` (v0.5, v1) or `label.display`
/// (v2+) true, both false by default in the plugin. Other annotation types (point, ellipse, label, polygon) and
/// sloped lines have no native form: listed as ignored.
struct AnnotationTranslation {
    private var elements: [JSONValue] = []
    private var sourcePath: String?

    static let typeNames = ["line", "box", "point", "ellipse", "label", "polygon"]

    /// One native annotation being built: its members and the Chart.js path of each.
    private struct Element {
        var members: [JSONMember] = []
        var origins: [(key: String, path: String)] = []

        mutating func set(_ key: String, _ value: JSONValue, from path: String) {
            members.append(JSONMember(key: key, value: value))
            origins.append((key, path))
        }
    }

    /// Reads one plugin options object (`options.annotation` or `options.plugins.annotation`).
    mutating func read(_ plugin: ConfigValue, _ context: TranslationContext, _ native: inout NativeSpecBuilder) {
        guard var object = plugin.object(&native) else { return }
        if let list = object.take("annotations") {
            sourcePath = sourcePath ?? list.path
            switch list.value {
            case .array(let entries):
                guard fits(entries.count, list, &native) else { break }
                for (i, entry) in entries.enumerated() { readEntry(list.element(entry, at: i), context, &native) }
            case .object(let members):
                guard fits(members.count, list, &native), var named = list.object(&native) else { break }
                for member in members {
                    if let entry = named.take(member.key) { readEntry(entry, context, &native) }
                }
                named.finish(&native)
            default:
                native.report(list.path, "expected an array or an object, got \(list.value.kindDescription)")
            }
        }
        object.finish(&native)
    }

    /// Whether `count` more annotations stay within the native limit; reported at `list` when not, before any is
    /// read, so a config of 100,000 annotations costs one count.
    private func fits(_ count: Int, _ list: ConfigValue, _ native: inout NativeSpecBuilder) -> Bool {
        let limit = ChartSpec.Limits.maxAnnotations
        guard elements.count + count > limit else { return true }
        native.report(list.path, "must have at most \(limit) annotations in all, got \(elements.count + count)")
        return false
    }

    /// Writes the native `annotations` read so far.
    func finish(_ native: inout NativeSpecBuilder) {
        guard let sourcePath, !elements.isEmpty else { return }
        native.set(["annotations"], .array(elements), from: .path(sourcePath))
    }

    private mutating func readEntry(_ entry: ConfigValue, _ context: TranslationContext,
                                    _ native: inout NativeSpecBuilder) {
        guard var object = entry.object(&native) else { return }
        guard let type = object.take("type") else {
            native.report(JSONPath.member(entry.path, "type"),
                          "required field is missing; expected \"line\" or \"box\"")
            return
        }
        var element = Element()
        switch type.choice(Self.typeNames, &native) {
        case "line":
            guard readLine(&object, into: &element, context, &native) else {
                native.ignore(entry.path, position: entry.position)
                return
            }
        case "box": readBox(&object, into: &element, context, &native)
        case nil: return
        default:
            native.ignore(entry.path, position: entry.position)
            return
        }
        readStyle(&object, into: &element, fill: type.value == .string("box"), &native)
        object.finish(&native)
        let path = JSONPath.index("annotations", elements.count)
        native.register(path, .path(entry.path))
        for origin in element.origins { native.register(JSONPath.member(path, origin.key), .path(origin.path)) }
        elements.append(.object(element.members))
    }

    /// A line: on the scale `scaleID` (v0.5: or the one `mode` implies) at `value`, or between equal bounds.
    /// false when the line has no native form (sloped, or no position).
    private func readLine(_ object: inout ConfigObject, into element: inout Element, _ context: TranslationContext,
                          _ native: inout NativeSpecBuilder) -> Bool {
        let mode = object.take("mode").flatMap { $0.choice(["horizontal", "vertical"], &native) }
        let scaleID = object.take("scaleID")
        var scale: String? = mode.map { $0 == "horizontal" ? "y" : "x" }
        var at: ConfigValue?
        if let value = object.take("value") {
            at = value
            if let scaleID {
                guard case .string(let id) = scaleID.value else {
                    native.report(scaleID.path, "expected a string, got \(scaleID.value.kindDescription)")
                    return true
                }
                scale = id
            }
        } else {
            for (lo, hi, scaleKey) in [("yMin", "yMax", "yScaleID"), ("xMin", "xMax", "xScaleID")] {
                guard let low = object.take(lo), let high = object.take(hi) else { continue }
                guard low.value == high.value else { return false }
                at = low
                scale = scaleName(object.take(scaleKey), default: String(scaleKey.prefix(1)), &native)
            }
        }
        guard let at, let scale else { return false }
        guard let axis = context.scales.axis(of: scale, horizontal: context.horizontal) else {
            native.report(scaleID?.path ?? at.path, "no scale \(JSONPath.quoted(scale)) in this chart")
            return true
        }
        guard let coordinate = Self.coordinate(at, on: axis, context, &native) else { return true }
        if axis == .x {
            element.set("type", .string("vline"), from: at.path)
            element.set("x", coordinate, from: at.path)
        } else {
            element.set("type", .string("hline"), from: at.path)
            element.set("y", coordinate, from: at.path)
            if axis == .y2 { element.set("axis", .string("y2"), from: scaleID?.path ?? at.path) }
        }
        return true
    }

    /// A box: each Chart.js bound goes to the native axis of its scale (a horizontal bar chart's x bounds are
    /// native y bounds).
    private func readBox(_ object: inout ConfigObject, into element: inout Element, _ context: TranslationContext,
                         _ native: inout NativeSpecBuilder) {
        element.set("type", .string("box"), from: object.path)
        for (direction, scaleKey) in [("x", "xScaleID"), ("y", "yScaleID")] {
            let scaleValue = object.take(scaleKey)
            let scale = scaleName(scaleValue, default: direction, &native)
            guard let axis = context.scales.axis(of: scale, horizontal: context.horizontal) else {
                native.report(scaleValue?.path ?? object.path, "no scale \(JSONPath.quoted(scale)) in this chart")
                continue
            }
            let nativeKey = axis == .x ? "x" : "y"
            for bound in ["Min", "Max"] {
                guard let value = object.take(direction + bound),
                      let coordinate = Self.coordinate(value, on: axis, context, &native) else { continue }
                element.set(nativeKey + bound, coordinate, from: value.path)
            }
            if axis == .y2 { element.set("axis", .string("y2"), from: scaleValue?.path ?? object.path) }
        }
    }

    /// Colours, dash and label: `borderColor` (a line's colour, a box's outline), `backgroundColor` (a box's fill),
    /// `borderDash`, `label {content, enabled | display}`.
    private func readStyle(_ object: inout ConfigObject, into element: inout Element, fill: Bool,
                           _ native: inout NativeSpecBuilder) {
        if let border = object.take("borderColor") {
            element.set(fill ? "borderColor" : "color", border.value, from: border.path)
        }
        if fill, let background = object.take("backgroundColor") {
            element.set("color", background.value, from: background.path)
        }
        if !fill, let dash = object.take("borderDash") { element.set("dash", dash.value, from: dash.path) }
        guard let label = object.take("label"), var options = label.object(&native) else { return }
        let shown = options.take(anyOf: ["display", "enabled"])?.bool(&native) ?? false
        if let content = options.take("content"), let text = content.text(joinedBy: " ", &native), shown {
            element.set("label", .string(text), from: content.path)
        }
        options.finish(&native)
    }

    /// A scale id option (`scaleID`, `xScaleID`…), `fallback` when absent.
    private func scaleName(_ value: ConfigValue?, default fallback: String, _ native: inout NativeSpecBuilder)
        -> String
    {
        guard let value else { return fallback }
        if case .string(let id) = value.value { return id }
        native.report(value.path, "expected a string, got \(value.value.kindDescription)")
        return fallback
    }

    /// A position on native axis `axis`: on a category x axis a label (its index) or an index; on a time x axis an
    /// ISO-8601 text (native parses it) or epoch ms; elsewhere a number (numeric strings too, as Chart.js parses
    /// them).
    static func coordinate(_ value: ConfigValue, on axis: NativeAxis, _ context: TranslationContext,
                           _ native: inout NativeSpecBuilder) -> JSONValue? {
        let categories = axis == .x && !context.timeX && context.chartType != .scatter
            && context.chartType != .bubble
        if axis == .x, context.timeX, case .string = value.value { return value.value }
        if categories, case .string(let label) = value.value {
            if let index = context.categoryIndex[label] { return .number(Double(index)) }
            if let number = value.numberIfAny { return .number(number) }
            native.report(value.path, "expected one of data.labels or a category index, got \(value.describedValue)")
            return nil
        }
        return value.number(&native).map { .number($0) }
    }
}
