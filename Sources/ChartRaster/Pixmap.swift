/// A raster image: `width × height` pixels, row-major, 4 bytes per pixel in the order R, G, B, A,
/// with color premultiplied by alpha (the form compositing wants; the PNG encoder un-premultiplies).
public struct Pixmap: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes of premultiplied RGBA8.
    public internal(set) var data: [UInt8]
    /// True when every pixel is known to be opaque without looking: the pixmap was filled with an opaque color, and
    /// the rasterizer only composites source-over, which keeps alpha at 255. (False says nothing; see `isOpaque`.)
    public let isOpaqueByConstruction: Bool

    /// A pixmap filled with one premultiplied color (transparent black by default).
    init(width: Int, height: Int, fill: UInt32 = 0) {
        self.width = width
        self.height = height
        isOpaqueByConstruction = fill >> 24 == 255
        data = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            UnsafeMutableRawBufferPointer(buffer).withMemoryRebound(to: UInt32.self) { pixels in
                pixels.initialize(repeating: fill)
            }
            count = buffer.count
        }
    }

    /// Wraps existing premultiplied RGBA8 bytes; nil when `data` does not hold exactly `width * height * 4` bytes
    /// or a color component exceeds its alpha (which premultiplied data cannot have).
    public init?(width: Int, height: Int, premultipliedRGBA data: [UInt8]) {
        guard width >= 0, height >= 0, width.multipliedReportingOverflow(by: height).overflow == false,
              data.count == width * height * 4 else { return nil }
        var i = 0
        while i < data.count {
            let a = data[i + 3]
            guard data[i] <= a, data[i + 1] <= a, data[i + 2] <= a else { return nil }
            i += 4
        }
        self.width = width
        self.height = height
        self.data = data
        isOpaqueByConstruction = false
    }

    /// True when every pixel has alpha 255 (unless known by construction, a scan with early exit, O(pixels)).
    public var isOpaque: Bool {
        if isOpaqueByConstruction { return true }
        var i = 3
        while i < data.count {
            if data[i] != 255 { return false }
            i += 4
        }
        return true
    }

    /// The premultiplied (r, g, b, a) of the pixel at column `x`, row `y`; nil outside the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (data[i], data[i + 1], data[i + 2], data[i + 3])
    }
}
