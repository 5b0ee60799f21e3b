import ChartRender
import ChartSpec
import Foundation
import Testing

/// The layout JSON's `slices` and `rings` describe exactly what the SVG draws: the angles tile the circle, and the
/// points they give on the circles are the SVG paths' corners.
struct LayoutArcTests {
    func render(_ json: String, _ format: OutputFormat) throws -> [UInt8] {
        try ChartRenderer.shared.render(json: Array(json.utf8), format: format).bytes
    }

    func layout(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(try render(json, .json))) as? [String: Any])
    }

    /// `data-index → (title, attributes of its first SHAPE element)` of every `<g class="CLASS">` in `svg`.
    func groups(_ svg: String, class name: String, shape: String) throws -> [Int: (title: String?, shape: String)] {
        let pattern = #"<g class="\#(name)" data-index="(\d+)">(?:<title>([^<]*)</title>)?"#
            + #"(?:<[^>]*>)*?<\#(shape) ([^>]*)>"#
        let regex = try NSRegularExpression(pattern: pattern)
        let ns = svg as NSString
        var result: [Int: (String?, String)] = [:]
        for m in regex.matches(in: svg, range: NSRange(location: 0, length: ns.length)) {
            let title = m.range(at: 2).location == NSNotFound ? nil : ns.substring(with: m.range(at: 2))
            result[Int(ns.substring(with: m.range(at: 1))) ?? -1] = (title, ns.substring(with: m.range(at: 3)))
        }
        return result
    }

    /// A color attribute as the layout JSON writes colors: `#rgb` expanded to `#rrggbb`.
    func color(_ name: String, in attributes: String) -> String? {
        guard let c = attribute(name, in: attributes) else { return nil }
        return c.count == 4 ? "#" + c.dropFirst().map { "\($0)\($0)" }.joined() : c
    }

    func attribute(_ name: String, in attributes: String) -> String? {
        guard let r = attributes.range(of: " \(name)=\"") ?? (attributes.hasPrefix("\(name)=\"")
            ? attributes.range(of: "\(name)=\"") : nil) else { return nil }
        return String(attributes[r.upperBound...].prefix { $0 != "\"" })
    }

    struct MissingField: Error, CustomStringConvertible {
        var description: String
    }

    /// The number `key` of a layout entry.
    func field(_ key: String, of object: [String: Any]) throws -> Double {
        guard let v = object[key] as? Double else { throw MissingField(description: "no number \(key) in \(object)") }
        return v
    }

    /// The point at `angle` degrees clockwise from twelve o'clock on the circle of radius `r` around (x, y).
    func polar(_ x: Double, _ y: Double, _ r: Double, _ angle: Double) -> (Double, Double) {
        (x + r * sin(angle * .pi / 180), y - r * cos(angle * .pi / 180))
    }

    func near(_ v: PathVertex?, _ p: (Double, Double), _ tolerance: Double = 0.02) -> Bool {
        guard let v else { return false }
        return abs(v.x - p.0) <= tolerance && abs(v.y - p.1) <= tolerance
    }

    static let pies = [
        #"{"type": "pie", "labels": ["Chrome", "Safari", "Edge", "Firefox", "Samsung", "Opera", "UC", "Others"], "#
            + #""series": [{"values": [6420, 1890, 530, 410, 160, 120, 40, 25]}], "pie": {"otherBelow": 0.03}}"#,
        #"{"type": "doughnut", "theme": "dark", "series": [{"values": [1200, 450, 120, 400, 30]}], "#
            + #""pie": {"innerRadius": 0.58}}"#,
        #"{"type": "pie", "width": 300, "height": 200, "series": [{"values": [1, null, 0, 2, 3, 5, 8, 13, 21]}]}"#,
    ]

    @Test(arguments: pies)
    func sliceAnglesTileTheCircleAndAreTheSVGPathsCorners(_ spec: String) throws {
        let slices = try #require(try layout(spec)["slices"] as? [[String: Any]])
        #expect(slices.count >= 5)
        let svg = String(decoding: try render(spec, .svg), as: UTF8.self)
        let drawn = try groups(svg, class: "slice", shape: "path")
        #expect(drawn.count == slices.count)
        var previousEnd = 0.0, sweep = 0.0, shares = 0.0
        for (n, slice) in slices.enumerated() {
            func number(_ key: String) throws -> Double { try field(key, of: slice) }
            #expect(slice["index"] as? Int == n)
            let (start, end) = (try number("startAngle"), try number("endAngle"))
            #expect(start == previousEnd)  // exactly: each slice starts where the previous one ended
            #expect(end > start)
            previousEnd = end
            sweep += end - start
            shares += try number("fraction")
            let (x, y, inner, outer) = (try number("x"), try number("y"), try number("innerRadius"),
                                        try number("outerRadius"))
            let path = try #require(drawn[n], "no SVG slice \(n)")
            #expect(slice["label"] as? String == path.title)
            #expect(slice["color"] as? String == color("fill", in: path.shape) ?? "#000000")  // SVG's default fill
            // The outline: M on the outer circle at the start, cubic pieces along it to the end, then a line to the
            // inner circle at the end (a doughnut) or to the center (a pie).
            let d = try #require(attribute("d", in: path.shape))
            let vertices = try #require(pathVertices(d))
            #expect(vertices.first?.command == "M")
            #expect(near(vertices.first, polar(x, y, outer, start)), "slice \(n) starts off its angle")
            let arcEnd = vertices.dropFirst().prefix { $0.command == "C" }
            #expect(!arcEnd.isEmpty)
            #expect(near(arcEnd.last, polar(x, y, outer, end)), "slice \(n) ends off its angle")
            let corner = vertices.dropFirst(1 + arcEnd.count).first
            #expect(near(corner, inner > 0 ? polar(x, y, inner, end) : (x, y)), "slice \(n) has no corner there")
        }
        #expect(slices.first?["startAngle"] as? Double == 0)
        #expect(previousEnd == 360)
        #expect(abs(sweep - 360) < 1e-9)
        #expect(abs(shares - 1) < 1e-12)
    }

    @Test func slicesNameTheirDatumAndValue() throws {
        let spec = #"{"type": "pie", "labels": ["a", "b", "c", "d", "e"], "series": [{"values": [50, 0, 40, 1, 2]}], "#
            + #""pie": {"otherBelow": 0.03, "otherLabel": "Rest"}}"#
        let slices = try #require(try layout(spec)["slices"] as? [[String: Any]])
        #expect(slices.map { $0["name"] as? String } == ["a", "c", "Rest"])
        #expect(slices.map { $0["datum"] as? Int } == [0, 2, nil])
        #expect(slices[2]["datum"] is NSNull)
        #expect(slices.map { $0["value"] as? Double } == [50, 40, 3])
        #expect(slices.map { $0["label"] as? String } == ["a: 50 (54%)", "c: 40 (43%)", "Rest: 3 (3%)"])
        let empty = try layout(#"{"type": "doughnut", "series": [{"values": [0, null]}]}"#)
        #expect((empty["slices"] as? [Any])?.isEmpty == true)
        #expect((try layout(#"{"series": [{"values": [1, 2]}]}"#)["slices"] as? [Any])?.isEmpty == true)
    }

    static let rings = [
        #"{"type": "ring", "theme": "dark", "ring": {"layout": "concentric", "thickness": 0.16}, "series": ["#
            + #"{"name": "Move", "values": [0.82]}, {"name": "Exercise", "values": [0.45]}, "#
            + #"{"name": "Stand", "values": [1.1]}]}"#,
        #"{"type": "ring", "series": [{"name": "Water", "values": [0.2, 0.64, null]}, {"name": "Fed", "values": [0]}, "#
            + #"{"name": "Sun", "values": [null]}, {"name": "Light", "values": [0.999]}]}"#,
    ]

    @Test(arguments: rings)
    func ringsAreTheSVGTracksAndArcs(_ spec: String) throws {
        let rings = try #require(try layout(spec)["rings"] as? [[String: Any]])
        let svg = String(decoding: try render(spec, .svg), as: UTF8.self)
        let tracks = try groups(svg, class: "ring", shape: "circle")
        let arcs = try groups(svg, class: "ring-arc", shape: "path")
        #expect(rings.count == tracks.count && rings.count >= 3)
        for (k, ring) in rings.enumerated() {
            func number(_ key: String) throws -> Double { try field(key, of: ring) }
            #expect(ring["index"] as? Int == k)
            let (x, y, inner, outer) = (try number("x"), try number("y"), try number("innerRadius"),
                                        try number("outerRadius"))
            let (fraction, start, end) = (try number("fraction"), try number("startAngle"), try number("endAngle"))
            #expect(start == 0 && end == fraction * 360 && (0...1).contains(fraction))
            // The track is the band: a circle on its middle, stroked as wide as the band.
            let track = try #require(tracks[k])
            #expect(ring["label"] as? String == track.title)
            func value(_ name: String) -> Double { attribute(name, in: track.shape).flatMap { Double($0) } ?? .nan }
            #expect(abs(value("cx") - x) < 0.01 && abs(value("cy") - y) < 0.01)
            #expect(abs(value("r") - (inner + outer) / 2) < 0.011)
            #expect(abs(value("stroke-width") - (outer - inner)) < 0.011)
            // The arc runs on the middle of the band from twelve o'clock to the end angle, in the JSON's color.
            if let arc = arcs[k] {
                let d = try #require(attribute("d", in: arc.shape))
                let vertices = try #require(pathVertices(d))
                let middle = (inner + outer) / 2
                #expect(near(vertices.first, polar(x, y, middle, 0)))
                #expect(near(vertices.last, polar(x, y, middle, end)))
                #expect(ring["color"] as? String == color("stroke", in: arc.shape))
            } else {
                #expect(fraction == 0)
                #expect(ring["color"] == nil)
            }
        }
    }

    @Test func ringsNameTheValueTheyShow() throws {
        let rings = try #require(try layout(Self.rings[1])["rings"] as? [[String: Any]])
        #expect(rings.map { $0["name"] as? String } == ["Water", "Fed", "Sun", "Light"])
        // The last non-null value, and where it is in the series.
        #expect(rings.map { $0["datum"] as? Int } == [1, 0, nil, 0])
        #expect(rings.map { $0["value"] as? Double } == [0.64, 0, nil, 0.999])
        #expect(rings.map { $0["fraction"] as? Double } == [0.64, 0, 0, 0.999])
        #expect(rings[2]["value"] is NSNull && rings[2]["datum"] is NSNull)
        #expect(rings.map { $0["label"] as? String } == ["Water: 64%", "Fed: 0%", "Sun: –", "Light: 100%"])
    }
}
