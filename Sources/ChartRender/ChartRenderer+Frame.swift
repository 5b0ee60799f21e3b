import ChartAnimation
import ChartScene
import ChartSpec

extension ChartRenderer {
    /// `scene` as it looks `time` seconds into the spec's animation (`SceneAnimator`, the SMIL document's
    /// choreography), or `scene` itself when there is no time or the spec's animation is off.
    func frame(_ scene: Scene, of spec: ChartSpec, at time: Double?) -> Scene {
        guard let time, spec.animation.enabled else { return scene }
        return SceneAnimator(scene: scene, choreography: Choreography(spec.animation)).scene(at: time)
    }
}
