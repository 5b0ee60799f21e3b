public import ChartRaster
import CPNGWriter

/// Encodes pixmaps as PNG: with CPNGWriter's chart-specialised writer, or through libpng behind the C function
/// `chart_png_write` (which owns libpng's setjmp, so errors come back as values, never as a longjmp through Swift).
public enum PNGEncoder {
    /// The PNG bytes of `pixmap`: 8-bit RGB when every pixel is opaque (smaller and faster), RGBA otherwise, with
    /// color un-premultiplied as PNG requires.
    ///
    /// `.fast` and `.balanced` use the chart-specialised encoder in CPNGWriter (`png_fast_writer.c`: its own deflate,
    /// which on chart images is 2–4× faster than zlib and about as small); `.small` uses libpng at zlib level 9.
    public static func encode(_ pixmap: Pixmap, compression: PNGCompression = .balanced) throws(PNGError) -> [UInt8] {
        switch compression {
        case .fast: try encodeSpecialised(pixmap, effort: 0)
        case .balanced: try encodeSpecialised(pixmap, effort: 1)
        case .small: try encode(pixmap, settings: PNGSettings(.small))
        }
    }

    /// The chart-specialised encoder; it reads the premultiplied pixels directly (no intermediate copy).
    private static func encodeSpecialised(_ pixmap: Pixmap, effort: Int32) throws(PNGError) -> [UInt8] {
        guard pixmap.width <= Int(Int32.max), pixmap.height <= Int(Int32.max) else {
            throw PNGError("image \(pixmap.width) × \(pixmap.height) is too large for PNG")
        }
        return try callWriter { buffer, text, capacity in
            pixmap.data.withUnsafeBytes { bytes in
                chart_png_write_premultiplied(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                              UInt32(pixmap.width), UInt32(pixmap.height), effort,
                                              pixmap.isOpaqueByConstruction ? 1 : 0, buffer, text, capacity)
            }
        }
    }

    /// `encode` with explicit libpng/zlib settings.
    public static func encode(_ pixmap: Pixmap, settings: PNGSettings) throws(PNGError) -> [UInt8] {
        guard pixmap.width <= Int(UInt32.max), pixmap.height <= Int(UInt32.max) else {
            throw PNGError("image \(pixmap.width) × \(pixmap.height) is too large for PNG")
        }
        let opaqueRows = rgbIfOpaque(pixmap.data)
        let opaque = opaqueRows != nil
        let rows = opaqueRows ?? pixmap.unpremultipliedRGBA()
        return try callWriter { buffer, text, capacity in
            rows.withUnsafeBufferPointer { pixels in
                chart_png_write(pixels.baseAddress, UInt32(pixmap.width), UInt32(pixmap.height),
                                Int32(opaque ? CHART_PNG_RGB : CHART_PNG_RGBA), settings.filters?.rawValue ?? -1,
                                Int32(settings.level ?? -1), settings.strategy?.rawValue ?? -1, buffer,
                                text, capacity)
            }
        }
    }

    /// Runs one C writer call with an output buffer and an error-message buffer; the PNG bytes, or the C side's
    /// message as a `PNGError`.
    private static func callWriter(
        _ write: (UnsafeMutablePointer<chart_png_buffer>, UnsafeMutablePointer<CChar>?, Int) -> Int32
    ) throws(PNGError) -> [UInt8] {
        var buffer = chart_png_buffer(data: nil, size: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { text in write(&buffer, text.baseAddress, text.count) }
        defer { chart_png_free(&buffer) }
        guard status == 0, let data = buffer.data else {
            let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw PNGError(String(decoding: bytes, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }

    /// Premultiplied RGBA of an opaque image is plain RGB: drop every fourth byte. Nil as soon as a pixel is not
    /// opaque (one pass decides and converts; a translucent image usually stops at its first pixel).
    private static func rgbIfOpaque(_ rgba: [UInt8]) -> [UInt8]? {
        let pixels = rgba.count / 4
        var opaque = true
        let rgb = [UInt8](unsafeUninitializedCapacity: pixels * 3) { out, count in
            count = 0
            rgba.withUnsafeBufferPointer { src in
                for i in 0..<pixels {
                    guard src[4 * i + 3] == 255 else {
                        opaque = false
                        return
                    }
                    out[3 * i] = src[4 * i]
                    out[3 * i + 1] = src[4 * i + 1]
                    out[3 * i + 2] = src[4 * i + 2]
                }
                count = pixels * 3
            }
        }
        return opaque ? rgb : nil
    }
}
