import ChartPNG
import ChartRaster
import ChartScene
import CPNGWriter
import RasterTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

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

    /// The rasterizer's pixmaps over an opaque background are opaque by construction (source-over keeps alpha 255),
    /// so the encoder skips its alpha scan and writes RGB; over a transparent one it scans and keeps alpha.
    @Test(arguments: [PNGCompression.fast, .balanced])
    func renderedScenesOverAnOpaqueBackgroundAreKnownOpaque(compression: PNGCompression) throws {
        let shapes: [Node] = [
            .shape(Shape(path: .circle(center: Point(20, 20), radius: 13.3), fill: .solid(Color(rgb: 0x3366CC)))),
            .group(Group(opacity: 0.4, children: [
                .shape(Shape(path: .rect(Rect(x: 5.5, y: 9.2, width: 30, height: 10)), fill: .solid(.black))),
                .shape(Shape(path: .rect(Rect(x: 9.5, y: 3.2, width: 10, height: 30)), fill: .solid(.black))),
            ])),
        ]
        for background in [Color.white, Color(rgb: 0x102030), nil] {
            let scene = Scene(width: 40, height: 40, background: background, title: "", description: "",
                              nodes: shapes)
            let pixmap = try Rasterizer().render(scene, scale: 1.5)
            #expect(pixmap.isOpaqueByConstruction == (background != nil))
            let decoded = try #require(decodePNG(try PNGEncoder.encode(pixmap, compression: compression)))
            #expect(decoded.hasAlpha == (background == nil))
            var opaqueScan = true
            for i in stride(from: 3, to: pixmap.data.count, by: 4) where pixmap.data[i] != 255 { opaqueScan = false }
            #expect(opaqueScan == (background != nil), "the claim holds pixel by pixel")
            if background != nil {
                let rgb = stride(from: 0, to: pixmap.data.count, by: 4).flatMap { pixmap.data[$0..<($0 + 3)] }
                let decodedRGB = stride(from: 0, to: decoded.rgba.count, by: 4).flatMap { decoded.rgba[$0..<($0 + 3)] }
                #expect(decodedRGB == rgb)
            }
        }
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

    /// One translucent pixel anywhere makes the image RGBA: the opacity scan reads pixels in pairs and blocks of 512,
    /// so the pixel is put first, in either half of a pair, past the first block, and last of an odd count.
    @Test(arguments: [0, 1, 2, 513, 700, 37 * 23 - 1])
    func oneTranslucentPixelAnywhereKeepsAlpha(index: Int) throws {
        let opaque = try #require(testPixmap(width: 37, height: 23, opaque: true))
        var data = opaque.data
        data[index * 4 ..< index * 4 + 4] = [10, 20, 30, 128]
        let pixmap = try #require(Pixmap(width: 37, height: 23, premultipliedRGBA: data))
        for compression in PNGCompression.allCases {
            let decoded = try #require(decodePNG(try PNGEncoder.encode(pixmap, compression: compression)))
            let hasAlpha = decoded.hasAlpha, alpha = decoded.rgba[index * 4 + 3]
            let neighbour = decoded.rgba[(index == 0 ? 1 : 0) * 4 + 3]
            #expect(hasAlpha, "\(compression)")
            #expect(alpha == 128 && neighbour == 255, "\(compression)")
        }
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

/// The chart-specialised encoder (`.fast`, `.balanced`) against libpng's decoder on inputs that exercise its corners.
struct SpecialisedEncoderTests {
    /// Premultiplied RGBA8 for `width × height` pixels from `color(x, y)` (straight RGBA).
    static func pixmap(width: Int, height: Int, _ color: (Int, Int) -> (UInt32, UInt32, UInt32, UInt32)) -> Pixmap? {
        var data: [UInt8] = []
        data.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = color(x, y)
                for c in [r, g, b] { data.append(UInt8((c * a + 127) / 255)) }
                data.append(UInt8(a))
            }
        }
        return Pixmap(width: width, height: height, premultipliedRGBA: data)
    }

    static func roundTrips(_ pixmap: Pixmap, _ compression: PNGCompression) throws -> Bool {
        let decoded = try #require(decodePNG(try PNGEncoder.encode(pixmap, compression: compression)))
        guard decoded.width == pixmap.width, decoded.height == pixmap.height else { return false }
        if !decoded.hasAlpha { return decoded.rgba == pixmap.data }
        var repremultiplied: [UInt8] = []
        repremultiplied.reserveCapacity(decoded.rgba.count)
        for i in stride(from: 0, to: decoded.rgba.count, by: 4) {
            let a = UInt32(decoded.rgba[i + 3])
            for k in 0..<3 { repremultiplied.append(UInt8((UInt32(decoded.rgba[i + k]) * a + 127) / 255)) }
            repremultiplied.append(UInt8(a))
        }
        return repremultiplied == pixmap.data
    }

    /// Flat areas, a vertical gradient and a sloped antialiased-looking edge: long matches at the left pixel, the
    /// pixel above and its neighbours, across many 32 Ki-symbol blocks at 700 × 300.
    @Test(arguments: [PNGCompression.fast, .balanced])
    func chartLikeImageRoundTrips(compression: PNGCompression) throws {
        let image = try #require(Self.pixmap(width: 700, height: 300) { x, y in
            let edge = 2 * y + 40
            if abs(x - edge) < 2 { return (UInt32(60 + (x & 7)), 100, UInt32(200 - (y % 50)), 255) }
            if x > edge { return (255, 255, 255, 255) }
            return (68, 119, UInt32(170 - y / 4), 255)
        })
        #expect(try Self.roundTrips(image, compression))
    }

    /// Noise gives every literal and many short matches; skewed channels give Huffman trees deeper than 15 before
    /// length limiting (one byte value appears ~2^k times more often than another).
    @Test(arguments: [PNGCompression.fast, .balanced])
    func noisyAndSkewedImagesRoundTrip(compression: PNGCompression) throws {
        var seed: UInt32 = 99
        func next() -> UInt32 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return seed >> 8
        }
        let noise = try #require(Self.pixmap(width: 257, height: 131) { _, _ in
            (next() & 255, next() & 255, next() & 255, 255)
        })
        #expect(try Self.roundTrips(noise, compression))
        // Byte value k with probability ~2^-k (k = 0…23): the optimal code would need lengths up to 23 bits.
        let skewed = try #require(Self.pixmap(width: 512, height: 256) { _, _ in
            let v = UInt32(min((next() & 0xFF_FFFF).leadingZeroBitCount - 8, 23))
            return (v * 11, (next() & 1) * 200, v, 255)
        })
        #expect(try Self.roundTrips(skewed, compression))
    }

    /// Translucent rows longer than deflate's 32 KiB window (9,000 RGBA pixels): the row above is out of reach and
    /// must not be referenced.
    @Test func rowsWiderThanTheWindowRoundTrip() throws {
        let wide = try #require(Self.pixmap(width: 9000, height: 4) { x, y in
            (UInt32(x % 7 * 30), UInt32(y * 60), 90, UInt32(x / 3 % 256))
        })
        #expect(try Self.roundTrips(wide, .balanced))
        #expect(try Self.roundTrips(wide, .fast))
    }

    /// Every premultiplied value (each alpha 0…255 with each channel 0…alpha) un-premultiplied exactly, in the row
    /// shapes the converter shortcuts: runs of one pixel (taken from the last pixel converted), blocks of four equal
    /// to the row above (taken from the row converted there) next to blocks that differ from it by one pixel, and a
    /// width that is not a multiple of four.
    @Test(arguments: [PNGCompression.fast, .balanced])
    func everyPremultipliedValueRoundTripsThroughTheRowShortcuts(compression: PNGCompression) throws {
        var values: [(UInt8, UInt8)] = []  // (channel, alpha), premultiplied
        for a in 0...255 { for c in 0...a { values.append((UInt8(c), UInt8(a))) } }
        let width = 203, height = (values.count + 8) / 9 + 3
        var data = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let (c, a): (UInt8, UInt8)
                switch x {
                case 0..<9:  // nine fresh values per row: every pair appears once
                    (c, a) = values[min(y * 9 + x, values.count - 1)]
                case 9..<100:  // the same translucent pixel for long runs, changing every seventh row
                    (c, a) = (UInt8(y / 7 % 64), 64)
                default:  // repeats the row above, except one pixel every 24 columns on odd rows
                    (c, a) = y % 2 == 1 && x % 24 == 5 ? (UInt8(y % 31), 31) : (UInt8(x % 50), UInt8(x % 50 + 60))
                }
                data[i] = c
                data[i + 1] = c / 2
                data[i + 2] = a - c
                data[i + 3] = a
            }
        }
        let image = try #require(Pixmap(width: width, height: height, premultipliedRGBA: data))
        // Exactly the straight-alpha bytes of Pixmap's own conversion (c · 255 / a rounded), not just bytes that
        // premultiply back to the input (at low alpha many straight values do).
        let decoded = try #require(decodePNG(try PNGEncoder.encode(image, compression: compression)))
        let expected = image.unpremultipliedRGBA()
        // (Compared here, not in #expect: describing a mismatch of two 130 KB arrays would take minutes.)
        let difference = zip(decoded.rgba, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(decoded.hasAlpha)
        #expect(decoded.rgba.count == expected.count)
        #expect(difference == nil, "first differing byte \(difference ?? -1), pixel \((difference ?? 0) / 4)")
    }

    /// Tiny images: a single pixel (no match is possible), a single row, a single column.
    @Test(arguments: [(1, 1), (5, 1), (1, 7), (3, 2)])
    func tinyImagesRoundTrip(size: (Int, Int)) throws {
        let image = try #require(Self.pixmap(width: size.0, height: size.1) { x, y in
            (UInt32(x * 40), UInt32(y * 30), 7, UInt32(255 - x - y))
        })
        #expect(try Self.roundTrips(image, .balanced))
    }

    /// On chart-like content the specialised encoder stays within 1.25× the bytes of libpng's defaults.
    @Test func chartLikeImageIsNoLargerThanLibpngAllows() throws {
        let image = try #require(Self.pixmap(width: 640, height: 320) { x, y in
            let curve = Int(160 + 80 * sin(Double(x) / 40))
            if abs(y - curve) <= 1 { return (220, 80, UInt32(90 + abs(y - curve) * 40), 255) }
            if y % 64 == 0 { return (224, 224, 224, 255) }
            return y > curve ? (UInt32(200 - y / 3), 210, 240, 255) : (255, 255, 255, 255)
        })
        let ours = try PNGEncoder.encode(image, compression: .balanced)
        let reference = try PNGEncoder.encode(image, settings: .libpngDefaults)
        #expect(Double(ours.count) <= 1.25 * Double(reference.count))
    }
}

/// The chart-specialised deflate (issue 14) matches runs of equal pixels found by bit masks that the row conversion
/// records, with an AVX2 path (eight pixels per step) and an SSE2 one. Rendered charts must decode to exactly their
/// pixels whichever path wrote them, and both paths must write the same bytes.
struct PixelRunDeflateTests {
    /// A chart-like scene: a translucent area under a curve, three antialiased lines, a crisp grid, a row of small
    /// repeated marks (like glyphs) and a dot pattern, `width × height` CSS px.
    static func chartScene(width: Int, height: Int, background: Color?) -> Scene {
        let w = Double(width), h = Double(height)
        var grid: [Node] = []
        for i in 0...4 {
            let y = (h * Double(i) / 4).rounded() + 0.5
            var line = Path()
            line.move(to: Point(0, y))
            line.line(to: Point(w, y))
            grid.append(.shape(Shape(path: line, stroke: .solid(Color(rgb: 0xE0E0E0)),
                                     strokeStyle: StrokeStyle(width: 1))))
        }
        var marks: [Node] = []
        let colors = [Color(rgb: 0x36A2EB), Color(rgb: 0xFF6384), Color(rgb: 0x4BC0C0)]
        for s in 0..<3 {
            var line = Path()
            for i in 0...40 {
                let x = w * Double(i) / 40
                let y = h * (0.5 + 0.35 * sin(Double(i) / 5 + Double(s) * 1.9))
                if i == 0 { line.move(to: Point(x, y)) } else { line.line(to: Point(x, y)) }
            }
            if s == 0 {
                var area = line
                area.line(to: Point(w, h))
                area.line(to: Point(0, h))
                area.close()
                marks.append(.shape(Shape(path: area, fill: .solid(colors[0].withOpacity(0.25)))))
            }
            marks.append(.shape(Shape(path: line, stroke: .solid(colors[s]), strokeStyle: StrokeStyle(width: 2.5))))
        }
        for i in 0..<max(1, width / 12) {
            let x = Double(i) * 12 + 2.3
            marks.append(.shape(Shape(path: .rect(Rect(x: x, y: 3.4, width: 5.2, height: 6.6)),
                                      fill: .solid(Color(rgb: 0x666666)))))
            marks.append(.shape(Shape(path: .circle(center: Point(x + 2, h - 6), radius: 2.2),
                                      fill: .solid(colors[i % 3]))))
        }
        return Scene(width: w, height: h, background: background, title: "", description: "", nodes: grid + marks)
    }

    /// Every premultiplied value (each alpha 0…255 with each channel 0…alpha) in a row width that is not a multiple
    /// of eight: every step of the conversion is a mixed one, converted eight at a time (AVX2) or one by one.
    static func everyPremultipliedValue() -> Pixmap? {
        var values: [(UInt8, UInt8)] = []
        for a in 0...255 { for c in 0...a { values.append((UInt8(c), UInt8(a))) } }
        let width = 203, height = (values.count + width - 1) / width
        var data = [UInt8](repeating: 0, count: width * height * 4)
        for (i, (c, a)) in values.enumerated() {
            data[4 * i] = c
            data[4 * i + 1] = c / 2
            data[4 * i + 2] = a - c
            data[4 * i + 3] = a
        }
        return Pixmap(width: width, height: height, premultipliedRGBA: data)
    }

    /// One test, not one per argument: the AVX2 switch is process-wide (the other path writes the same bytes, so
    /// encoders running meanwhile in other tests are not affected, but two tests flipping it would weaken each other).
    @Test func renderedChartsDecodeToTheirPixelsWhicheverPathWroteThem() throws {
        var pixmaps: [(String, Pixmap)] = []
        for (width, height, scales) in [(803, 201, [1.0]), (203, 61, [1.0, 2.0]), (17, 9, [1.0, 2.0]), (1, 3, [1.0])] {
            for background in [nil, Color.white] {
                let scene = Self.chartScene(width: width, height: height, background: background)
                for scale in scales {
                    pixmaps.append(("\(width)×\(height) \(background == nil ? "transparent" : "white") ×\(scale)",
                                    try Rasterizer().render(scene, scale: scale)))
                }
            }
        }
        pixmaps.append(("every premultiplied value", try #require(Self.everyPremultipliedValue())))
        for (name, pixmap) in pixmaps {
            // RGB exactly when every pixel is opaque (a transparent background may still be covered everywhere).
            let opaque = stride(from: 3, to: pixmap.data.count, by: 4).allSatisfy { pixmap.data[$0] == 255 }
            for compression in [PNGCompression.fast, .balanced] {
                let withAVX2 = try PNGEncoder.encode(pixmap, compression: compression)
                let previous = chart_png_allow_avx2(0)
                let without = Result { try PNGEncoder.encode(pixmap, compression: compression) }
                _ = chart_png_allow_avx2(previous)
                #expect(try without.get() == withAVX2, "\(name) \(compression): the two paths' bytes differ")
                let decoded = try #require(decodePNG(withAVX2), "\(name) \(compression) does not decode")
                #expect(decoded.hasAlpha == !opaque, "\(name) \(compression)")
                #expect(decoded.width == pixmap.width && decoded.height == pixmap.height, "\(name) \(compression)")
                // Exactly the rasterizer's pixels: RGB as they are when opaque, else Pixmap's own straight alpha.
                let expected = opaque ? pixmap.data : pixmap.unpremultipliedRGBA()
                let difference = zip(decoded.rgba, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                #expect(decoded.rgba.count == expected.count && difference == nil,
                        "\(name) \(compression): first differing byte \(difference ?? -1)")
            }
        }
    }

    /// Runs are matched per pixel, and the hash adds matches elsewhere: on a rendered chart `.balanced` is smaller
    /// than `.fast`, and both stay within libpng's defaults (zlib level 6 with adaptive filters) by 10 %.
    @Test(arguments: [nil, Color.white])
    func balancedIsSmallerThanFastAndNearLibpng(background: Color?) throws {
        let scene = Self.chartScene(width: 800, height: 400, background: background)
        let pixmap = try Rasterizer().render(scene, scale: 1)
        let balanced = try PNGEncoder.encode(pixmap, compression: .balanced).count
        let fast = try PNGEncoder.encode(pixmap, compression: .fast).count
        let libpng = try PNGEncoder.encode(pixmap, settings: .libpngDefaults).count
        #expect(balanced < fast)
        #expect(Double(balanced) <= 1.1 * Double(libpng), "\(balanced) bytes against libpng's \(libpng)")
    }
}
