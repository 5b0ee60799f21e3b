import ChartRaster
import ChartScene
import ChartSpec
import Testing
@testable import ChartRender

/// Which renders lay out for animation (`ChartRenderer.plays`): exactly those that read the points' progress — the
/// SMIL writer's timeline (`.smil` with the animation on), the APNG and GIF frames (`SceneAnimator`, animation on)
/// and a still raster frame at `RenderOptions.time` (`frame(_:of:at:)`, animation on). Every other render draws the
/// chart still and skips measuring the lines.
struct AnimatedLayoutChoiceTests {
    @Test(arguments: OutputFormat.allCases)
    func animatedLayoutExactlyWhereProgressIsRead(format: OutputFormat) {
        for enabled in [true, false] {
            for time: Double? in [nil, 0.4] {
                var spec = ChartSpec()
                spec.animation.enabled = enabled
                let options = RenderOptions(time: time)
                let readsProgress = switch format {
                case .smil, .apng, .gif: enabled
                case .png, .webp, .jpeg: enabled && time != nil
                case .svg, .json, .pdf: false
                }
                #expect(ChartRenderer.plays(spec, in: format, options: options) == readsProgress,
                        "\(format), animation \(enabled), time \(String(describing: time))")
            }
        }
    }

    /// A frame at a moment of the animation comes from the animated layout: the pixels of the PNG pipeline at `time`
    /// are the animated scene's frame, and a line's dots pop by their arc length, not by even shares.
    @Test func aFrameAtATimeIsDrawnFromTheAnimatedLayout() throws {
        let json = #"{"type": "line", "width": 320, "height": 200, "series": [{"name": "A", "dots": true, "#
            + #""values": [1, 40, 2, 3, 50, 4, 5, 45, 6, 7]}], "animation": {"duration": 1, "stagger": 0}}"#
        let spec = try ChartSpec.parse(Array(json.utf8))
        let renderer = ChartRenderer.shared
        let rasterizer = Rasterizer(glyphs: renderer.text.fontSet)
        func pixels(_ scene: Scene, at time: Double) throws -> [UInt8] {
            try rasterizer.render(renderer.frame(scene, of: spec, at: time), scale: spec.scale).data
        }
        let animated = renderer.layout(spec, interactive: false, animated: true)
        let even = renderer.layout(spec, interactive: false, animated: false)
        var differsFromEven = false
        for time in [0.15, 0.3, 0.45, 0.6, 0.75] {
            let frame = try renderer.pixmap(for: spec, options: RenderOptions(time: time)).data
            #expect(frame == (try pixels(animated, at: time)), "t = \(time)")
            if try pixels(even, at: time) != frame { differsFromEven = true }
        }
        #expect(differsFromEven, "evenly shared progress pops the dots at the same moments: the test shows nothing")
    }
}
