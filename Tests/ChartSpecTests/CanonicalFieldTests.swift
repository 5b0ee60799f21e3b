import Testing
@testable import ChartSpec

/// Every field of every spec table is both read and written canonically: a field that is read but forgotten by the
/// canonical form would give two different charts one ETag. The tests walk the tables' own field lists
/// (`SpecFields.table.fieldPaths`), so a new field fails here until it has a sample below.
struct CanonicalFieldTests {
    /// A non-default value for one field, set into `base`. `needs` are other fields it is only valid with (set in
    /// both specs compared); `replacing` is a sibling it cannot be given with (removed when the sample is set).
    struct Sample: Sendable {
        let json: String
        var needs: [(path: String, json: String)] = []
        var replacing: String?
        /// The field cannot be set in this table (the same table serves x and y): the sample must be rejected.
        var rejected = false
    }

    /// One of every array element that has a table, with its required fields: the sample of a field inside it
    /// then changes that field alone.
    static let base = #"{"series":[{"values":[1,2,3]}],"annotations":[{"type":"hline","y":1},"#
        + #"{"type":"vline","x":1},{"type":"bubble","series":0,"index":0},{"type":"box"}],"#
        + ##""ring":{"thresholds":[{"below":0.5,"color":"#ff0000"}]}}"##

    static let timeAxis = [(path: "x.type", json: #""time""#)]
    /// A second series on `y2`, which an annotation measured on `y2` needs.
    static let onY2 = [(path: "series", json: #"[{"values": [1, 2, 3]}, {"values": [4, 5], "axis": "y2"}]"#)]

    /// A sample for every field path, in the tables' order. Add one when you add a field.
    static let samples: [String: Sample] = [
        "type": Sample(json: #""area""#),
        "width": Sample(json: "800"),
        "height": Sample(json: "500"),
        "scale": Sample(json: "2"),
        "format": Sample(json: #""svg""#),
        "title": Sample(json: #""T \"q\" \\ é\nline 2""#),
        "titleStyle.color": Sample(json: #""crimson""#),
        "titleStyle.size": Sample(json: "6"),
        "subtitle": Sample(json: #""s""#),
        "labels": Sample(json: #"["a", "b", "c"]"#),
        "series[].name": Sample(json: #""n""#),
        "series[].values": Sample(json: "[4, null, 6e-7]"),
        "series[].points": Sample(json: "[[-1, 1, 2], [0.5, null, 0], [1e21, 3, 0.5]]", replacing: "values"),
        "series[].sizeMode": Sample(json: #""radius""#),
        "series[].color": Sample(json: ##""#11223344""##),
        "series[].colors": Sample(json: ##"["red", null, "#0f08"]"##),
        "series[].borderColor": Sample(json: #""navy""#),
        "series[].borderWidth": Sample(json: "0"),
        "series[].line": Sample(json: "false"),
        "series[].spanGaps": Sample(json: "true"),
        "series[].curve": Sample(json: #""cubic""#),
        "series[].lineWidth": Sample(json: "0.25"),
        "series[].dots": Sample(json: #"{"style": "filled", "radius": 24, "shape": "diamond"}"#),
        "series[].fill": Sample(json: #""gradient""#),
        "series[].fillOpacity": Sample(json: "0.7"),
        "series[].fillColor": Sample(json: #""rgba(54, 162, 235, 0.2)""#),
        "series[].fillTo": Sample(json: #""bottom""#),
        "series[].strokeGradient": Sample(json: #"["red", "lime", "blue"]"#),
        "series[].dash": Sample(json: "[1.5, 0]"),
        "series[].type": Sample(json: #""bar""#),
        "series[].decimation": Sample(json: #""minmax""#),
        "series[].axis": Sample(json: #""y2""#),
        "x.min": Sample(json: "-2"),
        "x.max": Sample(json: "1e22"),
        "x.tickCount": Sample(json: "3"),
        "x.title": Sample(json: #""x""#),
        "x.grid": Sample(json: #"{"dash": [4, 2.5]}"#),
        "x.format": Sample(json: #""si""#),
        "x.type": Sample(json: #""time""#),
        "x.timeZone": Sample(json: #""+08:00""#, needs: timeAxis),
        "x.start": Sample(json: "1000", needs: timeAxis),
        "x.step": Sample(json: "60000", needs: timeAxis),
        "x.show": Sample(json: "false"),
        "x.tickStep": Sample(json: "0.25"),
        "x.softMin": Sample(json: "-3"),
        "x.softMax": Sample(json: "1e300"),
        "x.zero": Sample(json: "true"),
        "y.min": Sample(json: "0.5"),
        "y.max": Sample(json: "10"),
        "y.tickCount": Sample(json: "20"),
        "y.title": Sample(json: #""y""#),
        "y.grid": Sample(json: "false"),
        "y.format": Sample(json: #"".1%""#),
        "y.type": Sample(json: #""log""#),
        "y.timeZone": Sample(json: #""UTC""#, rejected: true),
        "y.start": Sample(json: #""2026-03-01""#),
        "y.step": Sample(json: "1"),
        "y.show": Sample(json: "false"),
        "y.tickStep": Sample(json: "1e-300"),
        "y.softMin": Sample(json: "0.001"),
        "y.softMax": Sample(json: "20"),
        "y.zero": Sample(json: "false"),
        "y2.min": Sample(json: "-3"),
        "y2.max": Sample(json: "30"),
        "y2.tickCount": Sample(json: "4"),
        "y2.title": Sample(json: #""right""#),
        "y2.grid": Sample(json: "true"),
        "y2.format": Sample(json: #"",""#),
        "y2.type": Sample(json: #""log""#),
        "y2.timeZone": Sample(json: #""UTC""#, rejected: true),
        "y2.start": Sample(json: "5"),
        "y2.step": Sample(json: "2"),
        "y2.show": Sample(json: "false"),
        "y2.tickStep": Sample(json: "5"),
        "y2.softMin": Sample(json: "-1"),
        "y2.softMax": Sample(json: "40"),
        "y2.zero": Sample(json: "true"),
        "annotations[hline].y": Sample(json: "2"),
        "annotations[hline].label": Sample(json: #""l""#),
        "annotations[hline].color": Sample(json: #""navy""#),
        "annotations[hline].dash": Sample(json: "[2, 2]"),
        "annotations[hline].axis": Sample(json: #""y2""#, needs: onY2),
        "annotations[vline].x": Sample(json: "2"),
        "annotations[vline].label": Sample(json: #""v""#),
        "annotations[vline].color": Sample(json: ##""#0f08""##),
        "annotations[vline].dash": Sample(json: "[3]"),
        "annotations[bubble].series": Sample(
            json: "1", needs: [(path: "series", json: #"[{"values": [1, 2, 3]}, {"values": [4, 5]}]"#)]),
        "annotations[bubble].index": Sample(json: "1"),
        "annotations[bubble].label": Sample(json: #""b""#),
        "annotations[box].xMin": Sample(json: "0.5"),
        "annotations[box].xMax": Sample(json: #""2026-03-01T12:00""#, needs: timeAxis),
        "annotations[box].yMin": Sample(json: "-1e-9"),
        "annotations[box].yMax": Sample(json: "2"),
        "annotations[box].color": Sample(json: #""rgba(255, 0, 0, 0.25)""#),
        "annotations[box].borderColor": Sample(json: #""red""#),
        "annotations[box].label": Sample(json: #""target""#),
        "annotations[box].axis": Sample(json: #""y2""#, needs: onY2),
        "theme": Sample(json: #""dark""#),
        "background": Sample(json: #""rgba(0,0,0,0.5)""#),
        "palette": Sample(json: #"["red"]"#),
        "legend.show": Sample(json: "false"),
        "legend.position": Sample(json: #""right""#),
        "axes": Sample(json: "false"),
        "animation.duration": Sample(json: "0.05"),
        "animation.easing": Sample(json: #""linear""#),
        "animation.delay": Sample(json: "60"),
        "animation.stagger": Sample(json: "10"),
        "animation.repeat": Sample(json: #""indefinite""#),
        "animation.fps": Sample(json: "12"),
        "text": Sample(json: #""paths""#),
        "font.family": Sample(json: #""Noto Sans Thai \"β\"""#),
        "locale": Sample(json: #""de-CH""#),
        "compression": Sample(json: #""fast""#),
        "quality": Sample(json: "50"),
        "bars.orientation": Sample(json: #""horizontal""#),
        "bars.mode": Sample(json: #""stacked""#),
        "bars.cornerRadius": Sample(json: "4"),
        "bars.valueLabels": Sample(json: "true"),
        "bars.barFraction": Sample(json: "0.5"),
        "bars.categoryFraction": Sample(json: "1"),
        "ring.thickness": Sample(json: "0.3"),
        "ring.thresholds[].below": Sample(json: "0.2"),
        "ring.thresholds[].color": Sample(json: #""lime""#),
        "ring.label": Sample(json: #""none""#),
        "ring.labels": Sample(json: #"["x"]"#),
        "ring.track": Sample(json: ##""#ddd""##),
        "ring.layout": Sample(json: #""concentric""#),
        "ring.overflow": Sample(json: #""show""#),
        "diff.markLeadChanges": Sample(json: "false"),
        "diff.labels": Sample(json: "true"),
        "diff.leadLabel": Sample(json: #""{name}!""#),
        "pie.otherBelow": Sample(json: "0"),
        "pie.otherLabel": Sample(json: #""Rest""#),
        "pie.innerRadius": Sample(json: "0.4"),
        "pie.percentages": Sample(json: "false"),
        "pie.rotation": Sample(json: "-90"),
        "pie.circumference": Sample(json: "180"),
        "pie.sliceValues": Sample(json: "true"),
        "direction": Sample(json: #""rtl""#),
        "mirrorAxes": Sample(json: "true"),
    ]

    static let fieldPaths = SpecFields.table.fieldPaths

    @Test func everyFieldHasASampleAndEverySampleAField() {
        for path in Self.fieldPaths where Self.samples[path] == nil {
            Issue.record("\(path) has no sample: add a non-default value for it to CanonicalFieldTests.samples")
        }
        for path in Self.samples.keys where !Self.fieldPaths.contains(path) {
            Issue.record("the sample \(path) names no field of the spec tables")
        }
        #expect(Set(Self.fieldPaths).count == Self.fieldPaths.count, "a field path is listed twice")
    }

    /// Setting one field changes the decoded spec and the canonical bytes, and the canonical form reads back.
    @Test(arguments: fieldPaths)
    func eachFieldChangesTheChartAndItsCanonicalBytes(path: String) throws {
        let sample = try #require(Self.samples[path], "\(path) has no sample in CanonicalFieldTests.samples")
        let context = try SpecDocument(Self.base).setting(sample.needs)
        let changed = try context.setting(path, sample.json, replacing: sample.replacing)
        if sample.rejected {
            #expect(specIssues(changed.text).map(\.path).contains(path.replacing("[]", with: "[0]")))
            return
        }
        let before = try parseSpec(context.text)
        let after = try parseSpec(changed.text)
        #expect(after != before, "the sample of \(path) does not change the decoded spec")
        #expect(after.canonicalJSON != before.canonicalJSON,
                "\(path) is read but not written canonically: two different charts, one ETag")
        #expect(try ChartSpec.parse(after.canonicalJSON) == after, "\(path) does not read back from canonical form")
    }

    /// All samples at once (their `needs` first): the canonical form of the fullest spec reads back equal.
    @Test func maximalSpecRoundTrips() throws {
        var document = try SpecDocument(Self.base)
        let valid = Self.fieldPaths.compactMap { path in Self.samples[path].map { (path, $0) } }.filter { !$1.rejected }
        for (_, sample) in valid { document = try document.setting(sample.needs) }
        for (path, sample) in valid { document = try document.setting(path, sample.json, replacing: sample.replacing) }
        let spec = try parseSpec(document.text)
        #expect(spec.type == .area && spec.series.count == 2 && spec.series[0].hasNumericX && spec.x.scale == .time)
        let canonical = spec.canonicalJSON
        let again = try ChartSpec.parse(canonical)
        #expect(again == spec)
        #expect(again.canonicalJSON == canonical)
    }

    /// `animation` also takes `false` and `true`, outside its table.
    @Test func animationSwitchRoundTrips() throws {
        let off = try parseSpec(minimalSpec(#""animation": false"#))
        #expect(try ChartSpec.parse(off.canonicalJSON) == off)
        #expect(off.canonicalJSON != (try parseSpec(minimalSpec())).canonicalJSON)
        #expect(try parseSpec(minimalSpec(#""animation": true"#)).canonicalJSON == parseSpec(minimalSpec()).canonicalJSON)
    }
}

/// A JSON document a test edits by field path (`series[].lineWidth`: the first series; `annotations[hline].y`: the
/// first annotation of type hline), written back as JSON text.
struct SpecDocument {
    private(set) var root: JSONValue

    init(_ text: String) throws {
        root = try JSONParser.parse(Array(text.utf8))
    }

    var text: String {
        var w = JSONWriter()
        Self.write(root, to: &w)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    func setting(_ settings: [(path: String, json: String)]) throws -> SpecDocument {
        var document = self
        for (path, json) in settings { document = try document.setting(path, json) }
        return document
    }

    /// The document with `json` at `path` (objects on the way created), and the sibling `replacing` removed.
    func setting(_ path: String, _ json: String, replacing: String? = nil) throws -> SpecDocument {
        var document = self
        let value = try JSONParser.parse(Array(json.utf8))
        document.root = try Self.set(value, at: path.split(separator: ".").map(String.init)[...], in: root,
                                     replacing: replacing)
        return document
    }

    /// The document without the member at `path` (objects on the way created, as `setting` creates them).
    func removing(_ path: String) throws -> SpecDocument {
        var document = self
        document.root = try Self.set(nil, at: path.split(separator: ".").map(String.init)[...], in: root,
                                     replacing: nil)
        return document
    }

    private struct PathError: Error, CustomStringConvertible {
        let description: String
    }

    /// `value` at `segments` below `node`; a nil `value` removes the last segment's member.
    private static func set(_ value: JSONValue?, at segments: ArraySlice<String>, in node: JSONValue,
                            replacing: String?) throws -> JSONValue
    {
        guard let segment = segments.first else { return value ?? .null }
        guard case .object(var members) = node else { throw PathError(description: "no object at \(segment)") }
        let name = String(segment.prefix { $0 != "[" })
        let type = String(segment.dropFirst(name.count).dropFirst().dropLast())
        if segments.count == 1, let replacing { members.removeAll { $0.key == replacing } }
        if segments.count == 1, value == nil {
            members.removeAll { $0.key == name }
            return .object(members)
        }
        if !members.contains(where: { $0.key == name }) { members.append(JSONMember(key: name, value: .object([]))) }
        guard let at = members.firstIndex(where: { $0.key == name }) else { throw PathError(description: segment) }
        let rest = segments.dropFirst()
        if !segment.contains("[") {
            members[at].value = try set(value, at: rest, in: members[at].value, replacing: replacing)
            return .object(members)
        }
        guard case .array(var elements) = members[at].value, let k = elements.firstIndex(where: { element in
            guard case .object(let fields) = element else { return false }
            return type.isEmpty || fields.contains(JSONMember(key: "type", value: .string(type)))
        }) else { throw PathError(description: "the base spec has no element \(segment)") }
        elements[k] = try set(value, at: rest, in: elements[k], replacing: replacing)
        members[at].value = .array(elements)
        return .object(members)
    }

    private static func write(_ value: JSONValue, to w: inout JSONWriter) {
        switch value {
        case .null: w.null()
        case .bool(let flag): w.bool(flag)
        case .number(let number): w.number(number)
        case .string(let string): w.string(string)
        case .array(let elements):
            w.beginArray()
            for element in elements { write(element, to: &w) }
            w.endArray()
        case .object(let members):
            w.beginObject()
            for member in members { w.member(member.key) { write(member.value, to: &$0) } }
            w.endObject()
        }
    }
}
