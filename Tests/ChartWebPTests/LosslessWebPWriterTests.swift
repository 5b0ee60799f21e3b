import ChartRaster
import ChartWebP
import RasterTestSupport
import Testing

/// Our VP8L encoder against libwebp's decoder (the outside oracle): every image must come back exactly as
/// `unpremultipliedRGBA()`, whatever mix of literals, colour-cache hits and backward references it was coded with.
struct LosslessWebPWriterTests {
    /// The kinds of content that drive the encoder down its different paths.
    enum Content: CaseIterable, Sendable {
        case flat, noise, translucentNoise, stripes, blocks
    }

    /// A deterministic premultiplied image of `content` (a xorshift generator seeded with `seed`).
    static func pixmap(width: Int, height: Int, _ content: Content, seed: UInt32 = 0x9E37_79B9) -> Pixmap? {
        var state = seed | 1
        func next() -> UInt32 {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return state
        }
        let palette: [(UInt8, UInt8, UInt8, UInt8)] = [(255, 255, 255, 255), (31, 119, 180, 255),
                                                       (0, 0, 0, 0), (64, 32, 16, 128), (200, 200, 200, 255)]
        var data = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                var p: (UInt8, UInt8, UInt8, UInt8)
                switch content {
                case .flat: p = palette[1]
                case .noise:
                    let r = next()
                    p = (UInt8(truncatingIfNeeded: r), UInt8(truncatingIfNeeded: r >> 8),
                         UInt8(truncatingIfNeeded: r >> 16), 255)
                case .translucentNoise:
                    let r = next()
                    let a = UInt32(truncatingIfNeeded: r >> 24)
                    p = (UInt8((r & 0xFF) * a / 255), UInt8(((r >> 8) & 0xFF) * a / 255),
                         UInt8(((r >> 16) & 0xFF) * a / 255), UInt8(a))
                case .stripes: p = palette[(x / 3 + y / 5) % palette.count]
                case .blocks:
                    // Mostly flat runs with an occasional stray pixel, like anti-aliased edges on fills.
                    p = next() % 17 == 0 ? palette[Int(next() % 5)] : palette[(x / 16 + y / 8) % 3]
                }
                data[i] = p.0; data[i + 1] = p.1; data[i + 2] = p.2; data[i + 3] = p.3
            }
        }
        return Pixmap(width: width, height: height, premultipliedRGBA: data)
    }

    static func expectExact(_ pixmap: Pixmap, _ comment: Comment) throws {
        let webp = try LosslessWebPWriter.encode(pixmap)
        #expect(Array(webp[0..<4]) == Array("RIFF".utf8) && Array(webp[8..<16]) == Array("WEBPVP8L".utf8), comment)
        #expect(webp.count % 2 == 0, comment)  // RIFF pads chunks to an even size
        let decoded = try #require(decodeWebP(webp), comment)
        #expect(decoded.width == pixmap.width && decoded.height == pixmap.height, comment)
        #expect(decoded.rgba == pixmap.unpremultipliedRGBA(), comment)
    }

    /// Every kind of content at the degenerate and awkward sizes: one pixel, one row, one column, a 4096-px side.
    @Test(arguments: Content.allCases)
    func decodesExactlyAtEverySize(content: Content) throws {
        for (width, height) in [(1, 1), (1, 2), (2, 1), (1, 300), (300, 1), (7, 5), (64, 64), (4096, 3), (3, 4096)] {
            let pixmap = try #require(Self.pixmap(width: width, height: height, content))
            try Self.expectExact(pixmap, "\(content) \(width)×\(height)")
        }
    }

    /// Random mixtures of the content kinds, sizes and seeds.
    @Test func decodesRandomImagesExactly() throws {
        var seed: UInt32 = 7
        for round in 0..<40 {
            seed = seed &* 1_103_515_245 &+ 12345
            let width = 1 + Int(seed >> 8) % 90, height = 1 + Int(seed >> 20) % 90
            let content = Content.allCases[round % Content.allCases.count]
            let pixmap = try #require(Self.pixmap(width: width, height: height, content, seed: seed))
            try Self.expectExact(pixmap, "round \(round): \(content) \(width)×\(height)")
        }
        try Self.expectExact(try #require(testPixmap(width: 61, height: 37, opaque: false)), "every alpha")
    }

    /// A repeat farther back than VP8L's 2^20 − 120 pixel window must not be referenced (the distance alphabet
    /// cannot code it): the same noise rows 1.3 M pixels apart, and 0.98 M pixels apart (inside the window).
    @Test func repeatsBeyondTheDistanceWindowStayDecodable() throws {
        let width = 2048, height = 700
        let noise = try #require(Self.pixmap(width: width, height: 20, .noise)).data
        var data = try #require(Self.pixmap(width: width, height: height, .blocks)).data
        for row in [0, 480, 650] {
            data.replaceSubrange(row * width * 4..<(row + 20) * width * 4, with: noise)
        }
        try Self.expectExact(try #require(Pixmap(width: width, height: height, premultipliedRGBA: data)), "far")
    }

    /// The largest raster WebP output allows (4 Mpx) in noise, the worst case for size, comes back exactly.
    @Test func largestImageOfNoise() throws {
        let pixmap = try #require(Self.pixmap(width: 2048, height: 2048, .translucentNoise))
        try Self.expectExact(pixmap, "2048×2048 noise")
    }

    /// On a chart-like raster our encoder is well under libwebp's fastest lossless setting (the reason it exists),
    /// and flat fills cost next to nothing.
    @Test func chartsAndFillsAreSmall() throws {
        let chart = try chartPixmap(background: .white, scale: 2)
        let ours = try LosslessWebPWriter.encode(chart).count
        let fastest = WebPSettings(lossless: true, quality: 0, method: 0)
        let libwebpFastest = try WebPEncoder.encode(chart, settings: fastest)
        #expect(ours * 10 < libwebpFastest.count * 8, "ours \(ours) bytes, libwebp method 0 \(libwebpFastest.count)")
        // A fill is a run of longest copies (4,096 px): 11 extra bits and a short length symbol each, so under
        // 2 bytes per copy (384 bytes measured for 10^6 px; 4 MB were it coded as literals).
        let flat = try #require(Self.pixmap(width: 1000, height: 1000, .flat))
        #expect(try LosslessWebPWriter.encode(flat).count < 1_000_000 / 4096 * 2)
    }

    /// Sizes a WebP cannot hold are errors, not crashes.
    @Test func invalidSizesAreErrors() throws {
        let empty = try #require(Pixmap(width: 0, height: 0, premultipliedRGBA: []))
        let wide = try #require(Pixmap(width: 16_384, height: 1,
                                       premultipliedRGBA: [UInt8](repeating: 255, count: 16_384 * 4)))
        for pixmap in [empty, wide] {
            #expect(throws: WebPError.self) { try LosslessWebPWriter.encode(pixmap) }
        }
    }
}
