import ChartRaster
import ChartRender
import ChartScene
import ChartSpec
import Testing

/// PNG lays out a static scene (no tooltips, no invisible hit targets): it must draw exactly what the interactive
/// scene draws.
struct StaticSceneTests {
    let renderer = ChartRenderer.shared

    @Test(arguments: ExampleFiles.names)
    func staticScenesDrawTheSamePixelsWithoutTooltipsOrHitTargets(name: String) throws {
        let spec = try ChartSpec.parse(try ExampleFiles.spec(name))
        let interactive = renderer.scene(for: spec)
        let still = renderer.scene(for: spec, interactive: false)
        var tooltips = 0, invisible = 0
        still.forEachNode { node, _ in
            if case .group(let g) = node, g.tooltip != nil { tooltips += 1 }
            if case .shape(let s) = node, s.isInvisible { invisible += 1 }
            if case .hitTarget = node { invisible += 1 }
        }
        #expect(tooltips == 0 && invisible == 0, "\(name): \(tooltips) tooltips, \(invisible) invisible shapes")
        let rasterizer = Rasterizer(glyphs: renderer.text.fontSet)
        let same = try rasterizer.render(still, scale: 1).data == rasterizer.render(interactive, scale: 1).data
        #expect(same, "\(name): the static scene draws other pixels")
    }

    @Test func interactiveScenesKeepTheirTooltipsAndHitTargets() throws {
        let spec = try ChartSpec.parse(Array(#"{"series": [{"name": "A", "values": [1, 3, 2]}]}"#.utf8))
        var tooltips: [String] = [], invisible = 0
        renderer.scene(for: spec).forEachNode { node, _ in
            if case .group(let g) = node, let t = g.tooltip { tooltips.append(t.text) }
            if case .shape(let s) = node, s.isInvisible { invisible += 1 }
            // A line without dots: each point is a hit target (an invisible circle with its tooltip).
            if case .hitTarget(let h) = node, h.shape.isInvisible {
                tooltips.append(h.tooltip.text)
                invisible += 1
            }
        }
        #expect(tooltips == ["A · 0: 1", "A · 1: 3", "A · 2: 2"])
        #expect(invisible == 3)
    }
}
