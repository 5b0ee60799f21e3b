import Testing
@testable import ChartSpec

/// `null` for an optional field is the field left out: a client that serializes its whole model (pydantic's
/// `model_dump()`, most generated clients) writes `null` for every field it did not set. The spec and its canonical
/// bytes (hence the ETag and the cache key) are those without the key. A required field still needs a value, and
/// inside data arrays `null` keeps its own meaning (a gap, the series color).
struct NullFieldTests {
    /// Fields that must have a value where they appear, and the path their problem names in
    /// `CanonicalFieldTests.base` (its annotations are hline, vline, bubble, box in that order).
    static let required: [String: String] = [
        "series[].values": "series[0].values",  // the base series has no points, so it needs its values
        "annotations[hline].y": "annotations[0].y",
        "annotations[vline].x": "annotations[1].x",
        "annotations[bubble].series": "annotations[2].series",
        "annotations[bubble].index": "annotations[2].index",
        "ring.thresholds[].below": "ring.thresholds[0].below",
        "ring.thresholds[].color": "ring.thresholds[0].color",
    ]

    /// Every field of every table (`SpecFields.table.fieldPaths`, so a new field is covered without an edit here).
    @Test(arguments: CanonicalFieldTests.fieldPaths)
    func nullIsTheFieldLeftOut(path: String) throws {
        let base = try SpecDocument(CanonicalFieldTests.base)
        let withNull = try base.setting(path, "null")
        if let at = Self.required[path] {
            #expect(specIssues(withNull.text).map(\.path) == [at], "\(path): null for a required field")
            return
        }
        let without = try parseSpec(base.removing(path).text)
        let spec = try parseSpec(withNull.text)
        #expect(spec == without, "\(path): null does not decode as the field left out")
        #expect(spec.canonicalJSON == without.canonicalJSON, "\(path): null changes the canonical form (the ETag)")
    }

    @Test func aModelDumpWithEveryUnsetFieldNullIsTheMinimalSpec() throws {
        let dump = #"{"type": null, "width": null, "height": null, "scale": null, "format": null, "title": null,"#
            + #" "titleStyle": null, "subtitle": null, "labels": null, "x": {"min": null, "type": null,"#
            + #" "timeZone": null, "start": null, "step": null}, "y": {"max": null, "grid": null}, "y2": null,"#
            + #" "annotations": null, "theme": null, "background": null, "palette": null, "legend": null,"#
            + #" "axes": null, "animation": null, "text": null, "compression": null, "quality": null, "bars": null,"#
            + #" "ring": null, "diff": null, "pie": null, "series": [{"name": null, "values": [1, 2, 3],"#
            + #" "points": null, "color": null, "colors": null, "dots": null, "dash": null, "type": null,"#
            + #" "axis": null, "decimation": null}]}"#
        let minimal = try parseSpec(#"{"x": {}, "y": {}, "series": [{"values": [1, 2, 3]}]}"#)
        let spec = try parseSpec(dump)
        #expect(spec == minimal)
        #expect(spec.canonicalJSON == minimal.canonicalJSON)
    }

    /// Where `null` is not "absent": required members, array elements, and `series` entries.
    static let refusals: [Rejection] = [
        Rejection(#"{"series": null}"#, "series", "expected an array, got null"),
        Rejection(#"{"series": [null]}"#, "series[0]", "expected an object, got null"),
        Rejection(#"{"series": [{"values": null, "points": null}]}"#, "series[0].values",
                  "required field is missing"),
        Rejection(minimalSpec(#""labels": ["a", null]"#), "labels[1]", "expected a string, got null"),
        Rejection(minimalSpec(#""palette": [null]"#), "palette[0]", "expected a CSS color"),
        Rejection(seriesSpec(#""dash": [4, null]"#), "series[0].dash[1]", "expected a number, got null"),
        Rejection(#"{"series": [{"points": [[null, 1]]}]}"#, "series[0].points[0][0]",
                  "expected a number or an ISO-8601 timestamp, got null"),
        Rejection(minimalSpec(#""annotations": [{"type": null, "y": 1}]"#), "annotations[0].type",
                  "got null"),
        Rejection(minimalSpec(#""annotations": [{"type": "hline", "y": null}]"#), "annotations[0].y",
                  "expected a number, got null"),
        Rejection(minimalSpec(#""titel": null"#), "titel", "unknown field"),
    ]

    @Test(arguments: refusals)
    func nullIsRefusedWhereAValueIsNeeded(_ r: Rejection) {
        let issues = specIssues(r.json)
        #expect(issues.map(\.path) == [r.path], "\(issues)")
        #expect(issues.first?.message.contains(r.fragment) == true, "\(issues)")
    }

    /// In data arrays `null` is a gap, not an absent point: the canonical form keeps it.
    @Test func nullInValuesStaysAGap() throws {
        let gap = try parseSpec(#"{"series": [{"values": [1, null, 3]}]}"#)
        let none = try parseSpec(#"{"series": [{"values": [1, 3]}]}"#)
        #expect(gap.series[0].points.map(\.y) == [1, nil, 3])
        #expect(gap.canonicalJSON != none.canonicalJSON)
        let colors = try parseSpec(#"{"series": [{"values": [1, 2], "colors": ["red", null]}]}"#)
        #expect(colors.series[0].colors.count == 2 && colors.series[0].colors[1] == nil)
    }
}
