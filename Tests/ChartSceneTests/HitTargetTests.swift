import Testing
@testable import ChartScene

/// A hit target means its group (`HitTarget.group`): its bounds and cost are the group's, computed without it.
struct HitTargetTests {
    /// Centers and radii as the layout makes them (inside a canvas, radius 0…12, awkward fractions) and beyond.
    static let cases: [(Point, Double)] = {
        var out: [(Point, Double)] = [(Point(47, 289.03), 6), (Point(0, 0), 0), (Point(799.5, 0.25), 0.1),
                                      (Point(-3.3, 1e5), 12), (Point(1e6, -1e6), 1e-9), (Point(0.1 + 0.2, 7), 0.3)]
        var state: UInt64 = 0x1234_5678
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<200 { out.append((Point(next() * 1600 - 400, next() * 900), next() * 12)) }
        return out
    }()

    static func target(_ c: Point, _ r: Double, prefix: String = "Series 1 · ") -> HitTarget {
        HitTarget(series: 2, index: 7, progress: 0.25, center: c, radius: r,
                  tooltip: PointTooltip(prefix: prefix, label: "D7", value: "38.59"))
    }

    @Test func boundsAreTheCirclePathsControlBounds() {
        for (c, r) in Self.cases {
            let h = Self.target(c, r)
            #expect(h.bounds == h.shape.path.controlBounds, "center \(c), radius \(r)")
        }
    }

    @Test func groupIsAPointGroupWithTheJoinedTooltipAndATransparentCircle() throws {
        let h = Self.target(Point(10, 20), 6)
        let g = h.group
        #expect(g.role == .point(series: 2, index: 7, progress: 0.25))
        #expect(g.tooltip == "Series 1 · D7: 38.59")
        #expect(g.tooltip == .point(h.tooltip) && g.tooltip?.utf8Count == "Series 1 · D7: 38.59".utf8.count)
        #expect(g.clip == nil && g.opacity == 1 && g.children.count == 1)
        guard case .shape(let s) = try #require(g.children.first) else { Issue.record("not a shape"); return }
        #expect(s.path == .circle(center: Point(10, 20), radius: 6) && s.fill == .solid(.transparent))
        #expect(s.stroke == nil && s.isInvisible)
    }

    @Test func tooltipTextAndLengthJoinTheParts() {
        for (prefix, label, value) in [("Home · ", "Q3", "68"), ("", "", ""), ("收入 · ", "第1节", "−1,234.5"),
                                        ("<&> · ", "\"'", "١٢٫٥")] {
            let t = PointTooltip(prefix: prefix, label: label, value: value)
            #expect(t.text == prefix + label + ": " + value)
            #expect(t.utf8Count == t.text.utf8.count)
        }
    }

    /// The cost of a scene with hit targets is the cost of the same scene with their groups, with and without
    /// geometry, shares included.
    @Test func costIsTheCostOfTheGroups() {
        let targets = Self.cases.prefix(40).enumerated().map { n, c in
            Node.hitTarget(Self.target(c.0, c.1, prefix: n % 3 == 0 ? "A · " : "Long series name · "))
        }
        let scene = Scene(width: 800, height: 400, background: nil, title: "t", description: "d", nodes: [
            .group(Group(role: .plot, clip: Rect(x: 0, y: 0, width: 800, height: 400), children: [
                .group(Group(role: .series(2), children: targets)),
            ])),
            .hitTarget(Self.target(Point(5, 5), 3)),
        ])
        let expanded = scene.expandingHitTargets()
        for geometry in [false, true] {
            let a = SceneCost(of: scene, geometry: geometry), b = SceneCost(of: expanded, geometry: geometry)
            #expect(a == b, "geometry \(geometry)")
            #expect(a.shares == b.shares)
            #expect(a.tooltipBytes > 0 && a.segments > 0)
        }
    }

    @Test func expandingReplacesEveryTargetByItsGroupInPlace() {
        let h = Self.target(Point(1, 2), 3)
        let scene = Scene(width: 10, height: 10, background: nil, title: "", description: "", nodes: [
            .hitTarget(h), .group(Group(role: .series(0), children: [.text(TextRun(text: "x", position: Point(0, 0),
                                                                                    size: 10, color: .black)),
                                                                      .hitTarget(h)])),
        ])
        let expanded = scene.expandingHitTargets()
        #expect(expanded.nodes[0] == .group(h.group))
        guard case .group(let g) = expanded.nodes[1] else { Issue.record("not a group"); return }
        #expect(g.children[1] == .group(h.group) && g.children[0] == scene.nodesChild(1, 0))
    }
}

private extension Scene {
    func nodesChild(_ i: Int, _ j: Int) -> Node? {
        guard case .group(let g) = nodes[i] else { return nil }
        return g.children[j]
    }
}
