/// The reading direction of a chart (`direction`): which side its title, subtitle and legend start from.
///
/// Text inside a label is ordered by the bidi algorithm whatever this says; the direction places the boxes: a
/// right-to-left chart has its title and subtitle right-aligned and its legend entries flowing from the right, each
/// swatch right of its name. The plot's axes keep their orientation unless `ChartSpec.mirrorAxes` is set.
public enum TextDirection: String, Hashable, Sendable, CaseIterable {
    /// Left to right (Latin, Cyrillic, CJK, Devanagari, …): the default.
    case ltr
    /// Right to left (Arabic, Hebrew, Persian, Urdu, …).
    case rtl
}
