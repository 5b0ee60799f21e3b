public import ChartRaster
import CWebP

/// Encodes pixmaps as WebP: lossless through our own VP8L encoder (`LosslessWebPWriter`), lossy through libwebp's
/// advanced API (`WebPEncode`), which reports failures as error codes, so no C fence is needed. libwebp's lossless
/// encoder stays available through `encode(_:settings:)`.
public enum WebPEncoder {
    /// The largest side of a WebP image in pixels (the format stores 14-bit sizes).
    public static let maxSide = 16_383

    /// The WebP bytes of `pixmap`: lossless when `quality` is nil (decodes to exactly the pixels the PNG holds),
    /// else lossy VP8 at `quality` 1…100 with a lossless alpha plane when the pixmap is not opaque.
    public static func encode(_ pixmap: Pixmap, quality: Int?) throws(WebPError) -> [UInt8] {
        if let quality {
            guard (1...100).contains(quality) else {
                throw WebPError("quality must be between 1 and 100, got \(quality)")
            }
            return try encode(pixmap, settings: .lossy(quality: quality))
        }
        return try LosslessWebPWriter.encode(pixmap)
    }

    /// `encode` with explicit libwebp settings (lossless ones are the alternative to `LosslessWebPWriter`).
    public static func encode(_ pixmap: Pixmap, settings: WebPSettings) throws(WebPError) -> [UInt8] {
        try checkSize(pixmap)
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw WebPError("libwebp version mismatch") }
        config.lossless = settings.lossless ? 1 : 0
        config.quality = settings.quality
        config.method = Int32(clamping: settings.method)
        config.exact = settings.lossless ? 1 : 0
        guard WebPValidateConfig(&config) != 0 else {
            throw WebPError("invalid settings (quality \(settings.quality), method \(settings.method))")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw WebPError("libwebp version mismatch") }
        defer { WebPPictureFree(&picture) }
        // Imported as ARGB (lossless codes it); lossy converts to YUV 4:2:0 inside WebPEncode. libwebp's sharp
        // RGB→YUV conversion would keep coloured edges 1.2 dB closer at the same size, but costs 47 ns a pixel
        // (0.8 s at the largest raster), so it stays off.
        picture.use_argb = 1
        picture.width = Int32(pixmap.width)
        picture.height = Int32(pixmap.height)
        let rgba = pixmap.unpremultipliedRGBA()
        let imported = rgba.withUnsafeBufferPointer { pixels in
            WebPPictureImportRGBA(&picture, pixels.baseAddress, Int32(pixmap.width * 4))
        }
        guard imported != 0 else { throw WebPError(Self.describe(picture.error_code)) }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { output in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(output)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let bytes = writer.mem else { throw WebPError(Self.describe(picture.error_code)) }
        return Array(UnsafeBufferPointer(start: bytes, count: writer.size))
    }

    /// Throws unless `pixmap` is 1 to `maxSide` pixels on each side.
    static func checkSize(_ pixmap: Pixmap) throws(WebPError) {
        guard (1...maxSide).contains(pixmap.width), (1...maxSide).contains(pixmap.height) else {
            throw WebPError("a WebP image is 1 to \(maxSide) pixels on a side; this one is "
                + "\(pixmap.width) × \(pixmap.height)")
        }
    }

    /// libwebp's error codes in words (encode.h, `WebPEncodingError`).
    private static func describe(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory"
        case VP8_ENC_ERROR_NULL_PARAMETER: "missing parameter"
        case VP8_ENC_ERROR_INVALID_CONFIGURATION: "invalid configuration"
        case VP8_ENC_ERROR_BAD_DIMENSION: "bad image dimensions"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW: "partition too large"
        case VP8_ENC_ERROR_BAD_WRITE: "error writing the output"
        case VP8_ENC_ERROR_FILE_TOO_BIG: "output larger than 4 GiB"
        case VP8_ENC_ERROR_USER_ABORT: "aborted"
        default: "libwebp error \(code.rawValue)"
        }
    }
}
