import ChartRender
import ChartSpec
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The whole pipeline from JSON bytes to image bytes, as the CLI and the server use it.
@Suite struct PipelineTests {
    let renderer = ChartRenderer.shared

    @Test(arguments: ExampleFiles.names)
    func exampleSVGIsWellFormedXML(name: String) throws {
        let svg = try renderer.render(json: try ExampleFiles.spec(name), format: .svg).bytes
        let parser = XMLParser(data: Data(svg))
        #expect(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")")
    }

    @Test func hostileLabelsAppearOnlyEscaped() throws {
        let json = """
            {"title": "<script>alert(1)</script>", "labels": ["a&b", "\\"><svg onload=x>"],
             "series": [{"name": "<b>bold</b>", "values": [1, 2]}]}
            """
        let svg = String(decoding: try renderer.render(json: Array(json.utf8), format: .svg).bytes, as: UTF8.self)
        #expect(!svg.contains("<script>"))
        #expect(!svg.contains("<b>"))
        #expect(!svg.contains("\"><svg onload"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func validationErrorsNameTheirJSONPath() {
        let json = #"{"width": 9000, "series": [{"values": [1, "x"]}, {"values": [1], "colour": "red"}]}"#
        #expect {
            _ = try renderer.render(json: Array(json.utf8))
        } throws: { error in
            guard case .invalidSpec(let error) = error as? RenderError else { return false }
            let paths = Set(error.issues.map(\.path))
            return paths.isSuperset(of: ["width", "series[0].values[1]", "series[1].colour"])
        }
    }

    @Test func formatArgumentOverridesTheSpec() throws {
        let json = #"{"format": "png", "series": [{"values": [1, 2, 3]}]}"#
        let rendered = try renderer.render(json: Array(json.utf8), format: .svg)
        #expect(rendered.format == .svg)
        #expect(rendered.contentType == "image/svg+xml")
        #expect(String(decoding: rendered.bytes.prefix(5), as: UTF8.self) == "<svg ")
    }
}

/// Animated SVG through the pipeline: the spec's animation options reach the SVG writer.
@Suite struct AnimatedPipelineTests {
    let renderer = ChartRenderer.shared

    func render(_ json: String, _ format: OutputFormat) throws -> String {
        String(decoding: try renderer.render(json: Array(json.utf8), format: format).bytes, as: UTF8.self)
    }

    @Test func smilAnimatesAndEveryAnimationFreezes() throws {
        let svg = try render(#"{"series": [{"values": [1, 3, 2], "dots": true, "fill": "gradient"}]}"#, .smil)
        let animations = svg.components(separatedBy: "<animate").count - 1
        #expect(animations >= 5)  // line growth, fill fade, three dot pops
        #expect(svg.components(separatedBy: #"fill="freeze""#).count - 1 == animations)
    }

    @Test(arguments: ["line", "pie", "doughnut"])
    func animationFalseGivesThePlainSVG(type: String) throws {
        let plain = try render(#"{"type": "\#(type)", "series": [{"values": [1, 3, 2]}]}"#, .svg)
        let disabled = try render(#"{"type": "\#(type)", "animation": false, "series": [{"values": [1, 3, 2]}]}"#,
                                  .smil)
        #expect(disabled == plain)
    }

    /// The pie's sweep is the mask's dash growth: held at nothing until the delay, then to the whole turn over the
    /// duration along the easing (none for linear); the labels fade in after it.
    @Test func pieSweepFollowsTheSpecsDelayDurationAndEasing() throws {
        let linear = try render(#"{"type": "pie", "animation": {"duration": 2, "delay": 0.5, "easing": "linear"}, "#
            + #""series": [{"values": [3, 2, 1]}]}"#, .smil)
        #expect(linear.contains(#"<g class="pie" mask="url(#c-s0)">"#))
        #expect(linear.contains(#"<animate attributeName="stroke-dasharray" values="0 2;0 2;1 0" keyTimes="0;.2;1" "#
            + #"dur="2.5s" fill="freeze"/></path></mask>"#))
        let eased = try render(#"{"type": "doughnut", "series": [{"values": [3, 2, 1]}]}"#, .smil)
        #expect(eased.contains(#"<animate attributeName="stroke-dasharray" values="0 2;1 0" keyTimes="0;1" "#
            + #"calcMode="spline" keySplines=".42 0 .58 1" dur="1.2s" fill="freeze"/></path></mask>"#))
        // The default labels fade in from the end of the 1.2 s sweep over 0.4 s.
        #expect(eased.contains(#"<g class="slice-label" data-index="0"><title>Item 1: 3 (50%)</title>"#
            + #"<animate attributeName="opacity" values="0;0;1" keyTimes="0;.75;1" dur="1.6s" fill="freeze"/>"#))
    }

    @Test func durationAndDelayReachTheDocument() throws {
        // Every animation starts at 0 and holds its first value until its entrance, so a 1 s delay before a
        // 2.5 s line growth is one 3.5 s timeline whose motion starts at 1/3.5 ≈ .286 of it.
        let svg = try render(#"{"animation": {"duration": 2.5, "delay": 1}, "series": [{"values": [1, 3, 2]}]}"#, .smil)
        #expect(svg.contains(#"values="0 2;0 2;1 0" keyTimes="0;.286;1""#))
        #expect(svg.contains(#"dur="3.5s""#))
    }
}
