/// The pixels a blitter writes: packed premultiplied RGBA, row-major, covering device pixels
/// `originX ..< originX + width` × `originY ..< originY + height` (a group layer covers only its clip).
struct Canvas {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int
    var originX = 0
    var originY = 0

    /// The pixel at device column `x` of device row `y`; callers stay inside the canvas (clipping guarantees it).
    @inline(__always)
    func pointer(x: Int, y: Int) -> UnsafeMutablePointer<UInt32> {
        pixels + ((y &- originY) &* width &+ (x &- originX))
    }
}
