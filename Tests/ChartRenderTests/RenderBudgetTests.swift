import ChartRender
import ChartScene
import ChartSpec
import Foundation
import Testing

/// The cost model: sub-pixel dashes drawn as what they look like, every budget refusing with a path that names
/// what to reduce, cancellation stopping a render. Small canvases keep the hostile shapes cheap here; the hostile
/// corpus (scripts/check-hostile) sends the full-size ones to the release server.
struct RenderBudgetTests {
    let renderer = ChartRenderer.shared

    func render(_ json: String, _ format: OutputFormat, options: RenderOptions = RenderOptions())
        throws(RenderError) -> RenderedChart
    {
        try renderer.render(json: Array(json.utf8), format: format, options: options)
    }

    func problems(_ json: String, _ format: OutputFormat, budget: RenderBudget = .standard) -> [SpecIssue] {
        do {
            _ = try render(json, format, options: RenderOptions(budget: budget))
            return []
        } catch {
            guard case .tooComplex(let issues) = error else { return [SpecIssue(path: "?", message: "\(error)")] }
            return issues
        }
    }

    /// 0.03 px dashes (the 92-byte request that cost 360 MB) are a solid stroke at half opacity, in SVG and PNG.
    @Test func subPixelDashesAreDrawnAsASolidStrokeAtTheDutyCycle() throws {
        let dashed = #"{"width":300,"height":200,"series":[{"values":[0,100],"lineWidth":32,"dash":[0.03,0.03],"#
            + #""color":"rgb(0,0,255)"}]}"#
        let svg = String(decoding: try render(dashed, .svg).bytes, as: UTF8.self)
        #expect(!svg.contains("stroke-dasharray"))
        #expect(svg.contains(#"stroke-opacity=".5""#))
        // The PNG is the PNG of the same line, solid, at half the alpha.
        let solid = dashed.replacingOccurrences(of: #""dash":[0.03,0.03],"color":"rgb(0,0,255)""#,
                                                with: #""color":"rgba(0,0,255,0.5)""#)
        #expect(try render(dashed, .png).bytes == render(solid, .png).bytes)
        // A quarter duty cycle: [0.1, 0.3] is on a quarter of the time.
        #expect(FineDashes.dutyCycle(of: [0.1, 0.3]) == 0.25)
        #expect(FineDashes.dutyCycle(of: [0.2]) == 0.5)  // odd patterns repeat: 0.2 on, 0.2 off
        #expect(FineDashes.dutyCycle(of: [1, 1]) == nil)  // a 2-px period is drawn as dashes
        #expect(FineDashes.dutyCycle(of: []) == nil)
    }

    @Test func tooManyDashesNameTheSeriesWithTheMost() {
        let series = (0..<8).map { k in
            #"{"values":[0,100,0,100],"dash":[\#(k == 5 ? "0.6,0.6" : "4,4")]}"#
        }.joined(separator: ",")
        let json = #"{"width":4096,"height":4096,"series":[\#(series)]}"#
        var budget = RenderBudget()
        budget.maxDashes = 12_000
        let issues = problems(json, .svg, budget: budget)
        #expect(issues.map(\.path) == ["series[5].dash"])
        #expect(issues.first?.message.contains("at most 12,000") == true)
        #expect(problems(json, .svg).isEmpty)  // within the default budget
    }

    @Test func rasterWorkOverTheBudgetNamesAScaleThatFits() throws {
        let json = #"{"width":1000,"height":1000,"scale":4,"series":[{"values":[1,2,3],"fill":"solid"}]}"#
        var budget = RenderBudget()
        budget.maxRasterWork = 20_000_000
        let issues = problems(json, .png, budget: budget)
        let issue = try #require(issues.first)
        #expect(issue.path == "scale")
        #expect(issue.message.contains("a scale of at most"))
        // At scale 1 there is no smaller scale: the series is named.
        let atOne = problems(json.replacingOccurrences(of: #""scale":4,"#, with: ""), .png, budget: {
            var tight = budget
            tight.maxRasterWork = 1_000_000
            return tight
        }())
        #expect(atOne.map(\.path) == ["series[0]"])
        // SVG is not rasterized by us: no pixel budget.
        #expect(problems(json, .svg, budget: budget).isEmpty)
    }

    @Test func textAsOutlinesIsBudgetedBeforeItIsLowered() throws {
        let label = String(repeating: "W", count: 200)
        let labels = (0..<400).map { _ in "\"\(label)\"" }.joined(separator: ",")
        let json = #"{"text":"paths","labels":[\#(labels)],"series":[{"values":[\#((0..<400).map(String.init).joined(separator: ","))]}]}"#
        var budget = RenderBudget()
        budget.maxOutputBytes = 100_000
        let issues = problems(json, .svg, budget: budget)
        #expect(!issues.isEmpty)
        #expect(issues.allSatisfy { $0.message.contains("MiB") })
    }

    @Test func outputOverTheByteBudgetIsRefused() throws {
        var budget = RenderBudget()
        budget.maxOutputBytes = 200
        let issues = problems(#"{"series":[{"values":[1,2,3,4,5,6,7,8]}]}"#, .json, budget: budget)
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("json output") == true)
    }

    /// An SVG is not walked before writing (no dashes, no outlines): the writer itself stops past the byte budget.
    @Test(arguments: [OutputFormat.svg, .smil])
    func theSVGWriterStopsAtTheByteBudget(format: OutputFormat) {
        let values = (0..<1500).map { String($0 % 37) }.joined(separator: ",")
        let json = #"{"series":[{"values":[\#(values)],"dots":true}]}"#
        var budget = RenderBudget()
        budget.maxOutputBytes = 20_000
        let issues = problems(json, format, budget: budget)
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("output is 0.0") == true, "\(issues)")  // stopped near 20 kB
        #expect(problems(json, format).isEmpty)
    }

    /// The PDF writer stops once its content passes its allowance, long before writing everything, and the
    /// refusal is the 422 of an output over the byte budget.
    @Test func thePDFWriterStopsAtTheByteBudget() {
        let values = (0..<3000).map { String($0 % 37) }.joined(separator: ",")
        let json = #"{"series":[{"values":[\#(values)],"dots":true}]}"#
        var budget = RenderBudget()
        budget.maxOutputBytes = 20_000
        let issues = problems(json, .pdf, budget: budget)
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("pdf output") == true, "\(issues)")
        #expect(problems(json, .pdf).isEmpty)
    }

    @Test(arguments: [OutputFormat.svg, .smil, .png, .json, .pdf])
    func aCancelledRenderThrowsCancelled(format: OutputFormat) {
        let options = RenderOptions(cancellation: CancellationCheck { true })
        #expect(throws: RenderError.self) { try render(#"{"series":[{"values":[1,2,3]}]}"#, format, options: options) }
        do {
            _ = try render(#"{"series":[{"values":[1,2,3]}]}"#, format, options: options)
        } catch {
            guard case .cancelled = error else {
                Issue.record("expected .cancelled, got \(error)")
                return
            }
        }
    }

    @Test func theIDPrefixReachesEveryID() throws {
        let svg = String(decoding: try render(#"{"series":[{"values":[1,2,3],"fill":"solid"}]}"#, .svg,
                                              options: RenderOptions(idPrefix: "c0123abcd")).bytes, as: UTF8.self)
        #expect(svg.contains(#"id="c0123abcd-title""#))
        #expect(!svg.contains(#"id="c-"#))
    }
}
