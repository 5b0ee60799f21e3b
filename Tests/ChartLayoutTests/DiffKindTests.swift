import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

/// The lead chart (`DiffKind`): the difference line, its split areas, lead-change markers, legend and tooltips.
struct DiffKindTests {
    let metrics = ApproximateMetrics()

    func diffSpec(_ home: [Double?], _ guest: [Double?], labels: [String]? = nil) -> ChartSpec {
        var spec = makeSpec([home, guest], names: ["Home", "Guest"], labels: labels)
        spec.type = .diff
        return spec
    }

    func scene(_ spec: ChartSpec) -> Scene { ChartLayout.scene(for: spec, metrics: metrics) }

    /// Point groups of series 0: data points and lead-change markers (told apart by their tooltip).
    func points(_ scene: Scene) -> (data: [Int: (Point, String)], markers: [(Point, String)]) {
        var data: [Int: (Point, String)] = [:], markers: [(Point, String)] = []
        for g in groups(scene) {
            guard case .point(0, let i, _)? = g.role, let tooltip = g.tooltip?.text,
                  case .shape(let s)? = g.children.first, let center = circleGeometry(s.path)?.center else { continue }
            if tooltip.hasPrefix("Lead change") {
                markers.append((center, tooltip))
            } else {
                data[i] = (center, tooltip)
            }
        }
        return (data, markers)
    }

    static let home: [Double?] = [22, 45, 68, 91, 103]
    static let guest: [Double?] = [25, 41, 73, 88, 97]

    @Test func leadChangeMarkersSitAtTheInterpolatedCrossing() throws {
        let s = scene(diffSpec(Self.home, Self.guest, labels: ["Q1", "Q2", "Q3", "Q4", "OT"]))
        let (data, markers) = points(s)
        let diff = zip(Self.home, Self.guest).map { ($0 ?? 0) - ($1 ?? 0) }  // -3, 4, -5, 3, 6
        #expect(markers.count == 3)
        for (n, i) in [0, 1, 2].enumerated() {
            let a = try #require(data[i]).0, b = try #require(data[i + 1]).0
            let t = diff[i] / (diff[i] - diff[i + 1])
            let marker = try #require(n < markers.count ? markers[n].0 : nil)
            // On the line, at the pixel-mapped interpolated zero crossing.
            #expect(abs(marker.x - (a.x + (b.x - a.x) * t)) < 1e-9)
            #expect(abs(marker.y - (a.y + (b.y - a.y) * t)) < 1e-6)
        }
        #expect(markers.map(\.1) == ["Lead change Q1–Q2: Home leads", "Lead change Q2–Q3: Guest leads",
                                     "Lead change Q3–Q4: Home leads"])
    }

    @Test func tooltipsNameTheLeaderAndTheMargin() {
        var home = Self.home
        home[4] = 97
        let (data, _) = points(scene(diffSpec(home, Self.guest, labels: ["Q1", "Q2", "Q3", "Q4", "OT"])))
        #expect(data.keys.sorted().map { data[$0]?.1 ?? "" }
            == ["Q1: Guest +3", "Q2: Home +4", "Q3: Guest +5", "Q4: Home +3", "OT: tied"])
    }

    /// Each "… leads" label stands on the side of the team taking the lead: above the zero line when series 0 takes
    /// it, below when series 1 does.
    @Test func leadLabelsStandOnTheNewLeadersSide() throws {
        var spec = diffSpec(Self.home, Self.guest, labels: ["Q1", "Q2", "Q3", "Q4", "OT"])
        spec.diff.labels = true
        let s = scene(spec)
        let zeroY = try #require(points(s).markers.first?.0.y)
        let labels = groups(s).compactMap { g -> TextRun? in
            guard case .valueLabel(0, _)? = g.role, case .text(let t)? = g.children.first else { return nil }
            return t
        }
        #expect(labels.map(\.text) == ["Home leads", "Guest leads", "Home leads"])
        for label in labels {
            let box = TextBox(label, metrics: metrics).bounds
            #expect(label.text == "Home leads" ? box.maxY < zeroY : box.minY > zeroY, "\(label.text) at \(box)")
        }
    }

    /// A bubble on a lead chart points at the difference at its index and reads the lead; the reference lines keep
    /// the spec's annotation index (bubbles counted), so `.annotation(i)` is `annotations[i]`.
    @Test func bubblesPointAtTheDifferenceAndAnnotationsKeepTheirIndex() throws {
        var spec = diffSpec(Self.home, Self.guest, labels: ["Q1", "Q2", "Q3", "Q4", "OT"])
        spec.annotations = [.bubble(series: 1, index: 3, label: nil), .verticalLine(x: 1.5, label: "Half", color: nil,
                                                                                   dash: [])]
        let s = scene(spec)
        #expect(groups(s).contains { $0.role == .annotation(1) })
        #expect(!groups(s).contains { $0.role == .annotation(0) })
        let bubble = try #require(groups(s).first { if case .valueLabel = $0.role { true } else { false } })
        #expect(bubble.children.contains { if case .text(let t) = $0 { t.text == "+3" } else { false } })
        // Q4: Home leads by 3 (the bubble names series 1, but only the difference is drawn), so the bubble takes the
        // home color and its pointer ends by that point.
        guard case .shape(let shape)? = bubble.children.first, case .solid(let color)? = shape.fill else {
            Issue.record("bubble shape expected")
            return
        }
        #expect(color == LayoutContext(spec: spec, metrics: metrics).seriesColor(0))
        let q4 = try #require(points(s).data[3]?.0)
        let bounds = try #require(shape.path.controlBounds)
        #expect(min(abs(bounds.minY - q4.y), abs(bounds.maxY - q4.y)) < 12, "the pointer ends near the point")
        #expect(bounds.minX - 1 <= q4.x && q4.x <= bounds.maxX + 1)
    }

    @Test func markersCanBeTurnedOff() {
        var spec = diffSpec(Self.home, Self.guest)
        spec.diff.markLeadChanges = false
        #expect(points(scene(spec)).markers.isEmpty)
    }

    @Test func areasAreSplitAtZeroInTheLeadersColors() throws {
        let s = scene(diffSpec(Self.home, Self.guest))
        let data = points(s).data
        let zeroY = try #require(points(s).markers.first).0.y
        var seen: Set<Int> = []
        for g in groups(s) {
            guard case .seriesArea(let k)? = g.role, case .shape(let shape)? = g.children.first else { continue }
            seen.insert(k)
            #expect(shape.fill == .solid(ThemeColors.light.palette.color(at: k).withOpacity(0.3)))
            for e in shape.path.elements {
                for p in coordinates(of: e) {
                    #expect(k == 0 ? p.y <= zeroY + 1e-9 : p.y >= zeroY - 1e-9, "area \(k) stays on its side")
                }
            }
        }
        #expect(seen == [0, 1])
        #expect(data.count == 5)
    }

    @Test func legendSaysWhichColorLeads() {
        var texts: [String] = []
        scene(diffSpec(Self.home, Self.guest)).forEachNode { node, parents in
            if case .text(let t) = node, parents.contains(where: { $0.role == .legend }) { texts.append(t.text) }
        }
        #expect(texts == ["Home leads", "Guest leads"])
        var spec = diffSpec(Self.home, Self.guest)
        spec.diff.leadLabel = "{name}领先"
        spec.diff.labels = true
        var named: [String] = []
        scene(spec).forEachNode { node, _ in if case .text(let t) = node { named.append(t.text) } }
        #expect(named.filter { $0.hasSuffix("领先") }.count >= 3)
        #expect(named.contains("Home领先") && named.contains("Guest领先"))
    }

    /// An empty `leadLabel` names each leader by its series name, in the legend and the lead-change tooltips.
    @Test func anEmptyLeadLabelNamesTheSeries() {
        var spec = diffSpec(Self.home, Self.guest)
        spec.diff.leadLabel = ""
        var legend: [String] = []
        scene(spec).forEachNode { node, parents in
            if case .text(let t) = node, parents.contains(where: { $0.role == .legend }) { legend.append(t.text) }
        }
        #expect(legend == ["Home", "Guest"])
        #expect(points(scene(spec)).markers.first?.1.hasSuffix(": Home") == true)
    }

    static func degenerateSpecs() -> [ChartSpec] {
        func spec(_ h: [Double?], _ g: [Double?], width: Double = 640, height: Double = 360) -> ChartSpec {
            var s = makeSpec([h, g], names: ["H", "G"], width: width, height: height)
            s.type = .diff
            s.diff.labels = true
            s.title = "Lead"
            return s
        }
        var numeric = spec([1, 5, 2], [2, 1, 6])
        numeric.series[0].points = [DataPoint(x: -3, y: 1), DataPoint(x: 0.5, y: 5), DataPoint(x: 9, y: 2)]
        numeric.series[0].hasNumericX = true
        var sparkline = spec([3, 1, 4, 1, 5], [2, 7, 1, 8, 2], width: 80, height: 30)
        sparkline.axes = false
        // The parser rejects anything but two series; the layout still copes when called directly.
        var one = makeSpec([[1, 2, 3]])
        one.type = .diff
        var three = makeSpec([[1, 2], [2, 1], [5, 5]])
        three.type = .diff
        return [
            one, three, spec([], []), spec([1], [2]), spec([3, 3, 3], [3, 3, 3]), spec([1, nil, 5, 2], [2, 3, nil, 4]),
            spec([1e300, -1e300, 5], [-1e300, 1e300, 0]), spec([1, 2, 3], [3, 2], width: 16, height: 16),
            spec((0..<5000).map { Double($0 % 7) }, (0..<5000).map { Double($0 % 5) }), numeric, sparkline,
        ]
    }

    @Test(arguments: degenerateSpecs())
    func everyCoordinateIsFiniteAndInsideTheCanvas(spec: ChartSpec) {
        #expect(geometryProblems(scene(spec), metrics: metrics) == [])
    }
}
