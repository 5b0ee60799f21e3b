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

    /// The pixels as straight-alpha RGBA8, as PNG and WebP store them: c · 255 / a rounded to nearest (exact, so
    /// premultiplying again gives the pixmap back), transparent pixels as 0, 0, 0, 0. An opaque-by-construction
    /// pixmap is its own answer (no copy).
    public func unpremultipliedRGBA() -> [UInt8] {
        if isOpaqueByConstruction { return data }
        return [UInt8](unsafeUninitializedCapacity: data.count) { out, count in
            data.withUnsafeBufferPointer { src in
                var i = 0
                while i < src.count {
                    let a = UInt32(src[i + 3])
                    if a == 255 {
                        out[i] = src[i]; out[i + 1] = src[i + 1]; out[i + 2] = src[i + 2]
                    } else if a == 0 {
                        out[i] = 0; out[i + 1] = 0; out[i + 2] = 0
                    } else {
                        for k in 0..<3 { out[i + k] = UInt8(min(255, (UInt32(src[i + k]) * 255 + a / 2) / a)) }
                    }
                    out[i + 3] = src[i + 3]
                    i += 4
                }
            }
            count = data.count
        }
    }

    /// The premultiplied (r, g, b, a) of the pixel at column `x`, row `y`; nil outside the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (data[i], data[i + 1], data[i + 2], data[i + 3])
    }
}
