import CJPEGWriter
import ChartJPEG
import ChartRaster
import ChartScene
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// libjpeg's own decoder (through the fence's `chart_jpeg_read`): RGB8 and the size, or the error message.
func decodeJPEG(_ bytes: [UInt8]) -> Result<(width: Int, height: Int, rgb: [UInt8]), JPEGDecodeError> {
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
        return .failure(JPEGDecodeError(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8($0) },
                                                        as: UTF8.self)))
    }
    return .success((Int(width), Int(height), Array(UnsafeBufferPointer(start: data, count: buffer.size))))
}

struct JPEGDecodeError: Error {
    var message: String
}

/// A small chart-like raster: a translucent gradient area, a stroked curve, dots and thin grid lines.
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
        nodes.append(.shape(Shape(path: .circle(center: Point(x, 60), radius: 3.5), fill: .solid(Color(rgb: 0x009E73)))))
    }
    let scene = Scene(width: 200, height: 120, background: background, title: "t", description: "", nodes: nodes)
    return try Rasterizer().render(scene, scale: 2)
}

/// PSNR in dB of RGB8 `decoded` against the RGB of RGBA8 `expected`.
func psnr(_ decoded: [UInt8], against expected: [UInt8]) -> Double {
    var squaredError = 0.0
    for i in 0..<(expected.count / 4) {
        for k in 0..<3 {
            let d = Double(decoded[3 * i + k]) - Double(expected[4 * i + k])
            squaredError += d * d
        }
    }
    let mse = squaredError / Double(expected.count / 4 * 3)
    return 10 * log10(255 * 255 / max(mse, 1e-9))
}

/// The JPEG segment with `marker` (0xC0 for a baseline frame header, …), or nil.
func segment(_ marker: UInt8, in jpeg: [UInt8]) -> ArraySlice<UInt8>? {
    var i = 2
    while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
        let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
        if jpeg[i + 1] == marker { return jpeg[(i + 4)..<min(jpeg.count, i + 2 + length)] }
        if jpeg[i + 1] == 0xDA { return nil }  // start of scan: no more headers
        i += 2 + length
    }
    return nil
}

struct JPEGEncoderTests {
    /// Quality 90 stays at or above 38 dB against the pixels it was given (the issue's bar for charts).
    @Test func qualityNinetyIsAtLeastThirtyEightDecibels() throws {
        let pixmap = try chartPixmap(background: .white)
        let jpeg = try JPEGEncoder.encode(pixmap, quality: JPEGEncoder.defaultQuality, background: .white)
        let decoded = try decodeJPEG(jpeg).get()
        #expect(decoded.width == pixmap.width && decoded.height == pixmap.height)
        let db = psnr(decoded.rgb, against: pixmap.data)
        #expect(db >= 38, "PSNR \(db) dB")
        let rough = try JPEGEncoder.encode(pixmap, quality: 20, background: .white)
        #expect(rough.count < jpeg.count)
        #expect(psnr(try decodeJPEG(rough).get().rgb, against: pixmap.data) < db)
    }

    /// Baseline (SOF0, not progressive SOF2) with three components each sampled 1×1 (4:4:4).
    @Test func baselineFullResolutionChroma() throws {
        let jpeg = try JPEGEncoder.encode(try chartPixmap(background: .white), quality: 90, background: .white)
        #expect(Array(jpeg.prefix(2)) == [0xFF, 0xD8])
        let frame = try #require(segment(0xC0, in: jpeg))
        #expect(segment(0xC2, in: jpeg) == nil)
        let components = Array(frame)
        #expect(components[5] == 3)
        #expect([components[7], components[10], components[13]] == [0x11, 0x11, 0x11])
    }

    /// Pixels that are not opaque are composited over the background: a transparent image becomes the background,
    /// half-transparent black becomes half the background.
    @Test func translucentPixelsAreFlattenedOntoTheBackground() throws {
        let red = Color(rgb: 0xE02010)
        let clear = try #require(Pixmap(width: 16, height: 16, premultipliedRGBA: [UInt8](repeating: 0, count: 1024)))
        let flat = try decodeJPEG(try JPEGEncoder.encode(clear, quality: 100, background: red)).get()
        for i in stride(from: 0, to: flat.rgb.count, by: 3) {
            #expect(abs(Int(flat.rgb[i]) - 0xE0) <= 2 && abs(Int(flat.rgb[i + 1]) - 0x20) <= 2
                    && abs(Int(flat.rgb[i + 2]) - 0x10) <= 2)
        }
        let halfBlack = try #require(Pixmap(width: 16, height: 16,
                                            premultipliedRGBA: (0..<256).flatMap { _ in [0, 0, 0, 128] as [UInt8] }))
        let half = try decodeJPEG(try JPEGEncoder.encode(halfBlack, quality: 100, background: .white)).get()
        #expect(half.rgb.allSatisfy { abs(Int($0) - 127) <= 2 })
        // A chart rasterized on a transparent canvas looks like the one drawn on the background colour.
        let overWhite = try chartPixmap(background: .white)
        let transparent = try decodeJPEG(try JPEGEncoder.encode(try chartPixmap(background: nil), quality: 90,
                                                                background: .white)).get()
        #expect(psnr(transparent.rgb, against: overWhite.data) >= 38)
    }

    /// Sizes libjpeg refuses, qualities outside 1…100 and bytes that are not a JPEG come back as errors (libjpeg's
    /// error exit longjmps inside the C fence), never as a crash.
    @Test func invalidInputIsAnError() throws {
        let empty = try #require(Pixmap(width: 0, height: 0, premultipliedRGBA: []))
        let wide = try #require(Pixmap(width: 70_000, height: 1,
                                       premultipliedRGBA: [UInt8](repeating: 255, count: 70_000 * 4)))
        let small = try chartPixmap(background: .white)
        #expect(throws: JPEGError.self) { try JPEGEncoder.encode(empty, quality: 90, background: .white) }
        do {
            _ = try JPEGEncoder.encode(wide, quality: 90, background: .white)
            Issue.record("a 70000-pixel-wide JPEG was written")
        } catch {
            #expect(error.message.contains("65500"), "\(error.message)")
        }
        for quality in [0, 101] {
            #expect(throws: JPEGError.self) { try JPEGEncoder.encode(small, quality: quality, background: .white) }
        }
        let good = try JPEGEncoder.encode(small, quality: 90, background: .white)
        for bad in [[UInt8](), Array("not a jpeg".utf8), Array(good.prefix(20))] {
            guard case .failure(let error) = decodeJPEG(bad) else {
                Issue.record("decoded \(bad.count) bad bytes")
                continue
            }
            #expect(!error.message.isEmpty)
        }
    }
}
