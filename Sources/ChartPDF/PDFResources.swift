/// The named resources one page uses (ISO 32000-1 §7.8.3): graphics states, shading patterns, shadings and form
/// XObjects, each created on first use and named `GS1`, `P1`, `Sh1`, `X1`… in that order.
///
/// The page and every form XObject on it (transparency groups, soft masks) share one resource dictionary, written as
/// a single object once the page is complete (`dictionary(fonts:)`), so a name means the same thing in every content
/// stream. Entries are kept in arrays in creation order (dictionaries serve only to find an existing one), so the
/// written dictionary — and the file — is the same on every run.
struct PDFResources {
    private var states: [String] = []
    private var alphaNames: [Int: String] = [:]
    private var maskNames: [PDFObjectID: String] = [:]
    private var patterns: [String] = []
    private var patternNames: [String: String] = [:]
    private var shadings: [String] = []
    private var xObjects: [PDFObjectID] = []

    /// Whether anything on the page is transparent (an alpha below 1, a soft mask or a transparency group), so the
    /// page needs a transparency group of its own to blend in a defined colour space.
    private(set) var usesTransparency = false

    /// Resolution of `/ca` and `/CA`: an alpha is written to three decimals (8-bit alphas stay distinct).
    static let alphaSteps = 1000

    /// The alpha `alpha` (clamped to 0…1) in thousandths, as graphics states are keyed and written.
    static func alphaKey(_ alpha: Double) -> Int {
        alpha.isNaN ? alphaSteps : Int((min(max(alpha, 0), 1) * Double(alphaSteps)).rounded())
    }

    /// The name of a graphics state that sets the fill alpha `/ca` and the stroke alpha `/CA` to `alpha` (0…1).
    mutating func alphaState(_ alpha: Double) -> String {
        let key = Self.alphaKey(alpha)
        if let name = alphaNames[key] { return name }
        let value = PDFNumber.string(Double(key) / Double(Self.alphaSteps), decimals: 3)
        let name = addState("/ca \(value) /CA \(value)")
        alphaNames[key] = name
        if key < Self.alphaSteps { usesTransparency = true }
        return name
    }

    /// The name of a graphics state whose soft mask is the luminosity of form XObject `group` (§11.6.5.2), with both
    /// alphas 1: what is painted under it is as opaque as the mask is white.
    mutating func softMaskState(group: PDFObjectID) -> String {
        if let name = maskNames[group] { return name }
        let name = addState("/SMask <</Type /Mask /S /Luminosity /G \(group.reference)>> /ca 1 /CA 1")
        maskNames[group] = name
        usesTransparency = true
        return name
    }

    private mutating func addState(_ entries: String) -> String {
        states.append("<<\(entries)>>")
        return "GS\(states.count)"
    }

    /// The name of a shading pattern (§8.7.4.3) with the shading dictionary `shading` and pattern matrix `matrix`
    /// (`[a b c d e f]`, or empty for the identity); the same pair gets the same name.
    mutating func pattern(shading: String, matrix: String) -> String {
        let body = "<</PatternType 2 /Shading \(shading)" + (matrix.isEmpty ? "" : " /Matrix \(matrix)") + ">>"
        if let name = patternNames[body] { return name }
        patterns.append(body)
        let name = "P\(patterns.count)"
        patternNames[body] = name
        return name
    }

    /// The name of the shading dictionary `shading`, for the `sh` operator.
    mutating func shading(_ shading: String) -> String {
        shadings.append(shading)
        return "Sh\(shadings.count)"
    }

    /// The name of form XObject `id` (a transparency group), for the `Do` operator.
    mutating func xObject(_ id: PDFObjectID) -> String {
        xObjects.append(id)
        usesTransparency = true
        return "X\(xObjects.count)"
    }

    /// The resource dictionary, with `fonts` as its `/Font` entries.
    func dictionary(fonts: [(name: String, id: PDFObjectID)]) -> String {
        var out = "<<"
        func section(_ key: String, _ entries: [String], prefix: String) {
            guard !entries.isEmpty else { return }
            out += "/\(key) <<"
            for (i, entry) in entries.enumerated() { out += "/\(prefix)\(i + 1) \(entry)\n" }
            out += ">>\n"
        }
        section("ExtGState", states, prefix: "GS")
        section("Pattern", patterns, prefix: "P")
        section("Shading", shadings, prefix: "Sh")
        section("XObject", xObjects.map(\.reference), prefix: "X")
        if !fonts.isEmpty {
            out += "/Font <<"
            for font in fonts { out += "/\(font.name) \(font.id.reference)\n" }
            out += ">>\n"
        }
        return out + ">>"
    }
}
