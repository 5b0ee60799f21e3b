import CJPEGWriter
import CPNG
import CWebP
public import ChartRaster
public import ChartScene
#if canImport(Glibc)
import Glibc
#endif

// Test images and outside decoders shared by the raster encoders' tests: libpng's, libwebp's and libjpeg's own
// decoders are the oracles of our PNG, WebP and JPEG.

/// A deterministic premultiplied noise image: opaque, or with every alpha from 0 to 255 (the hardest case for
/// un-premultiplying exactly).
public func testPixmap(width: Int, height: Int, opaque: Bool) -> Pixmap? {
    var data: [UInt8] = []
    var seed: UInt32 = 12345
    for i in 0..<(width * height) {
        seed = seed &* 1_103_515_245 &+ 12345
        let a = opaque ? 255 : UInt32(i % 256)
        for shift in [16, 8, 0] as [UInt32] {
            let c = (seed >> shift) & 0xFF
            data.append(UInt8((c * a + 127) / 255))
        }
        data.append(UInt8(a))
    }
    return Pixmap(width: width, height: height, premultipliedRGBA: data)
}

/// A small chart-like raster (200×120 CSS px at `scale`): pixel-snapped grid lines, a translucent gradient area, a
/// stroked curve and dots, over `background` (nil: transparent).
public func chartPixmap(background: Color?, scale: Double = 2) throws -> Pixmap {
    var line = Path()
    line.move(to: Point(10, 90))
    line.cubic(to: Point(190, 30), control1: Point(60, 10), control2: Point(120, 120))
    var area = line
    area.line(to: Point(190, 110))
    area.line(to: Point(10, 110))
    area.close()
    let blue = Color(rgb: 0x0072B2)
    let gradient = LinearGradient(start: Point(0, 20), end: Point(0, 110), stops: [
        GradientStop(offset: 0, color: blue.withOpacity(0.5)), GradientStop(offset: 1, color: blue.withOpacity(0.05)),
    ])
    var nodes: [Node] = []
    for y in stride(from: 20.0, through: 100, by: 20) {
        var grid = Path()
        grid.move(to: Point(10, y))
        grid.line(to: Point(190, y))
        nodes.append(.shape(Shape(path: grid, stroke: .solid(Color(rgb: 0xD0D7DE)), strokeStyle: StrokeStyle(width: 1),
                                  snapToPixels: true)))
    }
    nodes += [
        .shape(Shape(path: area, fill: .linearGradient(gradient))),
        .shape(Shape(path: line, stroke: .solid(Color(rgb: 0xD55E00)), strokeStyle: StrokeStyle(width: 2))),
    ]
    for x in stride(from: 20.0, through: 180, by: 32) {
        let dot = Path.circle(center: Point(x, 60), radius: 3.5)
        nodes.append(.shape(Shape(path: dot, fill: .solid(Color(rgb: 0x009E73)))))
    }
    let scene = Scene(width: 200, height: 120, background: background, title: "t", description: "", nodes: nodes)
    return try Rasterizer().render(scene, scale: scale)
}

/// PSNR in dB of the colour of `decoded` (`channels` bytes a pixel: 3 for RGB, 4 for RGBA) against the colour of
/// the RGBA8 `expected` (alpha is not compared).
public func psnr(_ decoded: [UInt8], channels: Int, against expected: [UInt8]) -> Double {
    let pixels = expected.count / 4
    var squaredError = 0.0
    for i in 0..<pixels {
        for k in 0..<3 {
            let d = Double(decoded[channels * i + k]) - Double(expected[4 * i + k])
            squaredError += d * d
        }
    }
    return 10 * log10(255 * 255 / max(squaredError / Double(max(pixels * 3, 1)), 1e-9))
}

/// A PNG decoded with libpng's simplified read API: straight-alpha RGBA8 and whether the file had alpha.
public struct DecodedPNG {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]
    public var hasAlpha: Bool
}

/// libpng's simplified reader, or nil when it refuses the bytes.
public func decodePNG(_ bytes: [UInt8]) -> DecodedPNG? {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
    guard begun != 0 else { return nil }
    let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR) | UInt32(PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
    var rgba = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
    let finished = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
    png_image_free(&image)
    guard finished != 0 else { return nil }
    return DecodedPNG(width: Int(image.width), height: Int(image.height), rgba: rgba, hasAlpha: hasAlpha)
}

/// libwebp's decoder: straight-alpha RGBA8 and the size, or nil when it refuses the bytes.
public func decodeWebP(_ bytes: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
    var width: Int32 = 0
    var height: Int32 = 0
    guard let pixels = bytes.withUnsafeBufferPointer({ WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height) })
    else { return nil }
    defer { WebPFree(pixels) }
    return (Int(width), Int(height), Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
}

/// Why libjpeg refused to decode some bytes (its own message).
public struct JPEGDecodeError: Error {
    public var message: String
}

/// libjpeg's decoder, through the fence's test entry point `chart_jpeg_read`: RGB8 and the size, or libjpeg's
/// message.
public func decodeJPEG(_ bytes: [UInt8]) -> Result<(width: Int, height: Int, rgb: [UInt8]), JPEGDecodeError> {
    var buffer = chart_jpeg_buffer(data: nil, size: 0, capacity: 0)
    defer { chart_jpeg_free(&buffer) }
    var width: UInt32 = 0
    var height: UInt32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = message.withUnsafeMutableBufferPointer { text in
        bytes.withUnsafeBufferPointer {
            chart_jpeg_read($0.baseAddress, $0.count, &buffer, &width, &height, text.baseAddress, text.count)
        }
    }
    guard status == 0, let data = buffer.data else {
        let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return .failure(JPEGDecodeError(message: String(decoding: text, as: UTF8.self)))
    }
    return .success((Int(width), Int(height), Array(UnsafeBufferPointer(start: data, count: buffer.size))))
}
