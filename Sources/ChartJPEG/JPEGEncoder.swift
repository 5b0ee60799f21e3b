public import ChartRaster
public import ChartScene
import CJPEGWriter

/// Encodes pixmaps as baseline JPEG through libjpeg-turbo, behind the C function `chart_jpeg_write` (which owns
/// libjpeg's setjmp, so errors come back as values, never as a longjmp through Swift).
public enum JPEGEncoder {
    /// The quality when the spec does not give one: at 4:4:4, charts stay at about 40 dB PSNR against the PNG
    /// (`scripts/check-raster-formats`), where ringing around text and thin lines is hard to see.
    public static let defaultQuality = 90

    /// The baseline JPEG bytes of `pixmap` at `quality` (1…100, libjpeg's scale), with full-resolution chroma
    /// (4:4:4: thin coloured lines stay sharp) and the standard Huffman tables (see `chart_jpeg_write`). JPEG has no
    /// alpha: a pixel that is not opaque is composited over `background` (whose own alpha is ignored) first, as a
    /// browser shows a transparent PNG on a page of that colour.
    public static func encode(_ pixmap: Pixmap, quality: Int, background: Color) throws(JPEGError) -> [UInt8] {
        guard (1...100).contains(quality) else { throw JPEGError("quality must be between 1 and 100, got \(quality)") }
        guard pixmap.width <= Int(UInt32.max), pixmap.height <= Int(UInt32.max) else {
            throw JPEGError("image \(pixmap.width) × \(pixmap.height) is too large for JPEG")
        }
        // An opaque pixmap's premultiplied RGBA is its colour (the fourth byte is skipped by libjpeg).
        let pixels = pixmap.isOpaque ? pixmap.data : flattened(pixmap.data, onto: background)
        var buffer = chart_jpeg_buffer(data: nil, size: 0, capacity: 0)
        defer { chart_jpeg_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { text in
            pixels.withUnsafeBufferPointer { rgbx in
                chart_jpeg_write(rgbx.baseAddress, UInt32(pixmap.width), UInt32(pixmap.height), Int32(quality),
                                 &buffer, text.baseAddress, text.count)
            }
        }
        guard status == 0, let data = buffer.data else {
            let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw JPEGError(String(decoding: bytes, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }

    /// Premultiplied RGBA composited over an opaque `background`: c + b · (255 − a) / 255 per channel, rounded to
    /// nearest (Porter–Duff source-over with premultiplied source; never above 255 because c ≤ a). Alpha becomes 255.
    private static func flattened(_ rgba: [UInt8], onto background: Color) -> [UInt8] {
        let under = (UInt32(background.red), UInt32(background.green), UInt32(background.blue))
        return [UInt8](unsafeUninitializedCapacity: rgba.count) { out, count in
            rgba.withUnsafeBufferPointer { src in
                var i = 0
                while i < src.count {
                    let rest = 255 - UInt32(src[i + 3])
                    out[i] = src[i] &+ UInt8((under.0 * rest + 127) / 255)
                    out[i + 1] = src[i + 1] &+ UInt8((under.1 * rest + 127) / 255)
                    out[i + 2] = src[i + 2] &+ UInt8((under.2 * rest + 127) / 255)
                    out[i + 3] = 255
                    i += 4
                }
            }
            count = rgba.count
        }
    }
}
