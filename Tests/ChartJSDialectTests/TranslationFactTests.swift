import ChartSpec
import Testing
@testable import ChartJSDialect

/// Chart.js configs → facts about the native JSON they become. Native fields that other parts of issue 14 add
/// (`colors`, `fillColor`, `fillTo`, `borderColor`, `line`, `dots.shape`, `sizeMode`, `bars.barFraction`, `axis`,
/// `radar`…) are checked here, at the JSON level, by the contract's names.
struct TranslationFactTests {
    static let s = JSONValue.string
    static let n = JSONValue.number
    static let palette = VersionDefaults.palette

    static let facts: [Fact] = [
        // The request: QuickChart's canvas (500×300 at ratio 2) and a transparent background.
        Fact("{type: 'bar', data: {datasets: [{data: [1]}]}}", .v2, [
            ("width", n(500)), ("height", n(300)), ("scale", n(2)), ("background", s("transparent")),
            ("type", s("bar")),
        ]),
        // Types.
        Fact("{type: 'horizontalBar', data: {datasets: [{data: [1]}]}}", .v2, [
            ("type", s("bar")), ("bars.orientation", s("horizontal")),
        ]),
        Fact("{type: 'bar', data: {datasets: [{data: [1]}]}, options: {indexAxis: 'y'}}", .v3, [
            ("bars.orientation", s("horizontal")),
        ]),
        Fact("{type: 'sparkline', data: {datasets: [{data: [3, 1, 2]}]}}", .v2, [
            ("type", s("line")), ("axes", .bool(false)), ("series[0].color", s("#000")),
            ("series[0].lineWidth", n(1)), ("series[0].dots", .bool(false)),
        ]),
        Fact("{type: 'doughnut', data: {labels: ['a', 'b'], datasets: [{data: [1, 2]}]}}", .v2, [
            ("type", s("doughnut")), ("pie.otherBelow", n(0)),
            ("series[0].colors", .array([s(palette[0]), s(palette[1])])),
            ("series[0].borderColor", s("#fff")), ("series[0].borderWidth", n(2)),
        ]),
        Fact("{type: 'donut', data: {datasets: [{data: [1]}]}}", .v2, [("type", s("doughnut"))]),
        Fact("{type: 'radar', data: {labels: ['a', 'b', 'c'], datasets: [{data: [1, 2, 3]}]}}", .v3, [
            ("type", s("radar")), ("series[0].values", .array([n(1), n(2), n(3)])),
        ]),
        Fact("{type: 'bubble', data: {datasets: [{data: [{x: 1, y: 2, r: 5}, {x: 2, y: 3}]}]}}", .v2, [
            ("type", s("scatter")), ("series[0].sizeMode", s("radius")),
            ("series[0].points", .array([.array([n(1), n(2), n(5)]), .array([n(2), n(3), n(3)])])),
        ]),
        // Data: labels as text, numeric strings, gaps, objects, pairs.
        Fact("{type: 'line', data: {labels: ['Jan', 2020, ['two', 'lines']], datasets: [{data: ['1.5', null, 3]}]}}",
             .v2, [
                ("labels", .array([s("Jan"), s("2020"), s("two lines")])),
                ("series[0].values", .array([n(1.5), .null, n(3)])),
             ]),
        Fact("{type: 'scatter', data: {datasets: [{data: [{x: 1, y: '2'}, {x: -3, y: null}]}]}}", .v2, [
            ("series[0].points", .array([.array([n(1), n(2)]), .array([n(-3), .null])])),
            ("series[0].values", nil),
        ]),
        Fact("{type: 'line', data: {datasets: [{data: [[1, 2], [3, 4]]}]}}", .v3, [
            ("series[0].points", .array([.array([n(1), n(2)]), .array([n(3), n(4)])])),
        ]),
        Fact("{type: 'line', data: {datasets: [{data: [{x: '2024-01-01T00:00:00Z', y: 1}]}]}}", .v3, [
            ("series[0].points[0][0]", s("2024-01-01T00:00:00Z")),
        ]),
        // Names and hidden datasets.
        Fact("{type: 'bar', data: {datasets: [{label: 'Sales', data: [1]}, {hidden: true, data: [2]},"
             + " {label: 7, data: [3]}]}}", .v2, [
                ("series[0].name", s("Sales")), ("series[1].name", s("7")), ("series[2]", nil),
             ]),
        // Mixed charts: a line dataset in a bar chart; a bar dataset turns a line chart into a bar chart.
        Fact("{type: 'bar', data: {datasets: [{data: [1]}, {type: 'line', data: [2]}]}}", .v2, [
            ("type", s("bar")), ("series[0].type", nil), ("series[1].type", s("line")),
        ]),
        Fact("{type: 'line', data: {datasets: [{data: [1]}, {type: 'bar', data: [2]}]}}", .v2, [
            ("type", s("bar")), ("series[0].type", s("line")), ("series[1].type", nil),
        ]),
        // Bar colours: backgroundColor fills (per bar when a list; cycled and cut to the bars), borderColor
        // outlines only with a borderWidth.
        Fact("{type: 'bar', data: {datasets: [{data: [1, 2, 3], backgroundColor: ['red', 'hsl(120, 100%, 50%)'],"
             + " borderColor: 'blue', borderWidth: 2}]}}", .v2, [
                ("series[0].color", s("red")),
                ("series[0].colors", .array([s("red"), s("hsl(120, 100%, 50%)")])),  // repeats natively
                ("series[0].borderColor", s("blue")), ("series[0].borderWidth", n(2)),
             ]),
        Fact("{type: 'bar', data: {datasets: [{data: [1, 2], backgroundColor: ['red', 'blue', 'green']}]}}", .v2, [
            ("series[0].colors", .array([s("red"), s("blue")])),
        ]),
        Fact("{type: 'bar', data: {datasets: [{data: [1], borderColor: 'blue'}]}}", .v2, [
            ("series[0].borderColor", nil), ("series[0].borderWidth", nil),
        ]),
        Fact("{type: 'bar', data: {datasets: [{data: [1], borderWidth: {top: 1, left: 4}}]}}", .v3, [
            ("series[0].borderWidth", n(4)), ("series[0].borderColor", s(VersionDefaults.elementColor)),
        ]),
        Fact("{type: 'bar', data: {datasets: [{data: [1], barPercentage: 0.5, categoryPercentage: 1},"
             + " {data: [2], barPercentage: 0.7}]}}", .v2, [
                ("bars.barFraction", n(0.5)), ("bars.categoryFraction", n(1)),
             ]),
        // Without barPercentage/categoryPercentage, Chart.js's own 0.9 and 0.8: bars as thick as Chart.js draws them.
        Fact("{type: 'bar', data: {datasets: [{data: [1]}, {data: [2], categoryPercentage: 0.5}]}}", .v3, [
            ("bars.barFraction", n(0.9)), ("bars.categoryFraction", n(0.8)),
        ]),
        // Lines on a stacked scale are drawn at running totals; a null stays a gap and adds nothing.
        Fact("{type: 'line', data: {datasets: [{data: [1, 2, null]}, {data: [3, null, 4]}, {data: [1, 1, 1]}]},"
             + " options: {scales: {y: {stacked: true}}}}", .v3, [
                ("series[0].values", .array([n(1), n(2), .null])), ("series[1].values", .array([n(4), .null, n(4)])),
                ("series[2].values", .array([n(5), n(3), n(5)])),
             ]),
        Fact("{type: 'line', data: {datasets: [{data: [1, 2]}, {data: [3, 4]}]}}", .v3, [
            ("series[1].values", .array([n(3), n(4)])),
        ]),
        // spanGaps: true, or a number (v3's longest gap), bridges the nulls; false is the native default.
        Fact("{type: 'line', data: {datasets: [{data: [1, null, 2], spanGaps: true}, {data: [1], spanGaps: 2},"
             + " {data: [1], spanGaps: false}]}}", .v3, [
                ("series[0].spanGaps", .bool(true)), ("series[1].spanGaps", .bool(true)), ("series[2].spanGaps", nil),
             ]),
        // options.spanGaps is every dataset's default; a dataset's own wins.
        Fact("{type: 'line', data: {datasets: [{data: [1, null, 2]}, {data: [1], spanGaps: false}]},"
             + " options: {spanGaps: true}}", .v2, [("series[0].spanGaps", .bool(true)), ("series[1].spanGaps", nil)]),
        // QuickChart's palette, by dataset.
        Fact("{type: 'bar', data: {datasets: [{data: [1]}, {data: [2]}, {data: [3], backgroundColor: ''}]}}", .v2, [
            ("series[0].color", s(palette[0])), ("series[1].color", s(palette[1])),
            ("series[2].color", s(palette[2])),
        ]),
        // Lines: borderColor is the line, backgroundColor the area and the points.
        Fact("{type: 'line', data: {datasets: [{data: [1, 2], borderColor: 'rgb(255, 0, 0)',"
             + " backgroundColor: 'rgba(255, 0, 0, 0.2)', fill: true, borderWidth: 1, borderDash: [5, 5]}]}}", .v3, [
                ("series[0].color", s("rgb(255, 0, 0)")), ("series[0].lineWidth", n(1)),
                ("series[0].fill", s("solid")), ("series[0].fillColor", s("rgba(255, 0, 0, 0.2)")),
                ("series[0].fillTo", nil), ("series[0].dash", .array([n(5), n(5)])),
                ("series[0].dots.style", s("filled")), ("series[0].dots.radius", n(3)),
                ("series[0].colors", .array([s("rgba(255, 0, 0, 0.2)")])),  // one entry, repeated natively
             ]),
        Fact("{type: 'line', data: {datasets: [{data: [1], fill: 'start'}, {data: [1], fill: 'end'},"
             + " {data: [1], fill: 'origin'}, {data: [1], fill: false}]}}", .v2, [
                ("series[0].fillTo", s("bottom")), ("series[1].fillTo", s("top")),
                ("series[2].fill", s("solid")), ("series[2].fillTo", nil), ("series[3].fill", nil),
             ]),
        Fact("{type: 'line', data: {datasets: [{data: [1], stepped: true}, {data: [1], steppedLine: 'after'},"
             + " {data: [1], stepped: 'middle'}, {data: [1], stepped: 'before', tension: 0.4},"
             + " {data: [1], cubicInterpolationMode: 'monotone'}, {data: [1], lineTension: 0.3},"
             + " {data: [1], tension: 0}]}}", .v3, [
                ("series[0].curve", s("stepBefore")), ("series[1].curve", s("stepAfter")),
                ("series[2].curve", s("step")), ("series[3].curve", s("stepBefore")),
                ("series[4].curve", s("monotone")), ("series[5].curve", s("cubic")), ("series[6].curve", s("linear")),
             ]),
        Fact("{type: 'line', data: {datasets: [{data: [1], pointRadius: 0}, {data: [1], pointRadius: [0, 6],"
             + " pointStyle: 'rectRot'}, {data: [1], showLine: false}, {data: [1], borderWidth: 0},"
             + " {data: [1], borderColor: 'red', pointBackgroundColor: 'red'}]}}", .v3, [
                ("series[0].dots", .bool(false)), ("series[1].dots.radius", n(6)),
                ("series[1].dots.shape", s("diamond")), ("series[2].line", .bool(false)),
                ("series[3].line", .bool(false)), ("series[4].colors", nil),
             ]),
        Fact("{type: 'line', data: {datasets: [{data: [1, 2], pointBackgroundColor: ['red', 'blue']}]}}", .v3, [
            ("series[0].colors", .array([s("red"), s("blue")])),
        ]),
        // Scatter and bubble: backgroundColor fills the dots.
        Fact("{type: 'scatter', data: {datasets: [{data: [{x: 1, y: 1}], backgroundColor: 'teal', pointRadius: 6,"
             + " pointStyle: 'triangle', showLine: true}]}}", .v3, [
                ("series[0].color", s("teal")), ("series[0].dots.radius", n(6)),
                ("series[0].dots.shape", s("triangle")), ("series[0].line", .bool(true)),
             ]),
        // options.elements: defaults for every dataset; a dataset's own option wins. QuickChart straightens v2 line
        // charts whatever elements.line.tension says.
        Fact("{type: 'line', data: {datasets: [{data: [1]}, {data: [1], borderWidth: 5}]}, options: {elements:"
             + " {point: {radius: 0}, line: {borderWidth: 1, tension: 0.4, fill: false}}}}", .v3, [
                ("series[0].dots", .bool(false)), ("series[0].lineWidth", n(1)), ("series[0].curve", s("cubic")),
                ("series[0].fill", nil), ("series[1].lineWidth", n(5)),
             ]),
        Fact("{type: 'line', data: {datasets: [{data: [1]}]}, options: {elements: {line: {tension: 0.4}}}}", .v2, [
            ("series[0].curve", s("linear")),
        ]),
        Fact("{type: 'bar', data: {datasets: [{data: [1]}, {type: 'line', data: [1]}]}, options: {elements:"
             + " {line: {tension: 0}, bar: {borderWidth: 2}}}}", .v2, [
                ("series[1].curve", s("linear")), ("series[0].borderWidth", n(2)),
                ("series[0].borderColor", s(VersionDefaults.elementColor)), ("series[1].borderWidth", nil),
             ]),
        // QuickChart's sparkline: a black 1 px line without points, unless elements.line / elements.point say.
        Fact("{type: 'sparkline', data: {datasets: [{data: [1, 2]}]}, options: {elements: {line: {borderColor:"
             + " 'red'}}}}", .v2, [
                ("series[0].color", s("red")), ("series[0].lineWidth", n(3)), ("series[0].dots", .bool(false)),
             ]),
    ]

    @Test(arguments: facts)
    func configBecomesNativeJSON(fact: Fact) throws {
        let json = try nativeJSON(fact.config, version: fact.version)
        for (path, expected) in fact.expected {
            #expect(json[path: path] == expected, "\(path)")
        }
    }

    @Test func ignoredKeysAreListedInDocumentOrderAtTheirChartJSPaths() throws {
        let native = try ChartJSDialect.nativeSpec(try config("""
            {options: {responsive: true, animation: {duration: 0}, elements: {bar: {backgroundColor: 'red'}}},
             type: 'bar',
             data: {datasets: [{data: [1], hoverBackgroundColor: 'red', label: 'a'}], extra: 1},
             plugins: []}
            """), ChartJSRequest())
        #expect(native.ignored == ["options.responsive", "options.animation", "options.elements.bar.backgroundColor",
                                   "data.datasets[0].hoverBackgroundColor", "data.extra", "plugins"])
    }

    @Test func yAxisIDNamingARightAxisPutsTheSeriesOnY2() throws {
        var context = TranslationContext(request: ChartJSRequest())
        context.chartType = .line
        context.rightAxisIDs = ["right"]
        var native = NativeSpecBuilder()
        let datasets = "{datasets: [{data: [1], yAxisID: 'right'}, {data: [2], yAxisID: 'y'}]}"
        let data = ConfigValue(value: try config(datasets), path: "data", position: [0])
        DatasetTranslation.translate(data, &context, &native)
        #expect(native.issues.isEmpty)
        #expect(native.json[path: "series[0].axis"] == .string("y2"))
        #expect(native.json[path: "series[1].axis"] == nil)
    }

    @Test func onATimeAxisCategoryDataTakeTheirXFromTheLabels() throws {
        var context = TranslationContext(request: ChartJSRequest())
        context.chartType = .line
        context.timeX = true
        var native = NativeSpecBuilder()
        let literal = "{labels: ['2024-01-01', 1704153600000], datasets: [{data: [1, '2', 3]}]}"
        let data = ConfigValue(value: try config(literal), path: "data", position: [0])
        DatasetTranslation.translate(data, &context, &native)
        #expect(native.issues.isEmpty)
        #expect(native.json[path: "series[0].points"] == .array([
            .array([.string("2024-01-01"), .number(1)]), .array([.number(1704153600000), .number(2)]),
        ]))
        #expect(native.json[path: "labels"] == nil)
        #expect(native.chartJSPath(ofNative: "series[0].points[1][0]") == "data.labels[1]")
        #expect(native.chartJSPath(ofNative: "series[0].points[1][1]") == "data.datasets[0].data[1]")
    }
}
