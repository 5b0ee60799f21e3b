import ChartAnimation
import ChartRaster
import ChartRender
import ChartScene
import ChartSpec
import Testing

/// Frames of the examples' animations, rasterized: they fill in over time and end on the static PNG exactly.
struct AnimationFrameTests {
    let renderer = ChartRenderer.shared

    /// Pixels that differ from the chart's empty canvas (its background alone).
    func ink(_ pixmap: Pixmap, canvas: Pixmap) -> Int {
        var count = 0
        for i in stride(from: 0, to: pixmap.data.count, by: 4)
        where pixmap.data[i..<i + 4] != canvas.data[i..<i + 4] {
            count += 1
        }
        return count
    }

    /// One example of every animated kind: lines, areas, a lead chart, grouped, stacked and horizontal bars, bubbles,
    /// rings, a pie and a doughnut.
    static let kinds = ["average-line", "dark-area", "diff-lead", "bars-grouped", "bars-stacked", "bars-horizontal",
                        "scatter-bubbles", "ring-activity", "pie-browsers", "doughnut-budget"]

    @Test(arguments: kinds)
    func framesHaveLessInkEarlyThanLate(name: String) throws {
        let spec = try ChartSpec.parse(try ExampleFiles.spec(name))
        guard spec.animation.enabled else { return }
        let still = renderer.scene(for: spec, interactive: false)
        let rasterizer = Rasterizer(glyphs: renderer.text.fontSet)
        var empty = still
        empty.nodes = []
        let canvas = try rasterizer.render(empty, scale: 1)
        let animator = SceneAnimator(scene: still, choreography: Choreography(duration: 1.2, delay: 0, stagger: 0.15))
        let early = ink(try rasterizer.render(animator.scene(at: 0.2), scale: 1), canvas: canvas)
        let late = ink(try rasterizer.render(animator.scene(at: 0.9), scale: 1), canvas: canvas)
        let final = ink(try rasterizer.render(still, scale: 1), canvas: canvas)
        #expect(early < late, "\(name): \(early) ink px at 0.2 s, \(late) at 0.9 s")
        #expect(early < final, "\(name): \(early) ink px at 0.2 s, \(final) in the static chart")
    }

    @Test(arguments: ["average-line", "bars-stacked", "pie-browsers", "ring-activity"])
    func theFrameAfterTheAnimationIsTheStaticPNG(name: String) throws {
        var options = RenderOptions()
        let png = try renderer.render(json: try ExampleFiles.spec(name), format: .png, options: options).bytes
        options.time = 60
        #expect(try renderer.render(json: try ExampleFiles.spec(name), format: .png, options: options).bytes == png)
        options.time = 0.4
        #expect(try renderer.render(json: try ExampleFiles.spec(name), format: .png, options: options).bytes != png)
    }
}
