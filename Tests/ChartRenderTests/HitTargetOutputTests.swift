import ChartAnimation
import ChartRaster
import ChartScene
import ChartSpec
import Testing
@testable import ChartRender

/// A line without dots gets a hit target per point (`Node.hitTarget`); every output reads it as the `.point` group
/// it stands for (`HitTarget.group`): layout JSON, the raster backend and the animated frames give the same result
/// for the scene and for the scene with its targets expanded.
struct HitTargetOutputTests {
    let renderer = ChartRenderer.shared

    static let specs = [
        #"{"series": [{"name": "A", "values": [1, 3, 2.25, null, 7]}, {"name": "B <&>", "values": [4, 1e6, -2]}], "#
            + #""labels": ["Q1", "Q2", "Q3", "Q4", "Q5"]}"#,
        #"{"series": [{"name": "Home", "values": [0.5, 0.25, 0.125]}], "locale": "de-DE", "format": "smil"}"#,
        #"{"series": [{"name": "T", "points": [["2026-03-28T00:00", 41], ["2026-03-29T06:00", -1234.5]]}], "#
            + #""x": {"type": "time", "timeZone": "Europe/Berlin"}, "locale": "ar-EG"}"#,
    ]

    func targets(_ scene: Scene) -> [HitTarget] {
        var out: [HitTarget] = []
        scene.forEachNode { node, _ in if case .hitTarget(let h) = node { out.append(h) } }
        return out
    }

    @Test(arguments: specs)
    func layoutJSONReadsTargetsAsTheirGroups(json: String) throws {
        let spec = try ChartSpec.parse(Array(json.utf8))
        let scene = renderer.scene(for: spec)
        #expect(!targets(scene).isEmpty)
        let expanded = scene.expandingHitTargets()
        #expect(targets(expanded).isEmpty)
        let metrics = renderer.text.measurer
        #expect(LayoutJSON.encode(scene: scene, spec: spec, metrics: metrics)
                    == LayoutJSON.encode(scene: expanded, spec: spec, metrics: metrics))
    }

    @Test(arguments: specs)
    func rasterAndFramesDrawTargetsAsTheirTransparentCircles(json: String) throws {
        let spec = try ChartSpec.parse(Array(json.utf8))
        let scene = renderer.scene(for: spec)
        let expanded = scene.expandingHitTargets()
        let rasterizer = Rasterizer(glyphs: renderer.text.fontSet)
        #expect(try rasterizer.render(scene, scale: 1).data == rasterizer.render(expanded, scale: 1).data)
        let animator = SceneAnimator(scene: scene, choreography: Choreography())
        let expandedAnimator = SceneAnimator(scene: expanded, choreography: Choreography())
        for t in [0, 0.3, 0.6, 5] {
            #expect(animator.scene(at: t).expandingHitTargets() == expandedAnimator.scene(at: t))
        }
    }

    /// The targets' tooltips are the texts their groups carried: series prefix, label, value in the chart's format.
    @Test func tooltipsJoinSeriesLabelAndValue() throws {
        let spec = try ChartSpec.parse(Array(Self.specs[0].utf8))
        let texts = targets(renderer.scene(for: spec)).map(\.tooltip.text)
        #expect(texts == ["A · Q1: 1", "A · Q2: 3", "A · Q3: 2.25", "B <&> · Q1: 4", "B <&> · Q2: 1M",
                          "B <&> · Q3: −2"])
    }
}
