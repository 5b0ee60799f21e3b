public import ChartScene

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The faces charts are drawn with: a regular and a bold face (DejaVu Sans, DejaVu Sans Bold) plus an ordered list
/// of fallbacks (WenQuanYi Micro Hei, Droid Sans Fallback) chosen per character, so `第1节 Q1` takes its Latin
/// glyphs from DejaVu and its Han glyphs from the first fallback that has them. A character no face has is drawn
/// and measured as the primary face's `.notdef` box.
///
/// Text is laid out one Unicode scalar → one glyph, left to right, with pair kerning inside runs of the same face.
/// Bidirectional reordering and complex shaping (Arabic joining, Indic reordering, ligatures) are out of scope.
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
    private let regularChain: [FontFace]
    private let boldChain: [FontFace]
    private let regularScales: [Double]
    private let boldScales: [Double]

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

    /// The Debian/Ubuntu (and Fedora/Arch) locations searched by `loadDefault` when `CHART_FONTS` is unset.
    public static let defaultRegularPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    ]
    public static let defaultBoldPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf", "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf",
    ]
    public static let defaultFallbackPaths = [
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
        "/usr/share/fonts-droid-fallback/truetype/DroidSansFallbackFull.ttf",
    ]

    /// The value of the `CHART_FONTS` environment variable, if set and non-empty.
    public static var environmentFontList: String? {
        guard let raw = getenv("CHART_FONTS") else { return nil }
        let value = String(cString: raw)
        return value.isEmpty ? nil : value
    }

    /// Loads the standard faces, skipping files that are absent or unreadable (and recording them in `missingFiles`
    /// when `fontList` named them or they exist but do not parse; `FontReport` calls such a set degraded).
    ///
    /// `fontList` (default: the `CHART_FONTS` environment variable) is a colon-separated list
    /// `regular:bold:fallback1:fallback2…`; an empty bold entry means "no bold face", and entries may end in `#N` for
    /// a collection face. Without it the standard Debian locations are searched. When the regular face cannot be
    /// loaded the first loadable fallback becomes the primary face. Throws `noFontAvailable`, listing every file
    /// tried, when no face loads at all — callers then measure with `ApproximateMetrics` and cannot draw glyphs
    /// (see `TextEngine`).
    public static func loadDefault(fontList: String? = environmentFontList) throws(FontError) -> FontSet {
        try load(fontList: fontList).result.get()
    }

    /// What `loadDefault` found: the set or the error, and the files that could not be loaded.
    struct LoadAttempt {
        var result: Result<FontSet, FontError>
        var missingFiles: [String]
    }

    /// `loadDefault` without throwing, keeping the files that failed (`TextEngine` reports them).
    static func load(fontList: String?) -> LoadAttempt {
        var regularPaths = defaultRegularPaths, boldPaths = defaultBoldPaths, fallbackPaths = defaultFallbackPaths
        if let fontList {
            let entries = fontList.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            regularPaths = entries.first.map { $0.isEmpty ? [] : [$0] } ?? []
            boldPaths = entries.count > 1 && !entries[1].isEmpty ? [entries[1]] : []
            fallbackPaths = entries.dropFirst(2).filter { !$0.isEmpty }
        }
        var missing: [String] = []
        func firstLoadable(_ paths: [String]) -> FontFace? {
            for path in paths {
                guard FontFile.exists(Self.split(path).path) else {
                    if fontList != nil { missing.append("\(path): \(FontFile.absence(Self.split(path).path))") }
                    continue
                }
                do {
                    return try loadFace(path)
                } catch {
                    missing.append("\(path): \(error.message)")
                }
            }
            return nil
        }
        let regular = firstLoadable(regularPaths)
        let bold = firstLoadable(boldPaths)
        var fallbacks: [FontFace] = []
        var seen = Set<String>()
        for path in fallbackPaths {
            // Debian ships Droid Sans Fallback at two paths; load it once.
            let file = path.split(separator: "/").last.map(String.init) ?? path
            guard !seen.contains(file), let face = firstLoadable([path]) else { continue }
            seen.insert(file)
            fallbacks.append(face)
        }
        if let regular {
            let set = FontSet(regular: regular, bold: bold, fallbacks: fallbacks, problems: missing,
                              missingFiles: missing)
            return LoadAttempt(result: .success(set), missingFiles: missing)
        }
        if let primary = bold ?? fallbacks.first {
            let note = "no regular face loaded; using \(primary.name) as the primary face"
            let rest = bold == nil ? Array(fallbacks.dropFirst()) : fallbacks
            let set = FontSet(regular: primary, bold: bold, fallbacks: rest, problems: missing + [note],
                              missingFiles: missing)
            return LoadAttempt(result: .success(set), missingFiles: missing)
        }
        let tried = (regularPaths + boldPaths + fallbackPaths).joined(separator: ", ")
        let why = missing.isEmpty ? "" : " (" + missing.joined(separator: "; ") + ")"
        let error = FontError(.noFontAvailable, "no font could be loaded from: \(tried)\(why)")
        return LoadAttempt(result: .failure(error), missingFiles: missing)
    }

    /// Splits `path#N` into the file path and face index N (0 when absent).
    static func split(_ entry: String) -> (path: String, faceIndex: Int) {
        if let hash = entry.lastIndex(of: "#"), let index = Int(entry[entry.index(after: hash)...]) {
            return (String(entry[..<hash]), index)
        }
        return (entry, 0)
    }

    static func loadFace(_ entry: String) throws(FontError) -> FontFace {
        let (path, faceIndex) = split(entry)
        return try FontFace(path: path, faceIndex: faceIndex)
    }

    /// Every face: regular, bold (when separate), then the fallbacks.
    public var faces: [FontFace] { [regular] + (hasBoldFace ? [bold] : []) + fallbacks }

    // MARK: - Glyph resolution

    /// Scalars that occupy no space and draw nothing: C0/C1 controls, zero-width (non-)joiners and spaces,
    /// direction marks, variation selectors and the byte-order mark.
    @inline(__always)
    static func isIgnorable(_ v: UInt32) -> Bool {
        v < 0x20 || (0x7F...0x9F).contains(v) || (0x200B...0x200F).contains(v) || (0xFE00...0xFE0F).contains(v)
            || v == 0xFEFF || (0x202A...0x202E).contains(v) || (0x2060...0x2064).contains(v)
    }

    /// Calls `body(face, slot, glyph, scalar, penX, synthetic)` for every drawn glyph of `text`, with the face that
    /// draws it (the weight's face, else the first fallback mapping the character, else the weight's face's
    /// `.notdef`) and that face's index in `faces` (`slot`), the character it draws, the pen position in ems, and
    /// whether the glyph is bold text in a face without a bold style (a fallback, or the regular face when no bold
    /// face was loaded), which browsers fake-bold; returns the total advance in ems. Kerning applies only between
    /// neighbours drawn by the same face. Every backend places text with this one walk (`GlyphPlacement`, PDF).
    @inline(__always)
    public func walk(_ text: String, weight: FontWeight,
                     _ body: (FontFace, _ slot: Int, UInt16, Unicode.Scalar, _ pen: Double, _ synthetic: Bool) -> Void)
        -> Double {
        let chain = weight == .bold ? boldChain : regularChain
        let scales = weight == .bold ? boldScales : regularScales
        let bold = weight == .bold
        // `faces` is [regular, bold (when separate), fallbacks…]; chain k is the weight's face (k = 0) or fallback k.
        let separateBold = hasBoldFace ? 1 : 0
        let firstSlot = bold ? separateBold : 0
        var pen = 0.0
        var previousFace = -1
        var previousGlyph: UInt16 = 0
        for scalar in text.unicodeScalars {
            if Self.isIgnorable(scalar.value) { continue }
            var faceIndex = 0
            var glyph = chain[0].glyph(for: scalar)
            if glyph == 0 {
                for k in 1..<chain.count {
                    let g = chain[k].glyph(for: scalar)
                    if g != 0 { faceIndex = k; glyph = g; break }
                }
            }
            let face = chain[faceIndex]
            let scale = scales[faceIndex]
            if faceIndex == previousFace { pen += Double(face.kerning(previousGlyph, glyph)) * scale }
            body(face, faceIndex == 0 ? firstSlot : faceIndex + separateBold, glyph, scalar, pen,
                 bold && (faceIndex > 0 || !hasBoldFace))
            pen += Double(face.advance(of: glyph)) * scale
            previousFace = faceIndex
            previousGlyph = glyph
        }
        return pen
    }

    // MARK: - TextMeasuring

    /// Sum of advances plus pair kerning, each glyph in the face that draws it, scaled by `size / unitsPerEm`.
    public func width(of text: String, size: Double, weight: FontWeight) -> Double {
        walk(text, weight: weight) { _, _, _, _, _, _ in } * size
    }

    /// The primary face's hhea ascender at `size` px.
    public func ascent(size: Double) -> Double { Double(regular.ascender) / Double(regular.unitsPerEm) * size }

    /// The primary face's hhea descender (as a positive distance) at `size` px.
    public func descent(size: Double) -> Double { Double(-regular.descender) / Double(regular.unitsPerEm) * size }

    // MARK: - Coverage

    /// Characters of `text` that no face of the set can draw (they appear as `.notdef` boxes).
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        let faces = faces
        return text.unicodeScalars.filter { scalar in
            !Self.isIgnorable(scalar.value) && scalar != " " && !faces.contains { $0.covers(scalar) }
        }
    }

    /// Which scripts of `WritingScript.all` the set draws correctly, has no glyphs for, or draws incorrectly.
    public var coverageReport: CoverageReport { CoverageReport(faces: faces, problems: problems) }
}
