import Testing
import ChartScene
@testable import ChartSpec

/// The `ring`, `diff` and `pie` option objects and the checks of the chart kinds that use them.
struct KindOptionsTests {
    @Test func ringOptionsAreRead() throws {
        let spec = try parseSpec(#"""
        {"type": "ring", "series": [{"values": [0.62]}, {"values": [0.1]}],
         "ring": {"thickness": 0.3, "thresholds": [{"below": 0.3, "color": "orange"}, {"below": 0.1, "color": "red"}],
                  "label": "name", "labels": ["3 days"], "track": "#eeeeee", "layout": "concentric",
                  "overflow": "show"}}
        """#)
        #expect(spec.type == .ring)
        #expect(spec.ring.thickness == 0.3)
        #expect(spec.ring.thresholds == [RingThreshold(below: 0.3, color: Color(rgb: 0xFFA500)),
                                         RingThreshold(below: 0.1, color: Color(rgb: 0xFF0000))])
        #expect(spec.ring.label == .name)
        #expect(spec.ring.labels == ["3 days"])
        #expect(spec.ring.track == Color(rgb: 0xEEEEEE))
        #expect(spec.ring.layout == .concentric)
        #expect(spec.ring.overflow == .show)
        #expect(try parseSpec(#"{"type": "ring", "series": [{"values": [1.3]}]}"#).ring.overflow == .clamp)
    }

    @Test(arguments: [(0.05, 0xFF0000 as UInt32?), (0.1, 0xFFA500), (0.29, 0xFFA500), (0.3, nil), (2, nil)])
    func theSmallestThresholdAboveTheValueWins(value: Double, expected: UInt32?) throws {
        let spec = try parseSpec(#"""
        {"type": "ring", "series": [{"values": [1]}],
         "ring": {"thresholds": [{"below": 0.1, "color": "red"}, {"below": 0.3, "color": "orange"}]}}
        """#)
        #expect(spec.ring.thresholdColor(for: value) == expected.map { Color(rgb: $0) })
    }

    @Test func diffAndPieOptionsAreRead() throws {
        let diff = try parseSpec(#"""
        {"type": "diff", "series": [{"values": [1]}, {"values": [2]}],
         "diff": {"markLeadChanges": false, "labels": true, "leadLabel": "{name}领先"}}
        """#)
        #expect(!diff.diff.markLeadChanges && diff.diff.labels)
        #expect(diff.diff.leadText("主队") == "主队领先")
        let pie = try parseSpec(#"""
        {"type": "doughnut", "series": [{"values": [1, 2]}],
         "pie": {"otherBelow": 0.05, "otherLabel": "Rest", "innerRadius": 0.5, "percentages": false}}
        """#)
        #expect(pie.type == .doughnut)
        #expect(pie.pie.otherBelow == 0.05 && pie.pie.otherLabel == "Rest" && pie.pie.innerRadius == 0.5)
        #expect(!pie.pie.percentages)
    }

    static let rejections: [Rejection] = [
        Rejection(#"{"type": "diff", "series": [{"values": [1]}, {"values": [2]}, {"values": [3]}]}"#, "series",
                  "a diff chart needs exactly 2 series (e.g. home and guest; the line is series 0 minus series 1), "
                      + "got 3"),
        Rejection(#"{"type": "diff", "series": [{"values": [1]}]}"#, "series", "needs exactly 2 series"),
        // Both series positive, as a log axis needs: the difference (here −1) still cannot be drawn on one.
        Rejection(#"{"type": "diff", "y": {"type": "log"}, "series": [{"values": [1, 2]}, {"values": [2, 1]}]}"#,
                  "y.type", "a diff chart draws a difference, which can be zero or negative, so its y axis cannot be "
                      + #"a log scale; use "linear""#),
        Rejection(#"{"type": "pie", "series": [{"values": [1]}, {"values": [2]}]}"#, "series",
                  "a pie chart takes exactly 1 series"),
        Rejection(#"{"type": "doughnut", "series": [{"values": [1, 2, -3]}]}"#, "series[0].values[2]",
                  "a slice cannot be negative, got -3"),
        Rejection(#"{"type": "pie", "series": [{"points": [[0, 1], [1, -2]]}]}"#, "series[0].points[1][1]",
                  "a slice cannot be negative"),
        Rejection(minimalSpec(#""ring": {"thickness": 0.9}"#), "ring.thickness", "must be between 0.02 and 0.5"),
        Rejection(minimalSpec(#""ring": {"thresholds": [{"below": 0.3}]}"#), "ring.thresholds[0].color",
                  "required field is missing"),
        Rejection(minimalSpec(#""ring": {"thresholds": [{"below": 0.3, "color": "nope"}]}"#),
                  "ring.thresholds[0].color", "expected"),
        Rejection(minimalSpec(#""ring": {"label": "value"}"#), "ring.label", #"expected one of "percent", "name""#),
        Rejection(minimalSpec(#""ring": {"labels": [1]}"#), "ring.labels[0]", "expected a string, got a number"),
        Rejection(minimalSpec(#""ring": []"#), "ring", "expected an object, got an array"),
        Rejection(minimalSpec(#""ring": {"layout": "grid"}"#), "ring.layout", #"expected one of "row", "concentric""#),
        Rejection(minimalSpec(#""ring": {"overflow": "wrap"}"#), "ring.overflow",
                  #"expected one of "clamp", "show""#),
        Rejection(minimalSpec(#""ring": {"overflow": true}"#), "ring.overflow", "got a boolean"),
        Rejection(minimalSpec(#""diff": {"markLeadChange": true}"#), "diff.markLeadChange",
                  #"unknown field (did you mean "markLeadChanges"?)"#),
        Rejection(minimalSpec(#""pie": {"otherBelow": 0.6}"#), "pie.otherBelow", "must be between 0 and 0.5, got 0.6"),
        Rejection(minimalSpec(#""pie": {"innerRadius": 1}"#), "pie.innerRadius", "must be between 0 and 0.9, got 1"),
    ]

    @Test(arguments: rejections)
    func isRejectedWithItsPath(_ r: Rejection) {
        let issues = specIssues(r.json)
        #expect(issues.count == 1, "\(issues)")
        #expect(issues.first?.path == r.path)
        #expect(issues.first?.message.contains(r.fragment) ?? false, "\(issues.first?.message ?? "")")
    }

    @Test func aBrokenSeriesIsNotCountedTwice() {
        let issues = specIssues(#"{"type": "diff", "series": [{"values": [1]}, 7]}"#)
        #expect(issues.map(\.path) == ["series[1]"])
    }

    @Test func negativeValuesAreFineOutsidePies() {
        #expect(specIssues(#"{"type": "ring", "series": [{"values": [-1]}]}"#) == [])
        #expect(specIssues(#"{"type": "diff", "series": [{"values": [-1]}, {"values": [-3]}]}"#) == [])
    }

    @Test func canonicalFormKeepsTheOptionsAndWritesTheDefaults() throws {
        let plain = try parseSpec(#"{"type": "pie", "series": [{"values": [1, 2]}]}"#)
        let explicit = try parseSpec(#"{"type": "pie", "series": [{"values": [1, 2]}], "pie": {"otherBelow": 0.03}}"#)
        #expect(plain.canonicalJSON == explicit.canonicalJSON)
        #expect(String(decoding: plain.canonicalJSON, as: UTF8.self).contains(#""pie":{"otherBelow":0.03,"#))
        let spec = try parseSpec(#"""
        {"type": "ring", "series": [{"values": [0.5]}],
         "ring": {"thickness": 0.25, "thresholds": [{"below": 0.2, "color": "red"}], "label": "none", "labels": ["x"],
                  "track": "#ddd", "layout": "concentric"},
         "diff": {"labels": true, "leadLabel": "{name}!"}, "pie": {"otherLabel": "Rest", "innerRadius": 0.4}}
        """#)
        #expect(try ChartSpec.parse(spec.canonicalJSON) == spec)
        for variant in [#""ring": {"thickness": 0.3}"#, #""diff": {"labels": true}"#, #""pie": {"otherBelow": 0}"#] {
            let changed = try parseSpec(minimalSpec(variant))
            #expect(changed.canonicalJSON != (try parseSpec(minimalSpec())).canonicalJSON)
        }
    }
}
