public import ChartScene

/// The faces charts are drawn with: a regular and a bold face (DejaVu Sans, DejaVu Sans Bold) plus an ordered list
/// of fallbacks chosen per character — Noto Sans Arabic, Hebrew, Devanagari, Bengali, Tamil and Thai, WenQuanYi
/// Micro Hei and Droid Sans Fallback for CJK, Symbola for emoji (`FontSet+Loading`) — so `第1节 Q1` takes its Latin
/// glyphs from DejaVu and its Han glyphs from the first fallback that has them. A character no face has is drawn
/// and measured as the primary face's `.notdef` box.
///
/// Each fallback may have a bold counterpart (`boldFallbacks`: Noto Sans Arabic Bold…), which bold text uses in its
/// place; a fallback without one is fake-bolded, as browsers do. `catalogue` holds every loaded family, which
/// `selecting(family:)` turns into a set led by that family (`font.family` in a spec).
///
/// Text is ordered by the Unicode bidi algorithm (FriBidi) and shaped by HarfBuzz run by run (`FontSet.shaped`).
public struct FontSet: TextMeasuring {
    /// The face for `FontWeight.regular`.
    public let regular: FontFace
    /// The face for `FontWeight.bold`; equal to `regular` when no bold face was loaded (see `hasBoldFace`).
    public let bold: FontFace
    /// Whether a separate bold face was loaded (otherwise bold text uses the regular face, emboldened).
    public let hasBoldFace: Bool
    /// Faces consulted in order for characters the weight's face lacks.
    public let fallbacks: [FontFace]
    /// Per fallback, the face bold text uses in its place (nil: the fallback itself, fake-bolded).
    public let boldFallbacks: [FontFace?]
    /// Files that were tried but not loaded, with the reason, and other notes from `loadDefault`.
    public let problems: [String]
    /// The files among `problems` that were named (by `CHART_FONTS`) or found (at a default location) but could not
    /// be loaded, each as `path: reason`. A missing default location is not one: those are only searched.
    public let missingFiles: [String]
    /// Every loaded family, the set's own faces and any others (`--fonts-dir`), for `selecting(family:)`.
    public let catalogue: FontCatalogue
    /// The SVG/CSS `font-family` value that makes a browser pick the same face per character as `walk` does (CSS
    /// font fallback is per character in list order): the chain's family names in order, each once, quoted and
    /// CSS-escaped, then `sans-serif`. Computed once.
    public let cssFontFamily: String

    /// Per weight: the weight's face followed by the fallbacks, with each face's px-per-unit factor at size 1.
    let regularChain: [FontFace]
    let boldChain: [FontFace]
    let regularScales: [Double]
    let boldScales: [Double]
    /// Per weight, each chain face's index in `faces` (the `slot` the walk reports).
    let regularSlots: [Int]
    let boldSlots: [Int]
    /// Per bold-chain face, whether bold text drawn by it is fake-bolded (the face has no bold style of its own).
    let boldSynthetic: [Bool]
    /// `faces`, computed once.
    private let allFaces: [FontFace]
    /// Shaped text kept across renders (bounded; see `ShapedRunCache`).
    let shapedRuns = ShapedRunCache()

    /// A set from already parsed faces. `boldFallbacks[i]` (when present and non-nil) replaces `fallbacks[i]` for
    /// bold text. `catalogue` defaults to the families of these faces.
    public init(regular: FontFace, bold: FontFace? = nil, fallbacks: [FontFace] = [], boldFallbacks: [FontFace?] = [],
                problems: [String] = [], missingFiles: [String] = [], catalogue: FontCatalogue? = nil) {
        self.regular = regular
        self.bold = bold ?? regular
        self.hasBoldFace = bold != nil
        self.fallbacks = fallbacks
        let boldFallbacks = fallbacks.indices.map { $0 < boldFallbacks.count ? boldFallbacks[$0] : nil }
        self.boldFallbacks = boldFallbacks
        self.problems = problems
        self.missingFiles = missingFiles
        let separateBold = bold != nil ? 1 : 0
        let boldFaces = boldFallbacks.compactMap { $0 }
        allFaces = [regular] + (bold.map { [$0] } ?? []) + fallbacks + boldFaces
        regularChain = [regular] + fallbacks
        regularSlots = [0] + fallbacks.indices.map { $0 + 1 + separateBold }
        var boldChain = [bold ?? regular], boldSlots = [separateBold], synthetic = [bold == nil]
        var nextBoldSlot = 1 + separateBold + fallbacks.count
        for (i, fallback) in fallbacks.enumerated() {
            if let face = boldFallbacks[i] {
                boldChain.append(face)
                boldSlots.append(nextBoldSlot)
                nextBoldSlot += 1
                synthetic.append(false)
            } else {
                boldChain.append(fallback)
                boldSlots.append(i + 1 + separateBold)
                synthetic.append(true)
            }
        }
        self.boldChain = boldChain
        self.boldSlots = boldSlots
        boldSynthetic = synthetic
        regularScales = regularChain.map { 1 / Double($0.unitsPerEm) }
        boldScales = boldChain.map { 1 / Double($0.unitsPerEm) }
        self.catalogue = catalogue ?? FontCatalogue(faces: allFaces)
        cssFontFamily = Self.cssFontFamily(of: regularChain + boldChain)
    }

    /// Loads every listed file; any file that cannot be loaded is an error (explicit configuration should not be
    /// silently ignored). Paths may end in `#N` to pick face N of a collection.
    public init(regularPath: String, boldPath: String? = nil, fallbackPaths: [String] = []) throws(FontError) {
        let regular = try Self.loadFace(regularPath)
        let bold: FontFace? = if let boldPath { try Self.loadFace(boldPath) } else { nil }
        var fallbacks: [FontFace] = []
        for path in fallbackPaths { fallbacks.append(try Self.loadFace(path)) }
        self.init(regular: regular, bold: bold, fallbacks: fallbacks)
    }

    /// Every face: regular, bold (when separate), the fallbacks, then the fallbacks' bold faces.
    public var faces: [FontFace] { allFaces }
}
