import ChartSpec
import Testing
@testable import ChartJSDialect

/// Wrong values are refused at their Chart.js paths (or the request's names), whether the dialect finds them or the
/// native decoder does. The configs that reach native decoding use only native fields that exist on main.
struct RefusalTests {
    static let bar = "{type: 'bar', data: {labels: ['a', 'b'], datasets: [{data: [1, 2]}]}}"
    /// A v3 line without dots: only native fields that exist on main.
    static func line(_ dataset: String) -> String {
        "{type: 'line', data: {datasets: [{pointRadius: 0, borderColor: 'red', \(dataset)}]}}"
    }

    static let v3 = ChartJSRequest(version: .v3)

    static let refusals: [Refusal] = [
        // Code is never run.
        Refusal("{type: 'bar', data: {datasets: [{data: [1]}]}, options: {scales: {yAxes: [{ticks: "
                + "{callback: 'function(v) { return v + \"%\" }'}}]}}}",
                "options.scales.yAxes[0].ticks.callback", "functions are not accepted"),
        Refusal("{type: 'bar', data: {datasets: [{data: [1], backgroundColor: '(ctx) => ctx.raw'}]}}",
                "data.datasets[0].backgroundColor", "functions are not accepted"),
        // Nothing is fetched on a request's behalf.
        Refusal("{type: 'bar', data: {datasets: [{data: [1]}]}, options: {plugins: {backgroundImageUrl: "
                + "'https://example.com/a.png'}}}", "options.plugins.backgroundImageUrl", "external images are not fetched"),
        // Types.
        Refusal("{type: 'sankey', data: {datasets: []}}", "type", #"expected one of "bar", "horizontalBar""#),
        Refusal("{type: 'polarArea', data: {datasets: [{data: [1]}]}}", "type", #""sparkline", got "polarArea""#),
        Refusal("{data: {datasets: [{data: [1]}]}}", "type", "required field is missing"),
        Refusal("{type: 'bar'}", "data", "required field is missing"),
        Refusal("{type: 'bar', data: {labels: []}}", "data.datasets", "required field is missing"),
        Refusal("{type: 'bar', data: {datasets: [{type: 'bubble', data: [1]}]}}",
                "data.datasets[0].type", #"expected "bar" or "line", got "bubble""#),
        Refusal("{type: 'pie', data: {datasets: [{type: 'line', data: [1]}]}}",
                "data.datasets[0].type", "only bar and line charts mix dataset types"),
        Refusal("{type: 'sparkline', data: {datasets: [{data: [1]}, {data: [2]}]}}", "data.datasets",
                "a sparkline draws exactly 1 dataset, got 2"),
        Refusal("[1, 2]", "", "expected a Chart.js config object, got an array"),
        // Data.
        Refusal("{type: 'bar', data: {datasets: [{data: [1, 'abc']}]}}",
                "data.datasets[0].data[1]", #"expected a number, a numeric string or null, got "abc""#),
        Refusal("{type: 'bar', data: {datasets: [{data: [1, true]}]}}",
                "data.datasets[0].data[1]", "got a boolean"),
        Refusal("{type: 'bar', data: {datasets: [{data: [[1, 5], [2, 6]]}]}}",
                "data.datasets[0].data[0]", "floating bars"),
        Refusal("{type: 'scatter', data: {datasets: [{data: [{x: 1, y: 2}, 3]}]}}",
                "data.datasets[0].data[1]", "expected an {x, y} object like the elements before it, got a number"),
        Refusal("{type: 'scatter', data: {datasets: [{data: [{x: 1, y: 'high'}]}]}}",
                "data.datasets[0].data[0].y", #"got "high""#),
        Refusal("{type: 'scatter', data: {datasets: [{data: [{y: 2}]}]}}",
                "data.datasets[0].data[0].x", "a point needs an x"),
        Refusal("{type: 'bubble', data: {datasets: [{data: [{x: 1, y: 2, r: -4}]}]}}",
                "data.datasets[0].data[0].r", "expected a radius in px"),
        Refusal("{type: 'bar', data: {datasets: {data: [1]}}}", "data.datasets", "expected an array, got an object"),
        Refusal("{type: 'bar', data: {datasets: [{data: 5}]}}", "data.datasets[0].data", "expected an array"),
        Refusal("{type: 'bar', data: {labels: [{}], datasets: [{data: [1]}]}}", "data.labels[0]", "got an object"),
        // Colours.
        Refusal("{type: 'bar', data: {datasets: [{data: [1, 2, 3], backgroundColor: ['red', 'blue', 'reddish']}]}}",
                "data.datasets[0].backgroundColor[2]", "expected a CSS color"),
        Refusal("{type: 'bar', data: {datasets: [{data: [1], backgroundColor: {gradient: 1}}]}}",
                "data.datasets[0].backgroundColor", "gradients and patterns need code"),
        Refusal("{type: 'line', data: {datasets: [{data: [1], borderColor: 'rgb(300, 0, 0)'}]}}",
                "data.datasets[0].borderColor", "expected a CSS color"),
        // Styling enums.
        Refusal("{type: 'line', data: {datasets: [{data: [1], stepped: 'sideways'}]}}",
                "data.datasets[0].stepped", #"got "sideways""#),
        Refusal("{type: 'line', data: {datasets: [{data: [1], fill: '+1'}]}}",
                "data.datasets[0].fill", "fills between datasets are not supported"),
        Refusal("{type: 'line', data: {datasets: [{data: [1], pointStyle: 'star'}]}}",
                "data.datasets[0].pointStyle", #"got "star""#),
        Refusal("{type: 'line', data: {datasets: [{data: [1], tension: -1}]}}",
                "data.datasets[0].tension", "expected a number ≥ 0"),
        Refusal("{type: 'line', data: {datasets: [{data: [1], cubicInterpolationMode: 'smooth'}]}}",
                "data.datasets[0].cubicInterpolationMode", #""default" or "monotone""#),
        Refusal("{type: 'bar', data: {datasets: [{data: [1], hidden: 'yes'}]}}",
                "data.datasets[0].hidden", "expected true or false"),
        Refusal("{type: 'bar', data: {datasets: [{data: [1]}]}, options: {indexAxis: 'z'}}",
                "options.indexAxis", #"expected "x" or "y""#),
        // Found by the native decoder, mapped back to Chart.js paths.
        Refusal(bar, request: ChartJSRequest(width: 9000), "width", "must be between 16 and 4096, got 9000"),
        Refusal(bar, request: ChartJSRequest(devicePixelRatio: 5), "devicePixelRatio", "must be between 1 and 4"),
        Refusal(bar, request: ChartJSRequest(backgroundColor: "nope"), "backgroundColor", "expected a CSS color"),
        Refusal(bar, request: ChartJSRequest(width: 4000, height: 4000, format: .png), "devicePixelRatio",
                "over the limit of 16,777,216"),
        Refusal(request: v3, line("data: [1, 2], borderDash: [4, -1]"), "data.datasets[0].borderDash[1]",
                "must be between 0 and 4096, got -1"),
        Refusal(request: v3, line("data: [1, 2], borderWidth: 100"), "data.datasets[0].borderWidth",
                "between 0.25 and 32"),
        Refusal(request: v3, "{type: 'line', data: {datasets: [{hidden: true, data: [1]}, {pointRadius: 0, data: [1],"
                + " borderDash: [-2]}]}}", "data.datasets[1].borderDash[0]", "must be between 0 and 4096, got -2"),
        Refusal(request: v3, line("data: [{x: 2, y: 1}, {x: 1, y: 2}]"), "data.datasets[0].data[1].x",
                "x must not decrease"),
        Refusal(request: v3, line("data: [[2, 1], [1, 2]]"), "data.datasets[0].data[1][0]", "x must not decrease"),
        Refusal(request: v3, line("data: [{x: 'May 1', y: 1}]"), "data.datasets[0].data[0].x", "need a time axis"),
        Refusal(request: v3, line("label: '\\u0007', data: [1]"), "data.datasets[0].label", "control characters"),
        Refusal("{type: 'bar', data: {labels: ['a\\nb'], datasets: [{data: [1]}]}}", "data.labels[0]",
                "control characters"),
        Refusal("{type: 'bar', data: {datasets: [{data: [1], hidden: true}]}}", "data.datasets",
                "must have between 1 and 64 series, got 0"),
    ]

    @Test(arguments: refusals)
    func isRefusedAtItsChartJSPath(refusal: Refusal) throws {
        let value = try config(refusal.config)
        #expect {
            _ = try ChartJSDialect.translate(value, refusal.request)
        } throws: { error in
            guard let issue = (error as? SpecError)?.issues.first else { return false }
            return issue.path == refusal.path && issue.message.contains(refusal.fragment)
        }
    }

    /// More points than a series may have: the native limit, reported at the dataset's `data`. Cost stays linear:
    /// a 2-million-point config takes about 2 s in a debug build on an idle core (1 s of it the function-string scan);
    /// the bound is loose enough for a loaded machine and still catches any quadratic step (hours at this size).
    @Test func aHugeDatasetIsRefusedAtItsData() throws {
        let data = JSONValue.array(Array(repeating: .number(1), count: 2_000_000))
        let value = JSONValue.object([
            JSONMember(key: "type", value: .string("bar")),
            JSONMember(key: "data", value: .object([
                JSONMember(key: "datasets", value: .array([.object([JSONMember(key: "data", value: data)])])),
            ])),
        ])
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            _ = try ChartJSDialect.translate(value, ChartJSRequest())
        } throws: { error in
            guard let issue = (error as? SpecError)?.issues.first else { return false }
            return issue.path == "data.datasets[0].data" && issue.message.contains("1000000")
        }
        #expect(clock.now - start < .seconds(30))
    }

    /// Every problem is listed, but at most `maxReportedIssues` of them plus a count.
    @Test func tenThousandBadValuesGiveABoundedError() throws {
        let data = JSONValue.array(Array(repeating: .string("x"), count: 10_000))
        let value = JSONValue.object([
            JSONMember(key: "type", value: .string("bar")),
            JSONMember(key: "data", value: .object([
                JSONMember(key: "datasets", value: .array([.object([JSONMember(key: "data", value: data)])])),
            ])),
        ])
        #expect {
            _ = try ChartJSDialect.translate(value, ChartJSRequest())
        } throws: { error in
            guard let issues = (error as? SpecError)?.issues else { return false }
            return issues.count == ChartSpec.Limits.maxReportedIssues + 1
                && issues.last?.message
                    == "… and \(10_000 - ChartSpec.Limits.maxReportedIssues) more problems not listed"
        }
    }
}
