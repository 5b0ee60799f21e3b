import ChartRender
import ChartScene
import ChartSpec
import Foundation
import Testing

/// Free-standing labels, read from the layout JSON (`texts`, `markers`, `bars`) the way a client hit-testing them
/// would: none overlaps another text, a marker or a bar it does not belong to, none is crossed by a series line, and
/// each stays ≥ 4 px inside the canvas. A bar value label may lie on its own bar only, wholly inside it (inside the
/// bar's end, or centered in a stacked segment).
///
/// Checked roles: `annotation` (reference line labels), `valueLabel` (bubble texts, bar values, lead-change labels)
/// and `sliceLabel` (pie percentages). Not checked, because they sit on a line by design: tick labels and axis titles
/// (`xAxis`, `yAxis`, next to their axis), the title and legend (laid out in the header, above the plot) and ring
/// labels (centered in their ring). Those still count as obstacles: a checked label must not overlap them.
struct LabelPlacementTests {
    static let checkedRoles: Set<String> = ["annotation", "valueLabel", "sliceLabel"]
    /// JSON numbers are rounded to hundredths: boxes may seem to overlap or leave by that much.
    static let rounding = 0.011

    struct Box {
        var text: String, role: String, rect: Rect
    }

    /// Crowded specs: many annotations, long labels, small canvases, dense lead changes, many bar values.
    static let crowded: [String] = {
        let wave = (0..<60).map { i in String(Int(50 + 40 * sin(Double(i) / 3))) }.joined(separator: ",")
        let zigzag = (0..<120).map { i in String(i % 2 == 0 ? 3 + i % 5 : -2 - i % 7) }.joined(separator: ",")
        let flat = (0..<120).map { _ in "0" }.joined(separator: ",")
        let long = String(repeating: "A very long annotation label ", count: 6)
        let hlines = (0..<12).map { i in #"{"type": "hline", "y": \#(40 + 2 * i), "label": "Line \#(i)"}"# }
            .joined(separator: ",")
        let vlines = (0..<8).map { i in #"{"type": "vline", "x": \#(5 * i + 2), "label": "Event \#(i)"}"# }
            .joined(separator: ",")
        let bars = (0..<30).map { i in String((i * 37) % 90 + 5) }.joined(separator: ",")
        let slices = (0..<14).map { i in String(100 / (i + 1)) }.joined(separator: ",")
        let bubble = #"{"type": "bubble", "series": 0, "index": -1}"#
        // Neighbouring bars of very different heights with labels wider than a bar: a short bar's label, written
        // past its end, lands on the tall bar beside it unless bars are obstacles.
        let heights = [1200, 98_000, 45_500, 7]
        let dense = (0..<3).map { (k: Int) -> String in
            let values = (0..<16).map { (i: Int) -> String in String(heights[(i + k) % 4] + 13 * i) }
            return #"{"values": ["# + values.joined(separator: ",") + "]}"
        }.joined(separator: ",")
        return [
            #"""
            {"width": 480, "height": 300, "series": [{"values": [\#(wave)]}, {"values": [\#(wave)], "dots": true}],
             "annotations": [\#(hlines), \#(vlines), \#(bubble), {"type": "bubble", "series": 1, "index": 10},
                             {"type": "bubble", "series": 0, "index": 0}]}
            """#,
            #"""
            {"width": 320, "height": 200, "title": "\#(long)", "series": [{"values": [\#(wave)]}],
             "annotations": [{"type": "hline", "y": 50, "label": "\#(long)"},
                             {"type": "vline", "x": 30, "label": "\#(long)"},
                             {"type": "bubble", "series": 0, "index": 30, "label": "\#(long)"}]}
            """#,
            #"""
            {"width": 160, "height": 100, "series": [{"values": [1, 9, 3, 8]}],
             "annotations": [{"type": "hline", "y": 5, "label": "Average"}, \#(bubble)]}
            """#,
            #"""
            {"type": "diff", "width": 420, "height": 240, "diff": {"labels": true},
             "series": [{"name": "Home", "values": [\#(zigzag)]}, {"name": "Guest", "values": [\#(flat)]}],
             "annotations": [{"type": "vline", "x": 60, "label": "Half time"}, \#(bubble)]}
            """#,
            #"""
            {"type": "bar", "width": 360, "height": 220, "bars": {"valueLabels": true},
             "series": [{"values": [\#(bars)]}, {"values": [\#(bars)]}],
             "annotations": [{"type": "hline", "y": 50, "label": "Target"}]}
            """#,
            #"""
            {"type": "bar", "width": 400, "height": 260, "bars": {"valueLabels": true, "mode": "stacked"},
             "series": [{"values": [12, 40, 3, 70]}, {"values": [30, 2, 44, 9]},
                        {"type": "line", "values": [50, 45, 60, 80]}]}
            """#,
            #"""
            {"type": "bar", "width": 300, "height": 200, "bars": {"valueLabels": true, "orientation": "horizontal"},
             "labels": ["a", "b", "c"], "series": [{"values": [39, 20, 40]}]}
            """#,
            #"{"type": "pie", "width": 260, "height": 200, "series": [{"values": [\#(slices)]}]}"#,
            #"""
            {"type": "bar", "width": 520, "height": 280, "bars": {"valueLabels": true}, "series": [\#(dense)],
             "annotations": [{"type": "hline", "y": 60000, "label": "Target 60,000"},
                             {"type": "hline", "y": 20000, "label": "Floor"},
                             {"type": "bubble", "series": 1, "index": 5}]}
            """#,
            #"""
            {"type": "bar", "width": 420, "height": 300, "bars": {"valueLabels": true, "orientation": "horizontal"},
             "series": [\#(dense)]}
            """#,
        ]
    }()

    @Test(arguments: ExampleFiles.names)
    func examplesPlaceLabelsClear(name: String) throws {
        try expectClear(try ExampleFiles.spec(name))
    }

    @Test(arguments: crowded.indices)
    func crowdedSpecsPlaceLabelsClear(index: Int) throws {
        try expectClear(Array(Self.crowded[index].utf8))
    }

    /// A 100,000-point series with bubbles and reference lines: labels are placed against the decimated line that is
    /// drawn, fast (the whole render, placement included, well under the time a quadratic pass would take).
    @Test func longSeriesPlaceLabelsQuickly() throws {
        let values = (0..<100_000).map { i in String(Int(500 + 400 * sin(Double(i) / 700))) }.joined(separator: ",")
        let json = #"""
            {"series": [{"values": [\#(values)]}],
             "annotations": [{"type": "hline", "y": 500, "label": "Mean"},
                             {"type": "vline", "x": 50000, "label": "Halfway"},
                             {"type": "bubble", "series": 0, "index": -1},
                             {"type": "bubble", "series": 0, "index": 1000}]}
            """#
        let start = Date()
        let texts = try expectClear(Array(json.utf8))
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(texts.contains { $0.role == "annotation" }, "the labels find room beside a long line")
    }

    /// Renders `json` as layout JSON and as a scene, and checks every label of a checked role against the texts and
    /// markers of the JSON and the series lines of the scene. Returns the checked labels.
    @discardableResult
    func expectClear(_ json: [UInt8]) throws -> [Box] {
        let layout = try #require(try JSONSerialization.jsonObject(
            with: Data(try ChartRenderer.shared.render(json: json, format: .json).bytes)) as? [String: Any])
        let canvas = Rect(x: 0, y: 0, width: layout["width"] as? Double ?? 0, height: layout["height"] as? Double ?? 0)
        let texts = try #require(layout["texts"] as? [[String: Any]]).map { t in
            Box(text: t["text"] as? String ?? "", role: t["role"] as? String ?? "", rect: rect(t))
        }
        let markers = try #require(layout["markers"] as? [[String: Any]]).map { m -> (kind: String, rect: Rect) in
            if let r = m["radius"] as? Double {
                let x = m["x"] as? Double ?? 0, y = m["y"] as? Double ?? 0
                return (m["kind"] as? String ?? "", Rect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
            }
            return (m["kind"] as? String ?? "", rect(m))
        }
        let bars = try #require(layout["bars"] as? [[String: Any]]).map { b in
            (rect: rect(b), tooltip: b["label"] as? String)
        }
        let lines = seriesLines(ChartRenderer.shared.scene(for: try ChartSpec.parse(json)))
        let checked = texts.filter { Self.checkedRoles.contains($0.role) }
        let inside = canvas.insetBy(4 - Self.rounding)
        for (n, label) in texts.enumerated() where Self.checkedRoles.contains(label.role) {
            let r = label.rect
            #expect(r.minX >= inside.minX && r.maxX <= inside.maxX && r.minY >= inside.minY && r.maxY <= inside.maxY,
                    "\(label.role) '\(label.text)' \(r) leaves the canvas or comes within 4 px of its edge")
            for (m, other) in texts.enumerated() where m != n && overlap(r, other.rect) {
                Issue.record("\(label.role) '\(label.text)' \(r) overlaps \(other.role) '\(other.text)' \(other.rect)")
            }
            // A bubble's own text lies inside its body.
            for marker in markers where overlap(r, marker.rect) && !contains(marker.rect, r) {
                Issue.record("\(label.role) '\(label.text)' \(r) overlaps a \(marker.kind) at \(marker.rect)")
            }
            // Its own bar: wholly containing a bar value label whose text is the value the bar's tooltip ends with.
            for bar in bars where overlap(r, bar.rect) && !(label.role == "valueLabel" && contains(bar.rect, r)
                                                             && bar.tooltip?.hasSuffix(": \(label.text)") != false) {
                Issue.record("\(label.role) '\(label.text)' \(r) overlaps a bar at \(bar.rect)")
            }
            if let crossing = lines.first(where: { crosses($0.0, $0.1, r.insetBy(Self.rounding)) }) {
                Issue.record("\(label.role) '\(label.text)' \(r) is crossed by a series line at \(crossing)")
            }
        }
        return checked
    }

    func rect(_ o: [String: Any]) -> Rect {
        Rect(x: o["x"] as? Double ?? .nan, y: o["y"] as? Double ?? .nan, width: o["width"] as? Double ?? .nan,
             height: o["height"] as? Double ?? .nan)
    }

    func overlap(_ a: Rect, _ b: Rect) -> Bool {
        let t = Self.rounding
        return a.minX < b.maxX - t && b.minX < a.maxX - t && a.minY < b.maxY - t && b.minY < a.maxY - t
    }

    func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.insetBy(-Self.rounding).contains(Point(inner.minX, inner.minY))
            && outer.insetBy(-Self.rounding).contains(Point(inner.maxX, inner.maxY))
    }

    /// Every stroked series line of `scene` as segments, curves sampled at 32 points each (finer than the layout).
    func seriesLines(_ scene: Scene) -> [(Point, Point)] {
        var segments: [(Point, Point)] = []
        scene.forEachNode { node, parents in
            guard case .shape(let shape) = node, case .seriesLine? = parents.last?.role else { return }
            var pen = Point(0, 0), start = pen
            for e in shape.path.elements {
                var next: [Point] = []
                switch e {
                case .move(let p): pen = p; start = p
                case .line(let p): next = [p]
                case .close: next = [start]
                case .quad(let c, let p):
                    next = (1...32).map { i in
                        let t = Double(i) / 32, u = 1 - t
                        return pen * (u * u) + c * (2 * u * t) + p * (t * t)
                    }
                case .cubic(let c1, let c2, let p):
                    next = (1...32).map { i in
                        let t = Double(i) / 32, u = 1 - t
                        return pen * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
                    }
                }
                for q in next {
                    segments.append((pen, q))
                    pen = q
                }
            }
        }
        return segments
    }

    /// Whether segment ab meets the inside of `r`: sampled every 0.25 px (an oracle independent of the layout's
    /// Liang–Barsky clipping).
    func crosses(_ a: Point, _ b: Point, _ r: Rect) -> Bool {
        guard max(a.x, b.x) > r.minX, min(a.x, b.x) < r.maxX, max(a.y, b.y) > r.minY, min(a.y, b.y) < r.maxY else {
            return false
        }
        let steps = max(1, Int(a.distance(to: b) * 4))
        return (0...steps).contains { i in
            let p = a + (b - a) * (Double(i) / Double(steps))
            return p.x > r.minX && p.x < r.maxX && p.y > r.minY && p.y < r.maxY
        }
    }
}
