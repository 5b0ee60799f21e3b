import ChartRaster
import ChartWebP
import RasterTestSupport
import Testing

struct WebPEncoderTests {
    /// Lossless WebP decodes to exactly the straight-alpha pixels PNG stores, translucent and transparent ones too.
    @Test(arguments: [false, true])
    func losslessDecodesToTheUnpremultipliedPixelsExactly(opaque: Bool) throws {
        for pixmap in [try #require(testPixmap(width: 61, height: 37, opaque: opaque)),
                       try chartPixmap(background: opaque ? .white : nil, scale: 1.5)] {
            let webp = try WebPEncoder.encode(pixmap, quality: nil)
            #expect(Array(webp[0..<4]) == Array("RIFF".utf8) && Array(webp[8..<16]) == Array("WEBPVP8L".utf8))
            let decoded = try #require(decodeWebP(webp))
            #expect(decoded.width == pixmap.width && decoded.height == pixmap.height)
            #expect(decoded.rgba == pixmap.unpremultipliedRGBA())
        }
    }

    /// Lossy WebP is VP8, the right size and close to the pixels; over a transparent canvas it adds an alpha plane,
    /// which is coded losslessly.
    @Test func lossyIsCloseAndKeepsAlphaExactly() throws {
        let opaque = try chartPixmap(background: .white)
        let webp = try WebPEncoder.encode(opaque, quality: 90)
        #expect(Array(webp[8..<16]) == Array("WEBPVP8 ".utf8))
        let decoded = try #require(decodeWebP(webp))
        #expect(decoded.width == opaque.width && decoded.height == opaque.height)
        let db = psnr(decoded.rgba, channels: 4, against: opaque.data)
        // VP8 halves chroma, so thin coloured lines lose some colour: 35.6 dB measured (JPEG at 4:4:4 keeps > 38).
        #expect(db >= 35, "PSNR \(db) dB")
        let rough = try WebPEncoder.encode(opaque, quality: 10)
        #expect(rough.count < webp.count)

        let translucent = try chartPixmap(background: nil)
        let withAlpha = try WebPEncoder.encode(translucent, quality: 90)
        #expect(Array(withAlpha[8..<16]) == Array("WEBPVP8X".utf8))  // the extended format: VP8 plus ALPH
        let alpha = try #require(decodeWebP(withAlpha)).rgba.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
        #expect(alpha == translucent.data.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
    }

    /// Sizes WebP cannot hold and qualities outside 1…100 are errors, not crashes.
    @Test func invalidInputIsAnError() throws {
        let empty = try #require(Pixmap(width: 0, height: 0, premultipliedRGBA: []))
        let wide = try #require(Pixmap(width: 16_384, height: 1,
                                       premultipliedRGBA: [UInt8](repeating: 255, count: 16_384 * 4)))
        let small = try #require(testPixmap(width: 4, height: 4, opaque: true))
        for (pixmap, quality) in [(empty, nil), (empty, 80), (wide, nil), (wide, 80), (small, 0), (small, 101)] {
            #expect(throws: WebPError.self) { try WebPEncoder.encode(pixmap, quality: quality) }
        }
        #expect(throws: WebPError.self) {
            try WebPEncoder.encode(small, settings: WebPSettings(lossless: true, quality: 50, method: 9))
        }
        let tall = try #require(Pixmap(width: 1, height: 16_383,
                                       premultipliedRGBA: [UInt8](repeating: 0, count: 16_383 * 4)))
        #expect(decodeWebP(try WebPEncoder.encode(tall, quality: nil))?.height == 16_383)
    }
}
