#if canImport(Glibc)
import Glibc
#endif

/// A rectangle of whole pixels of a pixmap: the part of an animation frame that differs from the frame before.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole of `pixmap`.
    public init(_ pixmap: Pixmap) {
        self.init(x: 0, y: 0, width: pixmap.width, height: pixmap.height)
    }

    /// The smallest rectangle holding every pixel in which `frame` differs from `previous` (same size), or nil when
    /// they are identical (or differ in size).
    ///
    /// Rows are compared as whole byte ranges first (memcmp speed); within a changed row only the columns outside
    /// the rectangle found so far are looked at, from each end inwards, so a frame costs about one pass over its
    /// pixels whatever changed.
    public static func changed(from previous: Pixmap, to frame: Pixmap) -> PixelRect? {
        guard previous.width == frame.width, previous.height == frame.height, frame.width > 0 else { return nil }
        let width = frame.width, rowBytes = width * 4
        var top = -1, bottom = -1, left = width, right = -1
        previous.data.withUnsafeBytes { old in
            frame.data.withUnsafeBytes { new in
                guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return }
                let oldPixels = old.assumingMemoryBound(to: UInt32.self)
                let newPixels = new.assumingMemoryBound(to: UInt32.self)
                for y in 0..<frame.height {
                    let offset = y * rowBytes
                    guard memcmp(oldBase + offset, newBase + offset, rowBytes) != 0 else { continue }
                    if top < 0 { top = y }
                    bottom = y
                    let row = y * width
                    var x = 0
                    while x < left && oldPixels[row + x] == newPixels[row + x] { x += 1 }
                    left = min(left, x)
                    x = width - 1
                    while x > right && oldPixels[row + x] == newPixels[row + x] { x -= 1 }
                    right = max(right, x)
                }
            }
        }
        guard top >= 0 else { return nil }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}
