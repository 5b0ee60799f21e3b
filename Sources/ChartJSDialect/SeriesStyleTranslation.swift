import ChartSpec

/// A dataset's look → native series styling, by kind. Chart.js's meaning of the colour options depends on the
/// element: for a line `borderColor` is the line and `backgroundColor` the area (and the points' fill); for bars,
/// bubbles and slices `backgroundColor` is the fill and `borderColor` the outline (drawn when `borderWidth` > 0).
/// Defaults are Chart.js's and QuickChart's (`VersionDefaults`).
enum SeriesStyleTranslation {
    static func translate(_ object: inout ConfigObject, series: Int, datasetIndex: Int, kind: SeriesKind,
                          pointCount: Int, _ context: TranslationContext, _ native: inout NativeSpecBuilder) {
        var style = Style(object: object, series: series, datasetIndex: datasetIndex, kind: kind,
                          pointCount: pointCount, context: context)
        switch kind {
        case .line: style.line(&native)
        case .bar: style.bar(&native)
        case .scatter, .bubble: style.point(&native)
        case .slice: style.slice(&native)
        }
        object = style.object
    }

    /// One dataset being styled: its config object (keys are taken as they are read) and where it goes.
    private struct Style {
        var object: ConfigObject
        let series: Int
        let datasetIndex: Int
        let kind: SeriesKind
        let pointCount: Int
        let context: TranslationContext

        var datasetPath: String { object.path }

        /// The dataset's option under the first of `names` present, else its `options.elements` default.
        mutating func take(_ names: String...) -> ConfigValue? {
            object.take(anyOf: names) ?? context.elements.value(names[0], for: kind)
        }

        func set(_ path: [String], _ value: JSONValue, from origin: String?, _ native: inout NativeSpecBuilder) {
            native.setSeries(series, path, value, from: .path(origin ?? datasetPath))
        }

        /// `backgroundColor`, or QuickChart's palette colour for this dataset.
        mutating func background(_ native: inout NativeSpecBuilder) -> (ColorOption, path: String?) {
            let value = object.take("backgroundColor")
            if let color = ColorOption.read(value, &native) { return (color, value?.path) }
            let palette = VersionDefaults.palette
            return (.one(palette[datasetIndex % palette.count]), nil)
        }

        // MARK: Lines

        mutating func line(_ native: inout NativeSpecBuilder) {
            let border = take("borderColor")
            let color = ColorOption.read(border, &native)?.first ?? VersionDefaults.elementColor
            set(["color"], .string(color), from: border?.path, &native)
            let (fill, fillPath) = background(&native)
            var drawsLine = true
            if let width = take("borderWidth") {
                switch width.value {
                case .number(0): drawsLine = false
                case .number: set(["lineWidth"], width.value, from: width.path, &native)
                default: native.report(width.path, "expected a width in px, got \(width.value.kindDescription)")
                }
            } else {
                set(["lineWidth"], .number(VersionDefaults.lineWidth), from: nil, &native)
            }
            if let showLine = object.take("showLine") {
                guard let flag = showLine.bool(&native) else { return }
                drawsLine = drawsLine && flag
            }
            if !drawsLine { set(["line"], .bool(false), from: nil, &native) }
            // A dataset's spanGaps, else the chart's (`options.spanGaps`).
            if let span = object.take("spanGaps") {
                if span.bridgesGaps(&native) { set(["spanGaps"], .bool(true), from: span.path, &native) }
            } else if let chart = context.spanGaps, chart.bridges {
                set(["spanGaps"], .bool(true), from: chart.path, &native)
            }
            dash(&native)
            curve(&native)
            area(fill: fill.first, from: fillPath, &native)
            dots(lineColor: color, fill: fill, &native)
        }

        /// `borderDash` → `dash` (on/off lengths in px; an empty list is a solid line).
        mutating func dash(_ native: inout NativeSpecBuilder) {
            guard let dash = take("borderDash") else { return }
            guard case .array(let lengths) = dash.value else {
                native.report(dash.path, "expected an array of dash and gap lengths, got \(dash.value.kindDescription)")
                return
            }
            if !lengths.isEmpty { set(["dash"], dash.value, from: dash.path, &native) }
        }

        /// `stepped`/`steppedLine`, `cubicInterpolationMode`, `tension`/`lineTension` → `curve`. Stepping wins
        /// over the others (as in Chart.js); a tension above 0 is Chart.js's cardinal spline, drawn as the native
        /// Catmull-Rom `cubic` (the same family; Chart.js additionally caps control points inside the chart area).
        mutating func curve(_ native: inout NativeSpecBuilder) {
            let stepped = take("stepped", "steppedLine")
            let interpolation = take("cubicInterpolationMode")
            // QuickChart sets every dataset of a v2 line chart to `lineTension || 0`, so there the element
            // default never applies (`VersionDefaults.tension`).
            let straightened = context.version == .v2 && [.line, .sparkline].contains(context.chartType)
            let tension = straightened ? object.take(anyOf: ["tension", "lineTension"]) : take("tension", "lineTension")
            if let stepped {
                let curve: String? = switch stepped.value {
                case .bool(true), .string("before"): "stepBefore"
                case .string("after"): "stepAfter"
                case .string("middle"): "step"
                case .bool(false): nil
                default: unexpected(stepped, "true, false, \"before\", \"after\" or \"middle\"", &native)
                }
                if let curve { return set(["curve"], .string(curve), from: stepped.path, &native) }
            }
            if let interpolation {
                switch interpolation.value {
                case .string("monotone"): return set(["curve"], .string("monotone"), from: interpolation.path, &native)
                case .string("default"): break
                default: _ = unexpected(interpolation, "\"default\" or \"monotone\"", &native)
                }
            }
            var amount = VersionDefaults.tension(context.version, chartType: context.chartType)
            if let tension {
                guard case .number(let value) = tension.value, value >= 0 else {
                    _ = unexpected(tension, "a number ≥ 0", &native)
                    return
                }
                amount = value
            }
            set(["curve"], .string(amount > 0 ? "cubic" : "linear"), from: tension?.path, &native)
        }

        /// `fill` → `fill`, `fillTo`, `fillColor`. v2 lines fill to the origin unless `fill: false`; v3+ do not.
        /// Fills between datasets (`'+1'`, `'-1'`, an index, `'stack'`, `{value}`) cannot be drawn and are refused.
        mutating func area(fill color: String, from colorPath: String?, _ native: inout NativeSpecBuilder) {
            let fill = take("fill")
            var to: String?
            switch fill?.value {
            case nil: to = VersionDefaults.lineFill(context.version) ? "zero" : nil
            case .bool(let flag)?: to = flag ? "zero" : nil
            case .string("origin")?: to = "zero"
            case .string("start")?: to = "bottom"
            case .string("end")?: to = "top"
            case .some:
                if let fill {
                    _ = unexpected(fill, "true, false, \"origin\", \"start\" or \"end\" (fills between datasets are "
                        + "not supported)", &native)
                }
            }
            guard let to else { return }
            set(["fill"], .string("solid"), from: fill?.path, &native)
            if to != "zero" { set(["fillTo"], .string(to), from: fill?.path, &native) }
            set(["fillColor"], .string(color), from: colorPath, &native)
        }

        /// `pointRadius`, `pointStyle`, `pointBackgroundColor` → `dots`, `colors`. Chart.js draws a point on every
        /// value by default; radius 0 draws none. Points are filled with `pointBackgroundColor`, else the
        /// dataset's `backgroundColor` (a per-point list gives each dot its colour).
        mutating func dots(lineColor: String, fill: ColorOption, _ native: inout NativeSpecBuilder) {
            guard let (radius, radiusPath) = pointRadius(&native) else { return }
            if radius == 0 { return set(["dots"], .bool(false), from: radiusPath, &native) }
            set(["dots", "style"], .string("filled"), from: radiusPath, &native)
            set(["dots", "radius"], .number(max(radius, 1)), from: radiusPath, &native)
            pointShape(&native)
            let pointFill = object.take("pointBackgroundColor")
            let dotColor = ColorOption.read(pointFill, &native) ?? fill
            let colors: JSONValue? = switch dotColor {
            case .perPoint: dotColor.perPoint(count: pointCount)
            case .one(let color) where color != lineColor:
                .array([.string(color)])  // native `colors` repeats: one entry colours every dot
            case .one: nil
            }
            if let colors { set(["colors"], colors, from: pointFill?.path, &native) }
        }

        /// `pointRadius` (one radius, or one per point: the largest is used); nil after a problem.
        mutating func pointRadius(_ native: inout NativeSpecBuilder) -> (Double, path: String?)? {
            guard let value = take("pointRadius") else { return (VersionDefaults.pointRadius, nil) }
            switch value.value {
            case .number(let r) where r >= 0: return (r, value.path)
            case .array(let radii):
                var largest = 0.0
                for (i, radius) in radii.enumerated() {
                    guard case .number(let r) = radius, r >= 0 else {
                        native.report(JSONPath.index(value.path, i), "expected a radius in px (a number ≥ 0), got "
                            + radius.kindDescription)
                        return nil
                    }
                    largest = max(largest, r)
                }
                return (largest, value.path)
            default:
                _ = unexpected(value, "a radius in px (a number ≥ 0) or one per point", &native)
                return nil
            }
        }

        /// `pointStyle` → `dots.shape`.
        mutating func pointShape(_ native: inout NativeSpecBuilder) {
            guard let style = take("pointStyle") else { return }
            let shapes = ["circle": "circle", "rect": "square", "rectRounded": "square", "triangle": "triangle",
                          "rectRot": "diamond", "cross": "cross", "crossRot": "cross"]
            guard case .string(let name) = style.value, let shape = shapes[name] else {
                _ = unexpected(style, "\"circle\", \"rect\", \"rectRounded\", \"triangle\", \"rectRot\", \"cross\" "
                    + "or \"crossRot\" (images need code)", &native)
                return
            }
            if shape != "circle" { set(["dots", "shape"], .string(shape), from: style.path, &native) }
        }

        // MARK: Bars, points, slices

        mutating func bar(_ native: inout NativeSpecBuilder) {
            let (fill, fillPath) = background(&native)
            set(["color"], .string(fill.first), from: fillPath, &native)
            if let colors = fill.perPoint(count: pointCount) { set(["colors"], colors, from: fillPath, &native) }
            outline(defaultColor: VersionDefaults.elementColor, defaultWidth: 0, &native)
            // One spacing per chart: the first dataset that gives it decides; Chart.js's defaults otherwise (0.9 and
            // 0.8, `controllers/controller.bar.js` defaults), so bars are as thick as Chart.js draws them.
            for (key, native_, chartJSDefault) in [("barPercentage", "barFraction", 0.9),
                                                   ("categoryPercentage", "categoryFraction", 0.8)] {
                let value = object.take(key)
                guard native.value(at: ["bars", native_]) == nil else { continue }
                if let value {
                    native.set(["bars", native_], value.value, from: .path(value.path))
                } else {
                    native.set(["bars", native_], .number(chartJSDefault), from: .path(datasetPath))
                }
            }
        }

        mutating func point(_ native: inout NativeSpecBuilder) {
            let pointFill = object.take("pointBackgroundColor")
            let (fill, fillPath) = ColorOption.read(pointFill, &native).map { ($0, pointFill?.path) }
                ?? background(&native)
            set(["color"], .string(fill.first), from: fillPath, &native)
            if let colors = fill.perPoint(count: pointCount) { set(["colors"], colors, from: fillPath, &native) }
            outline(defaultColor: VersionDefaults.elementColor, defaultWidth: 0, &native)
            if let (radius, path) = pointRadius(&native), let path {
                if radius == 0 {
                    set(["dots"], .bool(false), from: path, &native)
                } else {
                    set(["dots", "radius"], .number(max(radius, 1)), from: path, &native)
                }
            }
            pointShape(&native)
            if let showLine = object.take("showLine"), showLine.bool(&native) == true {
                set(["line"], .bool(true), from: showLine.path, &native)
            }
        }

        mutating func slice(_ native: inout NativeSpecBuilder) {
            let value = object.take("backgroundColor")
            let palette = ColorOption.perPoint(VersionDefaults.palette)
            let fill = ColorOption.read(value, &native) ?? palette
            let colors: JSONValue = switch fill {
            case .one(let color): .array([.string(color)])  // repeats over every slice
            case .perPoint: fill.perPoint(count: pointCount) ?? .array([])
            }
            set(["colors"], colors, from: value?.path, &native)
            outline(defaultColor: VersionDefaults.arcBorderColor, defaultWidth: VersionDefaults.arcBorderWidth,
                    &native)
            // Every slice is drawn, however small (Chart.js has no "Other" slice).
            native.set(["pie", "otherBelow"], .number(0), from: .path(datasetPath))
        }

        /// `borderWidth` and `borderColor` → the outline of each bar, bubble or slice (none when the width is 0).
        /// A per-side width (`{top, left, …}`) or per-point list uses its largest entry; per-point colours, the
        /// first.
        mutating func outline(defaultColor: String, defaultWidth: Double, _ native: inout NativeSpecBuilder) {
            let borderValue = take("borderColor")
            let color = ColorOption.read(borderValue, &native)
            var width = defaultWidth
            let widthValue = take("borderWidth")
            if let widthValue {
                let entries: [JSONValue] = switch widthValue.value {
                case .array(let list): list
                case .object(let sides): sides.map(\.value)
                default: [widthValue.value]
                }
                var largest = 0.0
                for entry in entries {
                    guard case .number(let w) = entry, w >= 0 else {
                        _ = unexpected(widthValue, "a width in px (a number ≥ 0)", &native)
                        return
                    }
                    largest = max(largest, w)
                }
                width = largest
            }
            guard width > 0 else { return }
            set(["borderWidth"], .number(width), from: widthValue?.path, &native)
            set(["borderColor"], .string(color?.first ?? defaultColor), from: borderValue?.path, &native)
        }

        /// Reports `value` as not one of `expected`; nil, for use in expressions.
        func unexpected(_ value: ConfigValue, _ expected: String, _ native: inout NativeSpecBuilder) -> String? {
            let got = if case .string(let s) = value.value { JSONPath.quoted(s) } else { value.value.kindDescription }
            native.report(value.path, "expected \(expected), got \(got)")
            return nil
        }
    }
}
