import ChartRender
import ChartSpec
import RasterTestSupport
import Testing

/// WebP and JPEG through the pipeline, decoded by libpng, libwebp and libjpeg: the same pixels as the PNG.
@Suite struct RasterFormatPipelineTests {
    let renderer = ChartRenderer.shared

    func render(_ json: String, _ format: OutputFormat) throws -> [UInt8] {
        try renderer.render(json: Array(json.utf8), format: format).bytes
    }

    /// Without `quality` a WebP is lossless and decodes to exactly the PNG's pixels, translucent ones included.
    @Test(arguments: ["light", "dark"])
    func losslessWebPHasExactlyThePNGsPixels(theme: String) throws {
        let json = #"{"theme": "\#(theme)", "background": "transparent", "title": "Ünïcode", "#
            + #""series": [{"values": [1, 3, 2], "fill": "gradient", "dots": true}, {"values": [2, 1, 3]}]}"#
        let webp = try render(json, .webp)
        #expect(Array(webp[8..<16]) == Array("WEBPVP8L".utf8))
        let png = try #require(decodePNG(try render(json, .png)))
        let decoded = try #require(decodeWebP(webp))
        #expect(decoded.width == png.width && decoded.height == png.height)
        #expect(decoded.rgba == png.rgba)
        #expect(png.rgba.contains { $0 != 255 })  // the transparent canvas really has alpha
    }

    /// `quality` makes a WebP lossy (VP8) and sets JPEG's quality; lower is smaller.
    @Test func qualitySelectsLossyWebPAndJPEGQuality() throws {
        let spec = #"{"series": [{"values": [1, 3, 2, 5, 4]}]"#
        let lossy = try render(spec + #", "quality": 80}"#, .webp)
        #expect(Array(lossy[8..<16]) == Array("WEBPVP8 ".utf8))
        #expect(try render(spec + #", "quality": 20}"#, .webp).count < lossy.count)
        let jpeg = try render(spec + "}", .jpeg)
        #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(try render(spec + #", "quality": 90}"#, .jpeg) == jpeg)  // 90 is the default
        #expect(try render(spec + #", "quality": 30}"#, .jpeg).count < jpeg.count)
    }

    /// A JPEG of a transparent chart is flattened onto its theme's background: white for light, #111418 for dark.
    @Test(arguments: [("light", [0xFF, 0xFF, 0xFF]), ("dark", [0x11, 0x14, 0x18])] as [(String, [Int])])
    func jpegFlattensTransparencyOntoTheThemeBackground(theme: String, background: [Int]) throws {
        let json = #"{"theme": "\#(theme)", "background": "transparent", "series": [{"values": [1, 3, 2]}]}"#
        let decoded = try decodeJPEG(try render(json, .jpeg)).get()
        for k in 0..<3 { #expect(abs(Int(decoded.rgb[k]) - background[k]) <= 2, "corner channel \(k)") }
        // The same chart on its opaque theme background is the same picture.
        let opaque = try #require(decodePNG(try render(#"{"theme": "\#(theme)", "series": [{"values": [1, 3, 2]}]}"#,
                                                       .png)))
        let db = psnr(decoded.rgb, channels: 3, against: opaque.rgba)
        #expect(db >= 38, "PSNR \(db) dB")
    }

    /// Formats that do not use `quality` ignore it: the same bytes with and without.
    @Test(arguments: [OutputFormat.svg, .png, .smil, .json])
    func qualityIsIgnoredWhereItDoesNotApply(format: OutputFormat) throws {
        let spec = #"{"series": [{"values": [1, 3, 2]}]"#
        #expect(try render(spec + #", "quality": 10}"#, format) == render(spec + "}", format))
    }

    /// A side WebP cannot hold is the request's problem, named at `scale`, even when the format came from outside
    /// the spec (`Accept`); JPEG has no such limit below the raster budget.
    @Test func webPSideLimitIsA422AtScale() throws {
        let spec = try ChartSpec.parse(Array(#"{"width": 4096, "height": 16, "scale": 4, "series": [{"values": [1]}]}"#
            .utf8))
        #expect {
            _ = try renderer.render(spec, format: .webp)
        } throws: { error in
            guard case .invalidSpec(let error) = error as? RenderError else { return false }
            return error.issues.map(\.path) == ["scale"] && error.description.contains("at most 3.99")
        }
    }
}
