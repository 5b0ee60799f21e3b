import ChartAnimation
import ChartRender
import ChartSpec
import Testing

/// `format: "apng"` and `"gif"` through the whole pipeline: frame counts and timing from the timeline, loops from
/// `animation.repeat`, a single frame without animation, and the animated budget's 422. (Pixels are compared with
/// the PNG by scripts/check-animated-formats, with Pillow.)
@Suite struct AnimatedRasterTests {
    let renderer = ChartRenderer.shared
    static let spec = #"{"width":200,"height":120,"series":[{"values":[1,3,2,5]},{"values":[2,1,4,3]}]"#

    func render(_ json: String, _ format: OutputFormat, budget: RenderBudget = .standard) throws(RenderError)
        -> [UInt8]
    {
        try renderer.render(json: Array(json.utf8), format: format, options: RenderOptions(budget: budget)).bytes
    }

    /// The chunks of a PNG: (type, data).
    func chunks(_ png: [UInt8]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = [], at = 8
        while at + 8 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            out.append((String(decoding: png[at + 4..<at + 8], as: UTF8.self), Array(png[at + 8..<at + 8 + length])))
            at += 12 + length
        }
        return out
    }

    func be(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }

    /// Seconds the APNG's frames last together.
    func totalDelay(_ png: [UInt8]) -> Double {
        chunks(png).filter { $0.0 == "fcTL" }.reduce(0) { total, chunk in
            let num = Double(be(chunk.1[20..<22])), den = Double(be(chunk.1[22..<24]))
            return total + num / (den == 0 ? 100 : den)
        }
    }

    /// The frames the timeline asks for: ⌈cycle · fps⌉ samples and the final frame, each 1 / fps.
    func expectedDuration(_ json: String, fps: Int, repeatCount: Double = 1) throws -> Double {
        let spec = try ChartSpec.parse(Array(json.utf8))
        let options = spec.animation
        let choreography = Choreography(duration: options.duration, delay: options.delay, stagger: options.stagger,
                                        repeatCount: repeatCount)
        let cycle = AnimationTimeline(choreography, scene: renderer.scene(for: spec, interactive: false)).cycle
        return ((cycle * Double(fps)).rounded(.up) + 1) / Double(fps)
    }

    @Test func apngLastsTheTimelinesFramesAndPlaysAsOftenAsRepeatSays() throws {
        for (fps, repeatJSON, plays, repeatCount) in [(30, "1", 1, 1.0), (12, "3", 3, 3), (60, #""indefinite""#, 0,
                                                                                          .infinity)] {
            let json = Self.spec + #","animation":{"fps":\#(fps),"repeat":\#(repeatJSON)}}"#
            let png = try render(json, .apng)
            let all = chunks(png)
            let control = try #require(all.first { $0.0 == "acTL" }).1
            #expect(be(control[4..<8]) == plays)
            #expect(be(control[0..<4]) == all.filter { $0.0 == "fcTL" }.count)
            let expected = try expectedDuration(json, fps: fps, repeatCount: repeatCount)
            #expect(abs(totalDelay(png) - expected) < 1e-9, "fps \(fps): \(totalDelay(png)) s, want \(expected) s")
        }
    }

    @Test func gifSamplesAtMost50FPSSoNoDelayIsUnder2Centiseconds() throws {
        let json = Self.spec + #","animation":{"fps":60}}"#
        let gif = try render(json, .gif)
        // Graphic control extensions: 21 F9 04 <packed> <delay, 2 bytes little-endian> <index> 00.
        var delays: [Int] = []
        for i in 0..<gif.count - 8 where gif[i] == 0x21 && gif[i + 1] == 0xF9 && gif[i + 2] == 4 {
            let low = Int(gif[i + 4]), high = Int(gif[i + 5])
            delays.append(low | high << 8)
        }
        #expect(!delays.isEmpty && delays.allSatisfy { $0 >= 2 }, "\(delays)")
        let expected = try expectedDuration(json, fps: 50)
        #expect(delays.reduce(0, +) == Int((expected * 100).rounded()))
    }

    @Test func withoutAnimationBothFormatsAreOneFrame() throws {
        let json = Self.spec + #","animation":false}"#
        let apng = chunks(try render(json, .apng))
        #expect(be(try #require(apng.first { $0.0 == "acTL" }).1[0..<4]) == 1)
        let gif = try render(json, .gif)
        #expect(Array(gif.prefix(6)) == Array("GIF89a".utf8))
        // One image descriptor: a single 0x2C after a graphic control extension (21 F9 04 .. .. .. .. 00).
        let descriptors = (0..<gif.count - 9).filter { gif[$0] == 0x00 && gif[$0 + 1] == 0x2C && gif[$0 - 6] == 0xF9 }
        #expect(descriptors.count == 1)
    }

    @Test func tooManyFramesNameTheLargestFPSThatFits() throws {
        let json = Self.spec + #","animation":{"fps":60,"duration":4}}"#
        var budget = RenderBudget()
        budget.maxAnimatedFrames = 100
        var issues: [SpecIssue] = []
        do {
            _ = try render(json, .apng, budget: budget)
        } catch {
            if case .tooComplex(let found) = error { issues = found }
        }
        let issue = try #require(issues.first)
        #expect(issues.count == 1 && issue.path == "animation.fps")
        let fit = try #require(Int(issue.message.split(separator: " ").dropLast().last ?? ""))
        #expect(fit < 60 && issue.message.contains("at most 100 frames"))
        // The named rate renders; one more does not.
        _ = try render(json.replacingOccurrences(of: #""fps":60"#, with: #""fps":\#(fit)"#), .apng, budget: budget)
        #expect(throws: RenderError.self) {
            try render(json.replacingOccurrences(of: #""fps":60"#, with: #""fps":\#(fit + 1)"#), .apng, budget: budget)
        }
    }

    @Test func aCanvasTooLargeForAnyFPSNamesAScale() throws {
        // One series drawn in 1 s, its last point popping until 1.33 s: ⌈1.33 · 1⌉ samples and the final frame.
        let json = #"{"width":400,"height":300,"scale":4,"series":[{"values":[1,3]}],"#
            + #""animation":{"fps":1,"duration":1}}"#
        #expect(try expectedDuration(json, fps: 1) == 3)
        var budget = RenderBudget()
        budget.maxAnimatedPixels = 3 * 800 * 600  // three frames at scale 2 (2.25 would be 3 × 900 × 675)
        do {
            _ = try render(json, .gif, budget: budget)
            Issue.record("rendered over the budget")
        } catch {
            guard case .tooComplex(let issues) = error else { throw error }
            #expect(issues.map(\.path) == ["scale"])
            #expect(issues.first?.message.hasSuffix("a scale of at most 2.00 fits") == true)
        }
    }
}
