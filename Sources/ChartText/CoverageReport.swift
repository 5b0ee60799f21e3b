/// What a `FontSet` can draw: the loaded faces, and each script of `WritingScript.all` sorted into drawn correctly,
/// without glyphs, or with glyphs but drawn incorrectly; plus the files that failed to load.
public struct CoverageReport: Hashable, Sendable, CustomStringConvertible {
    /// Face names in lookup order.
    public var faces: [String]
    /// Scripts drawn correctly: every sample character has a glyph in some face and the script needs no shaping
    /// (the rule is `WritingScript`'s).
    public var coveredScripts: [String]
    /// Scripts some sample character of which no face has: drawn as `.notdef` boxes (e.g. "Han" without a CJK font).
    public var missingScripts: [String]
    /// Scripts whose glyphs the faces have but which need bidi or shaping the engine does not do (Arabic, Hebrew…):
    /// drawn, but unjoined, unordered or reversed.
    public var unshapedScripts: [String]
    /// Files that were tried but not loaded, and other notes from loading.
    public var problems: [String]

    /// Sorts `WritingScript.all` by what `faces` have.
    init(faces: [FontFace], problems: [String]) {
        self.faces = faces.map(\.name)
        self.problems = problems
        var covered: [String] = [], missing: [String] = [], unshaped: [String] = []
        for script in WritingScript.all {
            let hasGlyphs = script.samples.unicodeScalars.allSatisfy { scalar in faces.contains { $0.covers(scalar) } }
            if !hasGlyphs {
                missing.append(script.name)
            } else if script.needsShaping {
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
            + "\(list(missingScripts)); glyphs but drawn incorrectly (no bidi or shaping yet): \(list(unshapedScripts))"
    }
}
