import ChartRender
import ChartSpec
import Foundation
import Testing

/// A series far denser than the plot is decimated (LTTB or min/max) before drawing; the layout JSON then lists the
/// points that are actually drawn, each with its original index into the spec's data, as the SVG's hit targets and
/// `<title>` tooltips do.
struct LayoutDecimationTests {
    static let count = 50_000

    /// Integer values 0…999 in a scrambled order (so every decimation keeps a different subset), with gaps when
    /// `gaps` (a null every 9973 points).
    static func values(gaps: Bool) -> [Double?] {
        (0..<count).map { (i: Int) -> Double? in
            if gaps && i % 9973 == 5000 { return nil }
            return Double((i * 7919) % 1000)
        }
    }

    static func spec(_ values: [Double?], decimation: String, type: String = "line") -> String {
        let list = values.map { $0.map { String(Int($0)) } ?? "null" }.joined(separator: ",")
        return #"{"type": "\#(type)", "series": [{"values": [\#(list)], "decimation": "\#(decimation)", "#
            + #""dots": true}]}"#
    }

    func render(_ json: String, _ format: OutputFormat) throws -> [UInt8] {
        try ChartRenderer.shared.render(json: Array(json.utf8), format: format).bytes
    }

    /// `data-index → (center, title, circle attributes)` of series 0's point groups in an SVG (the center is the
    /// group's translate plus the circle's cx/cy).
    func svgPoints(_ svg: String) throws -> [Int: (x: Double, y: Double, title: String, circle: String)] {
        let pattern = #"<g class="point" data-series="0" data-index="(\d+)" "#
            + #"transform="translate\(([-\d.]+) ([-\d.]+)\)">"#
            + #"<title>([^<]*)</title><circle([^>]*)>"#
        let regex = try NSRegularExpression(pattern: pattern)
        let ns = svg as NSString
        var result: [Int: (Double, Double, String, String)] = [:]
        for m in regex.matches(in: svg, range: NSRange(location: 0, length: ns.length)) {
            func group(_ i: Int) -> String { ns.substring(with: m.range(at: i)) }
            let circle = group(5)
            func offset(_ name: String) -> Double {
                guard let r = circle.range(of: " \(name)=\"") else { return 0 }
                return Double(circle[r.upperBound...].prefix { $0 != "\"" }) ?? .nan
            }
            result[Int(group(1)) ?? -1] = ((Double(group(2)) ?? .nan) + offset("cx"),
                                           (Double(group(3)) ?? .nan) + offset("cy"), group(4), circle)
        }
        return result
    }

    /// The `d` of series 0's line (drawn through a reveal clip when it has several runs).
    func linePath(_ svg: String) throws -> String? {
        let regex = try NSRegularExpression(
            pattern: #"<g class="line" data-series="0">(?:<g clip-path="[^"]*">)?<path d="([^"]*)""#)
        let ns = svg as NSString
        return regex.firstMatch(in: svg, range: NSRange(location: 0, length: ns.length))
            .map { ns.substring(with: $0.range(at: 1)) }
    }

    @Test(arguments: [("lttb", false), ("minmax", false), ("lttb", true), ("minmax", true)])
    func decimatedPointsAreTheDrawnOnesByOriginalIndex(decimation: String, gaps: Bool) throws {
        let values = Self.values(gaps: gaps)
        let spec = Self.spec(values, decimation: decimation)
        let json = try render(spec, .json)
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let points = try #require(layout["points"] as? [[String: Any]])
        let indices = points.compactMap { $0["index"] as? Int }
        #expect(indices.count == points.count)
        #expect(points.count >= 100 && points.count <= 2000, "\(points.count) points")
        #expect(points.count < Self.count / 10)  // decimated indeed
        #expect(zip(indices, indices.dropFirst()).allSatisfy { $0 < $1 })
        #expect(indices.first == 0 && indices.last == Self.count - 1)
        for p in points {
            let i = try #require(p["index"] as? Int)
            #expect(p["series"] as? Int == 0)
            #expect(p["value"] as? Double == values[i])
        }

        // The SVG has a hit target for exactly these points, at the same centers, with the same tooltips naming
        // the original datum; and the line's vertices are these points, in order.
        let svg = String(decoding: try render(spec, .svg), as: UTF8.self)
        let targets = try svgPoints(svg)
        #expect(Set(targets.keys) == Set(indices))
        for p in points {
            let i = try #require(p["index"] as? Int)
            let target = try #require(targets[i], "no SVG point \(i)")
            #expect(abs(target.x - (p["x"] as? Double ?? .nan)) < 1e-9)
            #expect(abs(target.y - (p["y"] as? Double ?? .nan)) < 1e-9)
            #expect(target.title == p["label"] as? String)
            #expect(target.title.hasSuffix(": \(Int(values[i] ?? -1))"))
            // Hit targets only: a decimated line draws no dots, whatever `dots` says.
            #expect(target.circle.contains(#" fill-opacity="0""#) && !target.circle.contains(" stroke="))
        }
        let d = try linePath(svg)
        #expect(d != nil, "no line path")
        let vertices = (d.flatMap(pathVertices) ?? []).filter { $0.command != "Z" }
        #expect(vertices.count == points.count)
        for (v, p) in zip(vertices, points) {
            #expect(abs(v.x - (p["x"] as? Double ?? .nan)) < 1e-9 && abs(v.y - (p["y"] as? Double ?? .nan)) < 1e-9)
        }
    }

    /// The lead chart decimates its difference line the same way, and its drawn points are hit targets too.
    @Test func decimatedDiffChartPointsKeepTheirOriginalIndices() throws {
        let home = (0..<Self.count).map { String(($0 * 7919) % 1000) }.joined(separator: ",")
        let guest = (0..<Self.count).map { String(($0 * 104_729) % 1000) }.joined(separator: ",")
        let spec = #"{"type": "diff", "series": [{"values": [\#(home)]}, {"values": [\#(guest)]}]}"#
        let json = try render(spec, .json)
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let indices = try #require(layout["points"] as? [[String: Any]]).compactMap { $0["index"] as? Int }
        #expect(indices.count >= 100 && indices.count <= 2000)
        #expect(zip(indices, indices.dropFirst()).allSatisfy { $0 < $1 })
        #expect(indices.first == 0 && indices.last == Self.count - 1)
        let svg = String(decoding: try render(spec, .svg), as: UTF8.self)
        #expect(Set(try svgPoints(svg).keys) == Set(indices))
    }
}
