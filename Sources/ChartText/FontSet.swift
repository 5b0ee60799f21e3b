public import ChartScene

/// The faces charts are drawn with: a regular and a bold face (DejaVu Sans, DejaVu Sans Bold) plus an ordered list
/// of fallbacks (WenQuanYi Micro Hei, Droid Sans Fallback) chosen per character, so `第1节 Q1` takes its Latin
/// glyphs from DejaVu and its Han glyphs from the first fallback that has them. A character no face has is drawn
/// and measured as the primary face's `.notdef` box.
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
    /// Files that were tried but not loaded, with the reason, and other notes from `loadDefault`.
    public let problems: [String]
    /// The files among `problems` that were named (by `CHART_FONTS`) or found (at a default location) but could not
    /// be loaded, each as `path: reason`. A missing default location is not one: those are only searched.
    public let missingFiles: [String]

    /// Per weight: the weight's face followed by the fallbacks, with each face's px-per-unit factor at size 1.
    let regularChain: [FontFace]
    let boldChain: [FontFace]
    let regularScales: [Double]
    let boldScales: [Double]
    /// Shaped text kept across renders (bounded; see `ShapedRunCache`).
    let shapedRuns = ShapedRunCache()

    /// A set from already parsed faces.
    public init(regular: FontFace, bold: FontFace? = nil, fallbacks: [FontFace] = [], problems: [String] = [],
                missingFiles: [String] = []) {
        self.regular = regular
        self.bold = bold ?? regular
        self.hasBoldFace = bold != nil
        self.fallbacks = fallbacks
        self.problems = problems
        self.missingFiles = missingFiles
        regularChain = [regular] + fallbacks
        boldChain = [bold ?? regular] + fallbacks
        regularScales = regularChain.map { 1 / Double($0.unitsPerEm) }
        boldScales = boldChain.map { 1 / Double($0.unitsPerEm) }
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

    /// Every face: regular, bold (when separate), then the fallbacks.
    public var faces: [FontFace] { [regular] + (hasBoldFace ? [bold] : []) + fallbacks }
}
