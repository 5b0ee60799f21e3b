import ChartScene
import Synchronization

/// A glyph rendered once as 8-bit coverage, for compositing wherever the same glyph is drawn again (the glyph cache
/// of FreeType and Skia): `coverage` is `width × height`, row-major, its top-left pixel `left, top` device pixels
/// from the glyph's origin pixel.
struct GlyphMask {
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let coverage: [UInt8]

    /// Memory the mask holds, for the cache's budget (the pixels plus a fixed overhead per entry).
    var cost: Int { coverage.count + 128 }
}

/// What a glyph's coverage depends on: the outline, the linear part of its device transform (size, rotation,
/// device scale) and where its origin falls inside a pixel, in quarters of a pixel per axis (subpixel positioning:
/// glyphs move by at most ⅛ px against their exact place, as Skia's 4 subpixel phases do).
struct GlyphMaskKey: Hashable {
    let glyph: GlyphPath
    let a: Double
    let b: Double
    let c: Double
    let d: Double
    let phaseX: UInt8
    let phaseY: UInt8

    /// The map from font units to device pixels relative to the origin pixel: the linear part and the phase.
    var transform: GlyphTransform {
        GlyphTransform(a: a, b: b, c: c, d: d, tx: SceneRenderer.MaskOrigin.offset(phaseX),
                       ty: SceneRenderer.MaskOrigin.offset(phaseY))
    }
}

/// Glyph masks shared by every render in the process, so a label's glyphs are scan-converted once rather than in
/// every chart (and every repeated digit of a chart once).
///
/// A class because it is shared mutable state, guarded by a `Mutex`; the lock is held only to look up or insert.
/// Bounded: when an insertion would take the masks past `byteBudget`, the cache is emptied first, so hostile text
/// (thousands of distinct glyphs, huge sizes) costs speed, never memory. Entries keep their `GlyphPath` alive, so
/// an object identity in a key is never reused by another glyph.
final class GlyphMaskCache: Sendable {
    /// The process's cache.
    static let shared = GlyphMaskCache(byteBudget: defaultBudget)
    /// 4 MiB of coverage, for the shared cache and a render's own (`Rasterizer.GlyphCaching.perRender`); a chart's
    /// glyphs take a few tens of kilobytes.
    static let defaultBudget = 4 << 20

    /// Most bytes (`GlyphMask.cost`) held at once.
    let byteBudget: Int

    private struct Entries {
        var masks: [GlyphMaskKey: GlyphMask] = [:]
        var bytes = 0
    }

    private let entries = Mutex(Entries())

    init(byteBudget: Int) {
        self.byteBudget = byteBudget
    }

    /// The mask for `key`, rendering it with `render` (outside the lock) on a miss.
    func mask(for key: GlyphMaskKey, render: () -> GlyphMask) -> GlyphMask {
        if let hit = entries.withLock({ $0.masks[key] }) { return hit }
        let mask = render()
        entries.withLock { entries in
            guard entries.masks[key] == nil, mask.cost <= byteBudget else { return }
            if entries.bytes + mask.cost > byteBudget { entries = Entries() }
            entries.masks[key] = mask
            entries.bytes += mask.cost
        }
        return mask
    }

    /// Number of masks held (for tests).
    var count: Int { entries.withLock { $0.masks.count } }
    /// Bytes held (for tests).
    var bytes: Int { entries.withLock { $0.bytes } }
}
