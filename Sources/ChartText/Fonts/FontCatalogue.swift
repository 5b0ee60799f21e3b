/// The font families a service has loaded, by the family name of their `name` table ("DejaVu Sans", "Noto Sans
/// Arabic", a family from `--fonts-dir`), each with its regular and (when loaded) bold face. A spec picks one with
/// `font: {"family": …}`; `FontSet.selecting(family:)` makes the set that draws with it.
///
/// Names match case-insensitively. A family's regular face is its first upright non-bold face (else its first face),
/// its bold face the first upright bold one; italic faces are not used.
public struct FontCatalogue: Sendable {
    /// One family.
    public struct Family: Sendable {
        /// The family name as the font spells it.
        public let name: String
        /// The face for regular text.
        public let regular: FontFace
        /// The face for bold text, when the family has one.
        public let bold: FontFace?
    }

    /// The families in the order their first face was loaded.
    public let families: [Family]

    /// Groups `faces` into families by name.
    public init(faces: [FontFace]) {
        var order: [String] = [], members: [String: [FontFace]] = [:]
        for face in faces {
            let key = Self.key(face.familyName)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(face)
        }
        families = order.compactMap { key in
            guard let faces = members[key], let first = faces.first else { return nil }
            let upright = faces.filter { !$0.isItalic }
            let regular = upright.first { !$0.isBold } ?? upright.first ?? first
            let bold = upright.first { $0.isBold && !$0.isSameFace(as: regular) }
            return Family(name: first.familyName, regular: regular, bold: bold)
        }
    }

    /// The family called `name` (any letter case), if loaded.
    public func family(named name: String) -> Family? {
        let key = Self.key(name)
        return families.first { Self.key($0.name) == key }
    }

    /// The family names, in load order.
    public var names: [String] { families.map(\.name) }

    /// The names for a message, at most `limit` of them, then how many more there are.
    public func nameList(limit: Int = 30) -> String {
        let shown = names.prefix(limit).map { "\"\($0)\"" }.joined(separator: ", ")
        return names.count > limit ? shown + " and \(names.count - limit) more" : shown
    }

    private static func key(_ name: String) -> String { name.lowercased() }
}

extension FontFace {
    /// Whether both are the same face of the same file (same path or name, index and checksum).
    func isSameFace(as other: FontFace) -> Bool {
        (path ?? name) == (other.path ?? other.name) && faceIndex == other.faceIndex
            && fileChecksum == other.fileChecksum
    }
}

extension FontSet {
    /// The set that draws with `family`: its regular and bold faces first, then this set's chain (its own regular
    /// and bold faces, then the fallbacks) less the family's faces. `self` when `family` already leads; nil when no
    /// such family is loaded (a spec's `font.family` is then a 422 listing `catalogue.names`).
    public func selecting(family name: String) -> FontSet? {
        guard let family = catalogue.family(named: name) else { return nil }
        if family.regular.isSameFace(as: regular) { return self }
        let chosen = [family.regular] + (family.bold.map { [$0] } ?? [])
        func isChosen(_ face: FontFace) -> Bool { chosen.contains { $0.isSameFace(as: face) } }
        var fallbacks: [FontFace] = [], boldFallbacks: [FontFace?] = []
        let chain = [(regular, hasBoldFace ? bold : nil)] + zip(self.fallbacks, self.boldFallbacks).map { ($0, $1) }
        for (face, boldFace) in chain where !isChosen(face) {
            fallbacks.append(face)
            boldFallbacks.append(boldFace.flatMap { isChosen($0) ? nil : $0 })
        }
        return FontSet(regular: family.regular, bold: family.bold, fallbacks: fallbacks, boldFallbacks: boldFallbacks,
                       problems: problems, missingFiles: missingFiles, catalogue: catalogue)
    }

    /// The `cssFontFamily` of chains `faces`: the family names in order (each once, quoted and CSS-escaped), then
    /// `sans-serif`.
    static func cssFontFamily(of faces: [FontFace]) -> String {
        var seen = Set<String>(), names: [String] = []
        for face in faces {
            let name = face.familyName
            if seen.insert(name.lowercased()).inserted { names.append(name) }
        }
        return (names.map(Self.cssString) + ["sans-serif"]).joined(separator: ", ")
    }

    /// `name` as a single-quoted CSS string: quotes and backslashes escaped, control characters as hex escapes.
    static func cssString(_ name: String) -> String {
        var out = "'"
        for scalar in name.unicodeScalars {
            switch scalar {
            case "'", "\\": out += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\" + String(scalar.value, radix: 16) + " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }
}
