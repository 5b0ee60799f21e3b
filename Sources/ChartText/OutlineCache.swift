import ChartScene
import Synchronization

/// Glyph paths of one face, decoded once and shared by every thread that draws text with it.
///
/// A class because it is shared mutable state (every copy of a `FontFace` refers to the same cache), guarded by a
/// `Mutex`. Invariant: each stored entry is exactly `FontFace.decodedPath(of:strength:)` of its key (font units,
/// y up; a face keeps one cache keyed by glyph and one by glyph and fake-bold strength), one
/// `GlyphPath` object per glyph for as long as the face lives (caches of rendered glyphs key on that object), and
/// the dictionary never holds more than `capacity` entries — once full, further glyphs are decoded on every use but
/// not stored, so hostile text (thousands of distinct CJK characters) cannot grow memory without bound.
final class OutlineCache<Key: Hashable & Sendable>: Sendable {
    /// Most glyphs kept per face; a chart uses a few dozen.
    static var capacity: Int { 4096 }

    private let paths = Mutex<[Key: GlyphPath]>([:])

    init() {}

    /// The cached path of `glyph`, or the result of `decode` (stored when there is room).
    func path(of glyph: Key, decode: () -> Path) -> GlyphPath {
        if let hit = paths.withLock({ $0[glyph] }) { return hit }
        // Decode outside the lock so other threads are not held up; a race decodes twice and keeps the first.
        let decoded = GlyphPath(decode())
        return paths.withLock { cache in
            if let first = cache[glyph] { return first }
            if cache.count < Self.capacity { cache[glyph] = decoded }
            return decoded
        }
    }

    /// Number of cached glyphs (for tests and diagnostics).
    var count: Int { paths.withLock { $0.count } }
}

/// A glyph and the fake-bold strength (font units) of its emboldened outline.
struct EmboldenedGlyph: Hashable, Sendable {
    let glyph: UInt16
    let strength: UInt16
}
