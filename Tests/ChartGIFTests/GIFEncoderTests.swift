import ChartGIF
import ChartRaster
import Testing

/// A GIF decoded by a small, independent reader: the blocks, each frame's graphic control, rectangle and LZW data
/// (decoded by the textbook algorithm), composited onto a canvas as the spec's disposal methods say.
struct DecodedGIF {
    struct Frame {
        var rect: PixelRect
        var delay: Int
        var disposal: Int
        var transparent: Int?
        var indices: [UInt8]
        /// The whole canvas after this frame, 0xRRGGBB or nil (transparent).
        var canvas: [UInt32?]
    }

    var width = 0, height = 0
    var palette: [UInt32] = []
    var loop: Int?
    var frames: [Frame] = []

    init(_ b: [UInt8]) throws {
        #expect(String(decoding: b[0..<6], as: UTF8.self) == "GIF89a")
        func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        width = le16(6); height = le16(8)
        let packed = b[10]
        var at = 13
        if packed & 0x80 != 0 {
            let entries = 1 << (Int(packed & 7) + 1)
            for i in 0..<entries {
                palette.append(UInt32(b[at + 3 * i]) << 16 | UInt32(b[at + 3 * i + 1]) << 8 | UInt32(b[at + 3 * i + 2]))
            }
            at += 3 * entries
        }
        var canvas = [UInt32?](repeating: nil, count: width * height)
        var control: (delay: Int, disposal: Int, transparent: Int?) = (0, 0, nil)
        func subBlocks() -> [UInt8] {
            var data: [UInt8] = []
            while b[at] != 0 { data += b[at + 1..<at + 1 + Int(b[at])]; at += 1 + Int(b[at]) }
            at += 1
            return data
        }
        while at < b.count {
            switch b[at] {
            case 0x21:
                let label = b[at + 1]
                at += 2
                let data = subBlocks()
                if label == 0xF9 {
                    control = (Int(data[1]) | Int(data[2]) << 8, Int(data[0] >> 2 & 7),
                               data[0] & 1 != 0 ? Int(data[3]) : nil)
                } else if label == 0xFF, String(decoding: data.prefix(11), as: UTF8.self) == "NETSCAPE2.0" {
                    loop = Int(data[12]) | Int(data[13]) << 8
                }
            case 0x2C:
                let rect = PixelRect(x: le16(at + 1), y: le16(at + 3), width: le16(at + 5), height: le16(at + 7))
                #expect(b[at + 9] == 0, "no local color table, not interlaced")
                let minimum = Int(b[at + 10])
                at += 11
                let indices = try lzwDecode(subBlocks(), minimumCodeSize: minimum)
                #expect(indices.count == rect.width * rect.height)
                let before = canvas
                for (k, index) in indices.enumerated() where Int(index) != control.transparent {
                    canvas[(rect.y + k / rect.width) * width + rect.x + k % rect.width] = palette[Int(index)]
                }
                frames.append(Frame(rect: rect, delay: control.delay, disposal: control.disposal,
                                    transparent: control.transparent, indices: indices, canvas: canvas))
                if control.disposal == 2 {
                    for y in rect.y..<rect.y + rect.height {
                        for x in rect.x..<rect.x + rect.width { canvas[y * width + x] = nil }
                    }
                } else if control.disposal == 3 {
                    canvas = before
                }
                control = (0, 0, nil)
            case 0x3B:
                at = b.count
            default:
                Issue.record("unexpected block \(b[at]) at \(at)")
                at = b.count
            }
        }
    }
}

/// Textbook GIF LZW decoding (GIF89a appendix F): a table of strings, codes widening as it fills, clear codes.
func lzwDecode(_ data: [UInt8], minimumCodeSize: Int) throws -> [UInt8] {
    let clear = 1 << minimumCodeSize, end = clear + 1
    var table: [[UInt8]] = []
    func reset() { table = (0..<clear).map { [UInt8($0)] } + [[], []] }
    reset()
    var width = minimumCodeSize + 1, bitPosition = 0
    var previous: [UInt8]?
    var out: [UInt8] = []
    while true {
        guard bitPosition + width <= data.count * 8 else {
            Issue.record("data ended without an end code")
            return out
        }
        var code = 0
        for i in 0..<width where data[(bitPosition + i) / 8] >> ((bitPosition + i) % 8) & 1 == 1 { code |= 1 << i }
        bitPosition += width
        if code == clear {
            reset(); width = minimumCodeSize + 1; previous = nil
            continue
        }
        if code == end { break }
        let entry: [UInt8]
        if code < table.count {
            entry = table[code]
        } else {
            let p = try #require(previous, "a new code right after a clear")
            #expect(code == table.count, "code \(code) is the next one, \(table.count)")
            entry = p + [p[0]]
        }
        out += entry
        if let p = previous, table.count < 4096 { table.append(p + [entry[0]]) }
        if table.count == 1 << width && width < 12 { width += 1 }
        previous = entry
    }
    return out
}

/// A test frame: opaque white, with the given pixels (x, y, 0xAABBGGRR premultiplied) set.
func frame(_ width: Int, _ height: Int, fill: UInt32 = 0xFFFF_FFFF, _ pixels: [(Int, Int, UInt32)] = []) -> Pixmap {
    var data = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<width * height { for k in 0..<4 { data[4 * i + k] = UInt8(fill >> (8 * UInt32(k)) & 0xFF) } }
    for (x, y, p) in pixels { for k in 0..<4 { data[4 * (y * width + x) + k] = UInt8(p >> (8 * UInt32(k)) & 0xFF) } }
    return Pixmap(width: width, height: height, premultipliedRGBA: data)!
}

/// 0xRRGGBB of every pixel of an opaque pixmap.
func rgb(_ pixmap: Pixmap) -> [UInt32?] {
    (0..<pixmap.width * pixmap.height).map { (i: Int) -> UInt32? in
        let r = UInt32(pixmap.data[4 * i]), g = UInt32(pixmap.data[4 * i + 1]), b = UInt32(pixmap.data[4 * i + 2])
        return r << 16 | g << 8 | b
    }
}

@Suite struct GIFEncoderTests {
    @Test func framesStoreOnlyWhatChangedWithExactColorsAndDelays() throws {
        let red: UInt32 = 0xFF00_00FF, blue: UInt32 = 0xFFFF_0000
        let f0 = frame(20, 10)
        let f1 = frame(20, 10, [(3, 2, red), (5, 4, red)])
        let f3 = frame(20, 10, [(3, 2, red), (5, 4, red), (19, 9, blue)])
        let final = f3
        var encoder = GIFEncoder(width: 20, height: 10, plays: 0, palette: GIFPalette(frame: final, matte: 0xFFFFFF))
        for f in [f0, f1, f1, f3] { try encoder.append(f, delay: 1.0 / 30) }
        let gif = try DecodedGIF(encoder.finish())
        #expect(gif.loop == 0, "0 plays = loop forever")
        #expect(gif.frames.map(\.rect) == [PixelRect(f0), PixelRect(x: 3, y: 2, width: 3, height: 3),
                                           PixelRect(x: 19, y: 9, width: 1, height: 1)])
        // Ends at 1/30, 3/30 and 4/30 s: 3, 10 and 13 cs, so 3 + 7 + 3.
        #expect(gif.frames.map(\.delay) == [3, 7, 3])
        #expect(gif.frames.map(\.canvas) == [rgb(f0), rgb(f1), rgb(f3)], "few colors: exact")
        // The unchanged pixels inside f1's rectangle are the transparent index.
        #expect(gif.frames[1].indices.filter { Int($0) == gif.frames[1].transparent }.count == 7)
    }

    @Test func loopExtensionCountsRepeatsAfterTheFirstPlay() throws {
        for (plays, loop) in [(1, nil), (2, 1), (1000, 999), (0, 0)] as [(Int, Int?)] {
            var encoder = GIFEncoder(width: 2, height: 2, plays: plays)
            try encoder.append(frame(2, 2), delay: 1)
            #expect(try DecodedGIF(encoder.finish()).loop == loop)
        }
    }

    @Test func manyColorsKeepTheFrequentOnesExactAndMapTheRestToTheNearest() throws {
        // 64 × 64: a flat background, two flat paints, and 1,000 distinct "antialiasing" greys.
        var pixels: [(Int, Int, UInt32)] = []
        for x in 0..<64 { for y in 0..<8 { pixels.append((x, y, 0xFF20_60C0)) } }
        for x in 0..<64 { for y in 8..<16 { pixels.append((x, y, 0xFF10_A010)) } }
        for i in 0..<1000 {
            let v = UInt32(i % 250) + 3
            pixels.append((i % 64, 16 + i / 64, 0xFF00_0000 | v << 16 | (v ^ 1) << 8 | v))
        }
        let f = frame(64, 64, pixels)
        var encoder = GIFEncoder(width: 64, height: 64, plays: 1, palette: GIFPalette(frame: f, matte: 0xFFFFFF))
        try encoder.append(f, delay: 0.1)
        let gif = try DecodedGIF(encoder.finish())
        let shown = gif.frames[0].canvas, want = rgb(f)
        for y in [0, 8, 40] { #expect(shown[y * 64] == want[y * 64], "flat colors are exact (row \(y))") }
        var worst = 0
        for (s, w) in zip(shown, want) {
            guard let s, let w else { continue }
            for shift in [0, 8, 16] as [UInt32] {
                worst = max(worst, abs(Int(s >> shift & 0xFF) - Int(w >> shift & 0xFF)))
            }
        }
        #expect(worst <= 8, "the greys map to a near entry (worst channel error \(worst))")
    }

    @Test func pixelsTurningTransparentDisposeTheFrameBefore() throws {
        let red: UInt32 = 0xFF00_00FF
        let f0 = frame(6, 6, fill: 0, [(2, 2, red)])
        let f1 = frame(6, 6, fill: 0, [(2, 2, red), (3, 3, red)])
        let f2 = frame(6, 6, fill: 0, [(3, 3, red)])  // (2, 2) is cleared
        var encoder = GIFEncoder(width: 6, height: 6, plays: 1, palette: GIFPalette(frame: f1, matte: 0xFFFFFF))
        for f in [f0, f1, f2] { try encoder.append(f, delay: 0.1) }
        let gif = try DecodedGIF(encoder.finish())
        #expect(gif.frames.count == 3)
        #expect(gif.frames[1].disposal == 2 && gif.frames[2].rect == PixelRect(f2))
        let expected: [UInt32?] = (0..<36).map { $0 == 21 ? 0xFF0000 : nil }
        #expect(gif.frames[2].canvas == expected)
    }

    @Test func lzwRoundTripsAcrossTableResets() throws {
        // Pseudo-random indices fill the 4,096-entry table several times, forcing clear codes and every width.
        var state: UInt32 = 12345
        var pixels: [(Int, Int, UInt32)] = []
        for y in 0..<128 {
            for x in 0..<128 {
                state = state &* 1_103_515_245 &+ 12345
                let v = state >> 16 & 0x3F
                pixels.append((x, y, 0xFF00_0000 | v << 2))
            }
        }
        let f = frame(128, 128, pixels)
        var encoder = GIFEncoder(width: 128, height: 128, plays: 1, palette: GIFPalette(frame: f, matte: 0))
        try encoder.append(f, delay: 0.1)
        let gif = try DecodedGIF(encoder.finish())
        #expect(gif.frames[0].canvas == rgb(f))
    }
}
