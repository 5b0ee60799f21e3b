public import ChartRaster
import CWebPWriter

/// Lossless WebP through our own chart-specialised VP8L encoder (Sources/CWebPWriter/webp_fast_writer.c): on the
/// standard chart about 0.66× our PNG's bytes in a quarter of libwebp method 1's time (docs/formats.md, "WebP").
/// The C code reports failures as a return code and a message, so no fence is needed.
public enum LosslessWebPWriter {
    /// The WebP (RIFF + VP8L) bytes of `pixmap`; they decode to exactly `pixmap.unpremultipliedRGBA()`.
    public static func encode(_ pixmap: Pixmap) throws(WebPError) -> [UInt8] {
        try WebPEncoder.checkSize(pixmap)
        let rgba = pixmap.unpremultipliedRGBA()
        var buffer = chart_webp_buffer(data: nil, size: 0, capacity: 0)
        defer { chart_webp_free(&buffer) }
        var message = [CChar](repeating: 0, count: 128)
        let status = rgba.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { text in
                chart_webp_write_lossless(pixels.baseAddress, UInt32(pixmap.width), UInt32(pixmap.height), &buffer,
                                          text.baseAddress, text.count)
            }
        }
        guard status == 0, let data = buffer.data else {
            throw WebPError(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
