import CFriBidi

/// The Unicode bidirectional algorithm (UAX #9) over one line of text, by FriBidi: each character's embedding level
/// (even: left to right, odd: right to left) and the paragraph's base direction.
///
/// The base direction is the first strong character's (HTML `dir=auto`; left to right when there is none) unless
/// `rightToLeft` forces it. Paired brackets are resolved (rule N0), so `(` and `)` around Hebrew take its direction
/// and are mirrored by the shaper. Trailing whitespace gets the paragraph level (rule L1).
struct BidiParagraph {
    /// The embedding level of every character, in logical order.
    let levels: [UInt8]
    /// Whether the paragraph direction is right to left.
    let isRightToLeft: Bool

    // FriBidi's type values (fribidi-bidi-types.h; the macros do not import into Swift).
    private static let maskRTL: UInt32 = 0x01
    /// Whitespace, segment separators and boundary neutrals (FRIBIDI_MASK_SPACE).
    private static let maskSpace: UInt32 = 0x800
    private static let maskExplicit: UInt32 = 0x1000
    private static let maskIsolate: UInt32 = 0x8000
    private static let parRTL: UInt32 = 0x111
    private static let parON: UInt32 = 0x40

    /// Whether text made only of these scalars is all at level 0 under automatic direction: nothing below U+0590 is
    /// right to left (strong R/AL, Arabic numbers or explicit embeddings all lie above it).
    static func isTriviallyLeftToRight(_ codepoints: [UInt32]) -> Bool {
        codepoints.allSatisfy { $0 < 0x0590 }
    }

    init(_ codepoints: [UInt32], rightToLeft: Bool = false) {
        let count = codepoints.count
        guard count > 0, let length = Int32(exactly: count) else {
            levels = []
            isRightToLeft = rightToLeft
            return
        }
        if !rightToLeft, Self.isTriviallyLeftToRight(codepoints) {
            levels = Array(repeating: 0, count: count)
            isRightToLeft = false
            return
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var raw = [Int8](repeating: 0, count: count)
        var base = FriBidiParType(rawValue: rightToLeft ? Self.parRTL : Self.parON)
        codepoints.withUnsafeBufferPointer { text in
            guard let text = text.baseAddress else { return }
            fribidi_get_bidi_types(text, length, &types)
            fribidi_get_bracket_types(text, length, types, &brackets)
        }
        let result = fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, &raw)
        let paragraphLevel: UInt8 = base.rawValue & Self.maskRTL != 0 ? 1 : 0
        guard result > 0 else {
            // FriBidi failed (out of memory): draw in logical order at the paragraph level rather than not at all.
            levels = Array(repeating: paragraphLevel, count: count)
            isRightToLeft = paragraphLevel == 1
            return
        }
        var levels = raw.map { UInt8(clamping: Int($0)) }
        // L1: whitespace, separators, boundary neutrals and explicit or isolate controls at the end of the line
        // take the paragraph level.
        var i = count - 1
        while i >= 0, types[i].rawValue & (Self.maskSpace | Self.maskExplicit | Self.maskIsolate) != 0 {
            levels[i] = paragraphLevel
            i -= 1
        }
        self.levels = levels
        isRightToLeft = paragraphLevel == 1
    }

    /// The visual order of `runs` (each a range of characters at one level, in logical order): L2, reversing every
    /// maximal sequence of runs at level ≥ k, for k from the highest level down to the lowest odd level.
    static func visualOrder(levels runLevels: [UInt8]) -> [Int] {
        var order = Array(runLevels.indices)
        guard let highest = runLevels.max(), highest > 0 else { return order }
        let lowestOdd = runLevels.filter { $0 % 2 == 1 }.min() ?? highest
        var level = highest
        while level >= lowestOdd, level > 0 {
            var i = 0
            while i < order.count {
                guard runLevels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, runLevels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}
