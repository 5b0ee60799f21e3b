/// One premultiplied color scaled by every coverage 0…255 (`PixelMath.scale(color, by: coverage)`, so entry 255 is
/// the color itself), for the pixels a fill or a glyph mask covers partly: a load instead of a four-channel multiply
/// per pixel. A render keeps one table and rebuilds it only when the color changes (a chart's labels share one
/// color, a series' line and its legend marker another), which costs 256 `scale` calls.
///
/// A class so the table's storage can be handed to a blitter while the renderer that owns it goes on mutating
/// itself; not shared between threads (one per `SceneRenderer`).
final class CoverageColorTable {
    /// The 256 entries, valid for `color` once `entries(for:)` returned.
    private let storage: UnsafeMutablePointer<UInt32>
    private var color: UInt32 = 0

    init() {
        storage = .allocate(capacity: 256)
        storage.initialize(repeating: 0, count: 256)  // the table of color 0: every entry 0
    }

    deinit {
        storage.deallocate()
    }

    /// The table of `color` (premultiplied), built if the last one was for another color. Valid until the next call.
    func entries(for color: UInt32) -> UnsafePointer<UInt32> {
        if color != self.color {
            for coverage in 0..<256 { storage[coverage] = PixelMath.scale(color, by: UInt32(coverage)) }
            self.color = color
        }
        return UnsafePointer(storage)
    }
}
