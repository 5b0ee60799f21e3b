import ChartAnimation
import ChartRaster
import ChartRender
import ChartSpec
import Foundation

/// One frame of the standard chart's animation (issue 15): building the frame's scene (`SceneAnimator.scene(at:)`,
/// mid-animation, when lines are trimmed, points popping and the area fading) against rasterizing it, the cost that
/// every APNG or GIF frame pays.
func animationBenchmarks() -> [Benchmark] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/standard-chart.json").standardized.path
    guard let data = FileManager.default.contents(atPath: path), let spec = try? ChartSpec.parse(Array(data)) else {
        return [Benchmark(name: "animation (missing \(path))") { throw CocoaError(.fileNoSuchFile) }]
    }
    let renderer = ChartRenderer.shared
    let scene = renderer.scene(for: spec, interactive: false)
    let animator = SceneAnimator(scene: scene, choreography: Choreography())
    let rasterizer = Rasterizer(glyphs: renderer.text.fontSet)
    return [
        Benchmark(name: "animation standard frame scene at 0.6 s") { animator.scene(at: 0.6).nodes.count },
        Benchmark(name: "animation standard frame at 0.6 s rasterized scale 1") {
            try rasterizer.render(animator.scene(at: 0.6), scale: 1).data.count
        },
    ]
}
