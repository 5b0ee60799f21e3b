import Testing
@testable import ChartSpec

struct CanonicalJSONTests {
    private func canonical(_ text: String) throws -> String {
        String(decoding: try parseSpec(text).canonicalJSON, as: UTF8.self)
    }

    /// The exact bytes, so a change of the canonical form (and so of every ETag) is a visible decision: every
    /// default is written, in table order, nested option objects included, whatever the chart type.
    @Test func minimalSpecHasThisExactCanonicalForm() throws {
        let expected = #"{"type":"line","width":640,"height":360,"scale":1,"series":[{"values":[1,2.5,null],"#
            + #""curve":"monotone","lineWidth":2,"dots":false,"fill":"none","dash":[],"decimation":"lttb"}],"#
            + #""x":{"tickCount":5,"grid":false,"format":"auto","type":"linear"},"#
            + #""y":{"tickCount":5,"grid":true,"format":"auto","type":"linear"},"#
            + #""annotations":[],"theme":"light","axes":true,"#
            + #""animation":{"duration":1.2,"easing":"easeInOut","delay":0,"stagger":0.15,"repeat":1},"#
            + #""text":"native","compression":"balanced","#
            + #""bars":{"orientation":"vertical","mode":"grouped","cornerRadius":0,"valueLabels":false},"#
            + #""ring":{"thickness":0.2,"thresholds":[],"label":"percent","labels":[],"layout":"row","overflow":"clamp"},"#
            + #""diff":{"markLeadChanges":true,"labels":false,"leadLabel":"{name} leads"},"#
            + #""pie":{"otherBelow":0.03,"otherLabel":"Other","percentages":true}}"#
        #expect(try canonical(#"{"series":[{"values":[1,2.5,null]}]}"#) == expected)
    }

    @Test(arguments: [
        (#"{"series":[{"values":[1,2.5,null]}]}"#, #"""
        {
          "animation": {"stagger": 0.15, "duration": 1.20},
          "y": {"grid": true, "format": "auto", "tickCount": 5},
          "series": [ { "lineWidth": 2.0, "values": [1.0, 25e-1, null], "curve": "monotone", "dash": [] } ],
          "x": {"grid": false}, "theme": "light", "height": 360, "width": 6.4e2, "type": "line", "annotations": []
        }
        """#),
        (##"{"series":[{"values":[1],"color":"red"}],"background":"#FFFFFF"}"##,
         #"{"background":"white","series":[{"color":"rgb(255 0 0 / 100%)","values":[1]}]}"#),
        (#"{"series":[{"values":[1,2,3]}],"annotations":[{"type":"bubble","series":0,"index":-1}]}"#,
         #"{"series":[{"values":[1,2,3]}],"annotations":[{"index":2,"series":0,"type":"bubble"}]}"#),
        (#"{"series":[{"values":[1]}],"animation":{"repeat":"indefinite"}}"#,
         #"{"series":[{"values":[1]}],"animation":{"repeat":"indefinite","easing":"easeInOut"}}"#),
        (#"{"series":[{"values":[1]}],"y":{"format":".2f"}}"#, #"{"series":[{"values":[1]}],"y":{"format":".2f"}}"#),
        (#"{"series":[{"values":[1]}],"animation":true,"x":{"type":"linear"}}"#, #"{"series":[{"values":[1]}]}"#),
        (#"{"series":[{"values":[1],"decimation":"lttb","fill":"none"}],"bars":{"mode":"grouped"},"ring":{},"#
            + #""pie":{"otherBelow":0.03,"percentages":true},"diff":{"leadLabel":"{name} leads"}}"#,
         #"{"series":[{"values":[1]}]}"#),
        (##"{"series":[{"values":[1]}],"palette":["RED","#00f"],"ring":{"track":"#DDDDDD"}}"##,
         ##"{"series":[{"values":[1]}],"palette":["#ff0000","blue"],"ring":{"track":"rgb(221,221,221)"}}"##),
        (#"{"series":[{"points":[[0,1,2],[1e0,2,3.0]]}],"y":{"min":-0.0,"max":1E2}}"#,
         #"{"y":{"max":100,"min":0},"series":[{"points":[[0.0,1,2],[1,2,3]]}]}"#),
        // Dot and grid objects that ask for the defaults are the plain `true`.
        (#"{"series":[{"values":[1],"dots":true}]}"#, #"{"series":[{"values":[1],"dots":{"style":"hollow"}}]}"#),
        (#"{"series":[{"values":[1],"dots":true}]}"#, #"{"series":[{"values":[1],"dots":{}}]}"#),
        (#"{"series":[{"values":[1]}],"x":{"grid":true}}"#, #"{"series":[{"values":[1]}],"x":{"grid":{}}}"#),
        (#"{"series":[{"values":[1]}],"y":{"grid":true}}"#, #"{"series":[{"values":[1]}],"y":{"grid":{"dash":[]}}}"#),
        (#"{"series":[{"values":[1],"dots":{"radius":4}}]}"#,
         #"{"series":[{"values":[1],"dots":{"radius":4.0,"style":"hollow"}}]}"#),
    ])
    func sameChartSameBytes(a: String, b: String) throws {
        #expect(try canonical(a) == canonical(b))
    }

    @Test(arguments: [
        #"{"series":[{"values":[1,2,4]}]}"#,
        #"{"series":[{"values":[1,2,null]}]}"#,
        #"{"series":[{"points":[[0,1],[1,2],[2,3]]}]}"#,
        #"{"series":[{"values":[1,2,3],"name":"a"}]}"#,
        ##"{"series":[{"values":[1,2,3],"color":"#fffffe"}]}"##,
        #"{"series":[{"values":[1,2,3]}],"width":641}"#,
        #"{"series":[{"values":[1,2,3]}],"legend":true}"#,
        #"{"series":[{"values":[1,2,3]}],"x":{"grid":true}}"#,
        #"{"series":[{"values":[1,2,3]}],"animation":false}"#,
        #"{"series":[{"values":[1,2,3]}],"format":"svg"}"#,
        #"{"series":[{"values":[1,2,3]}],"labels":[]}"#,
        #"{"series":[{"values":[1,2,3]}],"y":{"format":".2%"}}"#,
        #"{"series":[{"values":[1,2,3]}],"annotations":[{"type":"hline","y":1}]}"#,
        #"{"series":[{"values":[1,2,3]}],"ring":{"overflow":"show"}}"#,
        #"{"series":[{"values":[1,2,3],"dots":true}]}"#,
        #"{"series":[{"values":[1,2,3],"dots":{"style":"filled"}}]}"#,
        #"{"series":[{"values":[1,2,3],"dots":{"radius":3}}]}"#,
        #"{"series":[{"values":[1,2,3],"fillOpacity":0.25}]}"#,
        #"{"series":[{"values":[1,2,3]}],"y":{"grid":{"dash":[4,4]}}}"#,
        #"{"series":[{"values":[1,2,3]}],"x":{"grid":{"dash":[4]}}}"#,
    ])
    func anyChangeOfMeaningChangesTheBytes(variant: String) throws {
        #expect(try canonical(variant) != canonical(#"{"series":[{"values":[1,2,3]}]}"#))
    }

    @Test func canonicalFormParsesBackToTheSameSpec() throws {
        let spec = try parseSpec(#"""
        {"type": "area", "width": 800, "height": 400, "scale": 1.5, "format": "smil", "title": "T \"q\" \\ é",
         "subtitle": "s", "labels": ["a", "b"],
         "series": [{"name": "n", "values": [0.1, null, -3e-7, 1e21], "color": "#11223344", "curve": "cubic",
                     "lineWidth": 0.25, "dots": true, "fill": "solid", "strokeGradient": ["red", "lime", "blue"],
                     "dash": [1.5, 0], "fillOpacity": 0.7},
                    {"points": [[-1, 2], [1e-3, null]], "dots": {"style": "filled", "radius": 24}}],
         "x": {"min": -2, "max": 2, "tickCount": 3, "title": "x", "grid": {"dash": [4, 2.5]}, "format": "si"},
         "y": {"max": 100, "format": ".0%"},
         "annotations": [{"type": "hline", "y": 0.5, "label": "l", "color": "navy", "dash": [2, 2]},
                         {"type": "vline", "x": 0}, {"type": "bubble", "series": 1, "index": 0, "label": "b"}],
         "theme": "dark", "background": "rgba(0,0,0,0.5)", "palette": ["red"], "legend": true, "axes": false,
         "animation": {"duration": 0.05, "easing": "linear", "delay": 60, "stagger": 10, "repeat": 1000},
         "text": "paths", "compression": "fast", "ring": {"overflow": "show", "layout": "concentric"}}
        """#)
        #expect(try ChartSpec.parse(spec.canonicalJSON) == spec)
    }

    /// The seed-detail options have this exact canonical form; left at their defaults they are written as before
    /// they existed (`minimalSpecHasThisExactCanonicalForm`), so earlier ETags stay valid.
    @Test func seedDetailOptionsHaveThisExactCanonicalForm() throws {
        let json = try canonical(#"""
        {"series": [{"values": [1], "dots": {"radius": 5, "style": "filled"}, "fillOpacity": 0.7, "fill": "solid"}],
         "x": {"grid": {"dash": [4, 4]}}}
        """#)
        #expect(json.contains(#""dots":{"style":"filled","radius":5},"fill":"solid","fillOpacity":0.7,"#))
        #expect(json.contains(#""x":{"tickCount":5,"grid":{"dash":[4,4]},"format":"auto","type":"linear"}"#))
    }

    /// A vertical line's timestamp text is kept as text (its instant depends on the axis zone, resolved later), and
    /// a different timestamp is a different chart.
    @Test func verticalLineTimestampsRoundTripAsText() throws {
        let json = #"{"x":{"type":"time","timeZone":"Asia/Shanghai"},"series":[{"points":[["2026-03-01",1]]}],"#
            + #""annotations":[{"type":"vline","x":"2026-03-01T12:00","label":"noon"}]}"#
        let spec = try parseSpec(json)
        // (The unresolved x is NaN, so the specs themselves never compare equal: compare their canonical forms.)
        #expect(try ChartSpec.parse(spec.canonicalJSON).canonicalJSON == spec.canonicalJSON)
        #expect(String(decoding: spec.canonicalJSON, as: UTF8.self).contains(#""x":"2026-03-01T12:00""#))
        #expect(try canonical(json) != canonical(json.replacingOccurrences(of: "T12:00", with: "T12:01")))
        #expect(try ChartSpec.parse(ChartSpec.parse(Array(#"{"series":[{"values":[1]}],"animation":false}"#.utf8))
            .canonicalJSON).animation == .disabled)
    }
}
