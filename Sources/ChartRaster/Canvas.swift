/// The pixels a blitter writes: packed premultiplied RGBA, row-major.
struct Canvas {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int
}
