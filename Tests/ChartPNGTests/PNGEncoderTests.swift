import CPNG
import ChartPNG
import ChartRaster
import Testing

/// A PNG decoded with libpng's simplified read API: straight-alpha RGBA8 and whether the file had alpha.
struct DecodedPNG {
    var width: Int
    var height: Int
    var rgba: [UInt8]
    var hasAlpha: Bool
}

func decodePNG(_ bytes: [UInt8]) -> DecodedPNG? {
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

/// A deterministic premultiplied test image: opaque, or with every alpha from 0 to 255.
func testPixmap(width: Int, height: Int, opaque: Bool) -> Pixmap? {
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

struct PNGEncoderTests {
    @Test(arguments: PNGCompression.allCases)
    func opaqueImagesRoundTripExactlyAsRGB(compression: PNGCompression) throws {
        let pixmap = try #require(testPixmap(width: 37, height: 23, opaque: true))
        let png = try PNGEncoder.encode(pixmap, compression: compression)
        let decoded = try #require(decodePNG(png))
        #expect(!decoded.hasAlpha)
        #expect(decoded.width == 37 && decoded.height == 23)
        #expect(decoded.rgba == pixmap.data)
    }

    /// Un-premultiplying rounds to nearest, so premultiplying the decoded pixels gives back the exact input.
    @Test(arguments: PNGCompression.allCases)
    func translucentImagesRoundTripExactlyAsRGBA(compression: PNGCompression) throws {
        let pixmap = try #require(testPixmap(width: 64, height: 20, opaque: false))
        let png = try PNGEncoder.encode(pixmap, compression: compression)
        let decoded = try #require(decodePNG(png))
        #expect(decoded.hasAlpha)
        var repremultiplied: [UInt8] = []
        for i in stride(from: 0, to: decoded.rgba.count, by: 4) {
            let a = UInt32(decoded.rgba[i + 3])
            for k in 0..<3 { repremultiplied.append(UInt8((UInt32(decoded.rgba[i + k]) * a + 127) / 255)) }
            repremultiplied.append(UInt8(a))
        }
        #expect(repremultiplied == pixmap.data)
    }

    @Test func libpngDefaultsAreAvailableForComparison() throws {
        let pixmap = try #require(testPixmap(width: 16, height: 16, opaque: true))
        let png = try PNGEncoder.encode(pixmap, settings: .libpngDefaults)
        #expect(decodePNG(png)?.rgba == pixmap.data)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func emptyImageIsASwiftErrorNotAnAbort() throws {
        let empty = try #require(Pixmap(width: 0, height: 0, premultipliedRGBA: []))
        let error = #expect(throws: PNGError.self) { try PNGEncoder.encode(empty) }
        #expect(error?.message.isEmpty == false)
    }

    @Test func zeroHeightIsAnErrorToo() throws {
        let empty = try #require(Pixmap(width: 10, height: 0, premultipliedRGBA: []))
        #expect(throws: PNGError.self) { try PNGEncoder.encode(empty, compression: .fast) }
    }

    @Test func invalidSettingsAreReportedByLibpng() throws {
        let pixmap = try #require(testPixmap(width: 4, height: 4, opaque: true))
        let settings = PNGSettings(filters: .up, level: 42, strategy: .filtered)
        #expect(throws: PNGError.self) { try PNGEncoder.encode(pixmap, settings: settings) }
    }

    @Test func pixmapRejectsDataThatIsNotPremultiplied() {
        #expect(Pixmap(width: 1, height: 1, premultipliedRGBA: [200, 0, 0, 100]) == nil)
        #expect(Pixmap(width: 2, height: 1, premultipliedRGBA: [0, 0, 0, 0]) == nil)
    }
}
