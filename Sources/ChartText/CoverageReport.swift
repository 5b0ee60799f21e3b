/// What a `FontSet` can draw: the loaded faces, and each script of `WritingScript.all` sorted into drawn correctly,
/// without glyphs, or with glyphs but drawn incorrectly; plus the files that failed to load.
public struct CoverageReport: Hashable, Sendable, CustomStringConvertible {
    /// Face names in lookup order.
    public var faces: [String]
    /// Scripts drawn correctly: every sample character has a glyph in some face, and a script that needs shaping
    /// is drawn by faces HarfBuzz shapes (the rule is `WritingScript`'s).
    public var coveredScripts: [String]
    /// Scripts some sample character of which no face has: drawn as `.notdef` boxes (e.g. "Han" without a CJK font).
    public var missingScripts: [String]
    /// Scripts whose glyphs the faces have but which need shaping, from a face HarfBuzz could not open: drawn one
    /// glyph per character, so unjoined or unordered. Empty with every well-formed font.
    public var unshapedScripts: [String]
    /// Files that were tried but not loaded, and other notes from loading.
    public var problems: [String]

    /// Sorts `WritingScript.all` by what `faces` have.
    init(faces: [FontFace], problems: [String]) {
        self.faces = faces.map(\.name)
        self.problems = problems
        var covered: [String] = [], missing: [String] = [], unshaped: [String] = []
        for script in WritingScript.all {
            // The face that draws each sample: the first that maps it (as `FontSet.shaped` picks).
            let drawing = script.samples.unicodeScalars.map { scalar in faces.first { $0.covers(scalar) } }
            if drawing.contains(where: { $0 == nil }) {
                missing.append(script.name)
            } else if script.needsShaping, drawing.contains(where: { $0?.harfBuzz == nil }) {
                unshaped.append(script.name)
            } else {
                covered.append(script.name)
            }
        }
        coveredScripts = covered
        missingScripts = missing
        unshapedScripts = unshaped
    }

    public var description: String {
        func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }
        return "faces: \(faces.joined(separator: ", ")); draws: \(list(coveredScripts)); no glyphs: "
            + "\(list(missingScripts)); glyphs but not shaped (HarfBuzz cannot read the face): \(list(unshapedScripts))"
    }
}
