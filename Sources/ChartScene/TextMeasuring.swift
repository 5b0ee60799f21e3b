/// Measures text the way a backend will draw it, so the layout can size margins and avoid collisions. The text
/// layer implements it with real fonts (`TextEngine`), tests with `ApproximateMetrics`; like `GlyphPlacing` it lives
/// here so the layout and the backends depend on the scene, not on fonts.
public protocol TextMeasuring: Sendable {
    /// The advance width of `text` at `size` px, kerning included.
    func width(of text: String, size: Double, weight: FontWeight) -> Double
    /// Distance from the baseline up to the top of typical capitals/ascenders, at `size` px.
    func ascent(size: Double) -> Double
    /// Distance from the baseline down to the bottom of descenders (positive), at `size` px.
    func descent(size: Double) -> Double
}
