import Testing
@testable import ChartSpec

/// A PNG may have at most 16,777,216 device pixels, counted as the rasterizer allocates them (each side rounded up);
/// a spec over it is refused at `scale` with the sizes, the limit and the largest scale that fits.
struct RasterBudgetTests {
    func spec(_ width: Double, _ height: Double, _ scale: Double) -> ChartSpec {
        var spec = ChartSpec()
        spec.width = width
        spec.height = height
        spec.scale = scale
        return spec
    }

    @Test(arguments: [
        (4096.0, 4096.0, 1.0, true), (2048, 2048, 2, true), (1280, 720, 4, true), (1366, 768, 4, false),
        (2049, 2048, 2, false), (4096, 4096, 1.01, false), (4096, 4096, 4, false),
        // w × h × s² = 16,776,475 fits, but the image is 4097 × 4096 = 16,781,312 px: the rasterizer would refuse it.
        (4096, 4095, 1.0001, false), (4095, 4095, 1.0001, true),
    ])
    func budgetCountsTheRasterizersPixels(width: Double, height: Double, scale: Double, fits: Bool) {
        let s = spec(width, height, scale)
        #expect(s.rasterPixels == (width * scale).rounded(.up) * (height * scale).rounded(.up))
        if fits {
            #expect(s.rasterBudgetIssue == nil)
            #expect(throws: Never.self) { try s.checkRasterBudget() }
        } else {
            #expect(s.rasterBudgetIssue?.path == "scale")
            #expect(throws: SpecError(issues: s.rasterBudgetIssue.map { [$0] } ?? [])) { try s.checkRasterBudget() }
        }
    }

    @Test func messageGivesTheSizesTheLimitAndAScaleThatFits() throws {
        let issue = try #require(spec(2000, 1500, 3).rasterBudgetIssue)
        #expect(issue.path == "scale")
        #expect(issue.message == "a 2000×1500 PNG at scale 3 is 6000×4500 = 27,000,000 device pixels, over the limit "
            + "of 16,777,216 (width × height × scale², each side rounded up to whole pixels); use a scale of at most "
            + "2.36 or a smaller width or height")
        #expect(issue.description.hasPrefix("scale: a 2000×1500 PNG"))
    }

    /// The suggested scale is the largest (in hundredths) that fits: it passes and a hundredth more does not.
    @Test(arguments: [(2000.0, 1500.0, 3.0), (4096, 4096, 1.5), (4096, 4095, 1.0001), (1366, 768, 4), (3001, 2999, 2)])
    func suggestedScaleIsTheLargestThatFits(width: Double, height: Double, scale: Double) throws {
        let s = spec(width, height, scale)
        let fitting = try #require(s.largestFittingScale())
        #expect(try #require(s.rasterBudgetIssue).message.contains("at most \(Diagnostics.show(fitting)) "))
        #expect(spec(width, height, fitting).rasterBudgetIssue == nil)
        if fitting < scale - 0.005 {
            #expect(spec(width, height, fitting + 0.01).rasterBudgetIssue != nil)
        }
    }

    @Test func groupedNumbers() {
        #expect([0, 7, 999, 1000, 16_777_216, -1_234_567].map(Diagnostics.grouped)
            == ["0", "7", "999", "1,000", "16,777,216", "-1,234,567"])
    }

    /// A spec whose own format is PNG is refused by the validator, with its other problems; other formats are not
    /// limited (the PNG path checks again when PNG is chosen later).
    @Test func parseRefusesAnOversizedPNGUpFront() throws {
        let oversized = #"{"width": 2000, "height": 1500, "scale": 3, "series": [{"values": [1]}]"#
        for format in ["svg", "smil", "json"] {
            #expect(throws: Never.self) { try parseSpec(oversized + #", "format": "\#(format)"}"#) }
        }
        #expect(throws: Never.self) { try parseSpec(oversized + "}") }
        #expect(throws: SpecError(issues: [try #require(spec(2000, 1500, 3).rasterBudgetIssue)])) {
            try parseSpec(oversized + #", "format": "png"}"#)
        }
        do throws(SpecError) {
            _ = try parseSpec(#"{"format": "png", "width": 4096, "height": 4096, "scale": 4, "colour": "red", "#
                + #""series": [{"values": [1, "x"]}]}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.issues.map(\.path) == ["colour", "series[0].values[1]", "scale"])
        }
        // What the caller will render decides, not the spec's own format: an override to SVG is not limited, and an
        // override to PNG reports the budget with the other problems.
        #expect(throws: Never.self) {
            try ChartSpec.parse(Array((oversized + #", "format": "png"}"#).utf8), renderingAs: .svg)
        }
        do throws(SpecError) {
            _ = try ChartSpec.parse(Array((oversized + #", "colour": "red"}"#).utf8), renderingAs: .png)
            Issue.record("accepted")
        } catch {
            #expect(error.issues.map(\.path) == ["colour", "scale"])
        }
        // A size field with a problem of its own is reported alone, not judged as the budget with its default.
        do throws(SpecError) {
            _ = try parseSpec(#"{"format": "png", "width": 5000, "height": 4096, "scale": 4, "series": [{"values": [1]}]}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.issues.map(\.path) == ["width"])
        }
    }
}
