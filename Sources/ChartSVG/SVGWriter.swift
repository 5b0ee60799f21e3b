public import ChartAnimation
public import ChartScene

/// Writes a scene as a compact, valid SVG document; with `animation`, the same document plus SMIL
/// animation elements.
///
/// Guarantees:
/// - deterministic: the same scene and settings give the same bytes;
/// - every text and attribute value taken from the scene is XML-escaped, and characters that
///   XML 1.0 forbids are dropped;
/// - the animated document is the static one plus `<animate…/>` elements: stripping them gives
///   the static document byte for byte, and the static attributes are the final frame, so a
///   viewer without SMIL (or a print) shows the complete chart.
///
/// Shapes with `snapToPixels` get `shape-rendering="crispEdges"` instead of being moved to pixel
/// centers: an SVG is shown at any zoom and device pixel ratio, where a half-pixel offset chosen for
/// 1× would be wrong, while crispEdges lets the renderer snap at the final scale; the coordinates stay
/// exactly those the raster backend gets.
///
/// Animation choreography (times at the default 1.2 s duration, all scaled with it): series k's line
/// draws from `delay + k × stagger` over `duration` along the easing; its area fades in 0.3 s later
/// over 0.8 s to its own opacity; each point pops (scale 0 until the line's tip reaches its
/// `progress` on the eased curve, then 0.5 → 1.2 → 1 over 0.4 s); value labels appear when the line
/// arrives; annotations fade in after the last line; bars grow and ring arcs sweep, staggered by index; a pie is
/// revealed by one clockwise sweep from its start angle over `duration` after the delay, along the easing, and its
/// slice labels fade in when the sweep is complete. Every animation element begins at 0 and holds its first value
/// until its entrance (so nothing shows its final state first), and all carry `fill="freeze"`.
///
/// Structure written for the roles (documented for the chart-kind authors):
/// - a `.point` group is translated to the center of its shapes' bounds and its children are
///   written relative to it, so the pop can scale about the center;
/// - a `.bar` group is translated to the bottom edge (max y) of its bounds, taken as the baseline:
///   the bar grows upward from it. A negative bar (baseline at its top edge) cannot be told apart
///   from the role alone and also grows from its bottom edge; the role would need the sign to do better;
/// - a `.seriesLine` group whose children are all stroked, undashed, single-subpath shapes gets
///   `pathLength="1"` on them and draws by animating the inherited `stroke-dasharray`; any other
///   line (dashed, several subpaths, fills) gets an inner `<g clip-path>` whose clip rectangle
///   grows from left to right, so dashes stay dashes while the line grows;
/// - a `.ringArc` group is expected to hold a stroked arc (same test as a line): it sweeps
///   with the dash technique, otherwise it fades in; an overdue ring's laps (fraction above 1) are written in two
///   inner `<g>`s, static too, the first lap's sweeping first and the last lap's after it;
/// - a `.pie` group gets `mask="url(#…-sN)"`, a `<mask>` of its own holding a white `pathLength="1"` circle stroke
///   as wide as the disc (plus its children's widest stroke and 1 px) whose `stroke-dasharray` grows like a line's;
///   the mask is written in the static document too, where its stroke is complete and masks nothing, so the
///   animated document is still the static one plus animation elements.
public struct SVGWriter: Sendable {
    /// SMIL animation to add; nil writes a static document.
    public var animation: Choreography?
    /// Prefix of every `id` in the document (gradients, clips, title), so several charts can be
    /// inlined in one HTML page. Characters other than ASCII letters, digits, `-` and `_` are dropped;
    /// an empty result becomes `c`.
    public var idPrefix: String
    /// Polled per node; once cancelled the writer stops early and its (incomplete) output is to be discarded.
    public var cancellation: CancellationCheck
    /// The writer stops once the document's body passes this many bytes, so a scene that would make an
    /// oversized document costs no more than the limit; the caller sees the size and refuses the output.
    public var maxBytes: Int
    /// The root element's CSS `font-family` list (the renderer's font chain, `FontSet.cssFontFamily`), written
    /// XML-escaped; nil writes the default list of DejaVu Sans and the common CJK families.
    public var fontFamily: String?

    public init(animation: Choreography? = nil, idPrefix: String = "c", cancellation: CancellationCheck = .never,
                maxBytes: Int = .max, fontFamily: String? = nil) {
        self.animation = animation
        self.idPrefix = idPrefix
        self.cancellation = cancellation
        self.maxBytes = maxBytes
        self.fontFamily = fontFamily
    }

    /// The SVG document for `scene`, UTF-8 encoded.
    public func write(_ scene: Scene) -> [UInt8] {
        var prefix = Array(idPrefix.utf8.filter { b in
            (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || b == 0x2D || b == 0x5F
        })
        if prefix.first.map({ ($0 | 0x20) < 0x61 || ($0 | 0x20) > 0x7A }) ?? true { prefix.insert(0x63, at: 0) }
        let timeline = animation.map { AnimationTimeline($0, scene: scene) }
        var document = SVGDocumentWriter(prefix: prefix, timeline: timeline,
                                         cancellation: cancellation, maxBytes: maxBytes, fontFamily: fontFamily)
        return document.write(scene)
    }
}
