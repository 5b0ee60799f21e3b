import CWebP
import ChartRaster
import ChartScene
import ChartWebP
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// libwebp's own decoder, the outside oracle: straight-alpha RGBA8 and the size, or nil when it refuses the bytes.
func decodeWebP(_ bytes: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
    var width: Int32 = 0
    var height: Int32 = 0
    guard let pixels = bytes.withUnsafeBufferPointer({ WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height) })
    else { return nil }
    defer { WebPFree(pixels) }
    return (Int(width), Int(height), Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
}

/// A deterministic premultiplied noise image with every alpha from 0 to 255 (or opaque): the hardest case for exactness.
func noisePixmap(width: Int, height: Int, opaque: Bool) -> Pixmap? {
    var data: [UInt8] = []
    var seed: UInt32 = 12345
    for i in 0..<(width * height) {
        seed = seed &* 1_103_515_245 &+ 12345
        let a = opaque ? 255 : UInt32(i % 256)
        for shift in [16, 8, 0] as [UInt32] { data.append(UInt8(((seed >> shift) & 0xFF) * a / 255)) }
        data.append(UInt8(a))
    }
    return Pixmap(width: width, height: height, premultipliedRGBA: data)
}

/// A small chart-like raster: a translucent gradient area, a stroked curve and dots, over `background`.
func chartPixmap(background: Color?) throws -> Pixmap {
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
    var nodes: [Node] = [
        .shape(Shape(path: area, fill: .linearGradient(gradient))),
        .shape(Shape(path: line, stroke: .solid(Color(rgb: 0xD55E00)), strokeStyle: StrokeStyle(width: 2))),
    ]
    for x in stride(from: 20.0, through: 180, by: 32) {
        nodes.append(.shape(Shape(path: .circle(center: Point(x, 60), radius: 3.5), fill: .solid(Color(rgb: 0x009E73)))))
    }
    let scene = Scene(width: 200, height: 120, background: background, title: "t", description: "", nodes: nodes)
    return try Rasterizer().render(scene, scale: 1.5)
}

struct WebPEncoderTests {
    /// Lossless WebP decodes to exactly the straight-alpha pixels PNG stores, translucent and transparent ones too.
    @Test(arguments: [false, true])
    func losslessDecodesToTheUnpremultipliedPixelsExactly(opaque: Bool) throws {
        for pixmap in [try #require(noisePixmap(width: 61, height: 37, opaque: opaque)),
                       try chartPixmap(background: opaque ? .white : nil)] {
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
        let db = psnr(decoded.rgba, against: opaque.data)
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
        let small = try #require(noisePixmap(width: 4, height: 4, opaque: true))
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

/// PSNR in dB of the RGB of RGBA8 `decoded` against the RGB of RGBA8 `expected`.
func psnr(_ decoded: [UInt8], against expected: [UInt8]) -> Double {
    var squaredError = 0.0
    for i in 0..<expected.count where i % 4 != 3 {
        let d = Double(decoded[i]) - Double(expected[i])
        squaredError += d * d
    }
    return 10 * log10(255 * 255 / max(squaredError / Double(expected.count / 4 * 3), 1e-9))
}
