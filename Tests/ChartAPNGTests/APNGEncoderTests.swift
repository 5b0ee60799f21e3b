import CPNG
import ChartAPNG
import ChartRaster
import Testing

/// An APNG taken apart chunk by chunk, every CRC and sequence number checked, each frame's data decoded by libpng
/// (wrapped as a standalone PNG of the frame's rectangle).
struct ParsedAPNG {
    struct Frame {
        var rect: PixelRect
        var delay: (num: Int, den: Int)
        var dispose: UInt8
        var blend: UInt8
        /// Straight-alpha RGBA8 of the rectangle, decoded by libpng.
        var rgba: [UInt8]
    }

    var width = 0, height = 0, colorType: UInt8 = 0
    var numFrames = 0, numPlays = 0
    var frames: [Frame] = []
    var chunkTypes: [String] = []

    init(_ bytes: [UInt8]) throws {
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var at = 8, expectedSequence = 0
        var ihdr: [UInt8] = []
        func be32(_ b: ArraySlice<UInt8>) -> Int { b.reduce(0) { $0 << 8 | Int($1) } }
        var current: (rect: PixelRect, delay: (Int, Int), dispose: UInt8, blend: UInt8, data: [UInt8])?
        func finishFrame() throws {
            guard let c = current else { return }
            let png = wrapPNG(ihdr: ihdr, width: c.rect.width, height: c.rect.height, zlib: c.data)
            let rgba = try #require(decodeRGBA(png), "libpng decodes frame \(frames.count)")
            frames.append(Frame(rect: c.rect, delay: c.delay, dispose: c.dispose, blend: c.blend, rgba: rgba))
            current = nil
        }
        while at < bytes.count {
            let length = be32(bytes[at..<at + 4])
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let data = Array(bytes[at + 8..<at + 8 + length])
            let crc = be32(bytes[at + 8 + length..<at + 12 + length])
            #expect(UInt32(crc) == crc32(Array(bytes[at + 4..<at + 8 + length])), "CRC of \(type)")
            chunkTypes.append(type)
            switch type {
            case "IHDR":
                ihdr = data
                width = be32(data[0..<4]); height = be32(data[4..<8]); colorType = data[9]
            case "acTL":
                numFrames = be32(data[0..<4]); numPlays = be32(data[4..<8])
            case "fcTL":
                try finishFrame()
                #expect(be32(data[0..<4]) == expectedSequence)
                expectedSequence += 1
                let rect = PixelRect(x: be32(data[12..<16]), y: be32(data[16..<20]), width: be32(data[4..<8]),
                                     height: be32(data[8..<12]))
                let delay = (Int(data[20]) << 8 | Int(data[21]), Int(data[22]) << 8 | Int(data[23]))
                current = (rect, delay, data[24], data[25], [])
            case "IDAT":
                current?.data += data
            case "fdAT":
                #expect(be32(data[0..<4]) == expectedSequence)
                expectedSequence += 1
                current?.data += data.dropFirst(4)
            default: break
            }
            at += 12 + length
        }
        try finishFrame()
    }
}

/// CRC-32 (ISO 3309, as PNG uses it), bit by bit: an oracle independent of zlib.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// A PNG of one frame: `ihdr` with the frame's size, an IDAT of `zlib`, IEND.
func wrapPNG(ihdr: [UInt8], width: Int, height: Int, zlib: [UInt8]) -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }
    var header = ihdr
    header.replaceSubrange(0..<8, with: be32(width) + be32(height))
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
        + chunk("IEND", [])
}

/// Straight-alpha RGBA8 of a PNG, by libpng's simplified API.
func decodeRGBA(_ bytes: [UInt8]) -> [UInt8]? {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
    guard begun != 0 else { return nil }
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR) | UInt32(PNG_FORMAT_FLAG_ALPHA)
    var rgba = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
    let finished = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
    png_image_free(&image)
    return finished != 0 ? rgba : nil
}

/// A test frame: opaque white, with the given pixels (x, y, 0xAABBGGRR premultiplied) set.
func frame(_ width: Int, _ height: Int, fill: UInt32 = 0xFFFF_FFFF, _ pixels: [(Int, Int, UInt32)] = []) -> Pixmap {
    var data = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<width * height { for k in 0..<4 { data[4 * i + k] = UInt8(fill >> (8 * UInt32(k)) & 0xFF) } }
    for (x, y, p) in pixels { for k in 0..<4 { data[4 * (y * width + x) + k] = UInt8(p >> (8 * UInt32(k)) & 0xFF) } }
    return Pixmap(width: width, height: height, premultipliedRGBA: data)!
}

/// `rect` of `pixmap` as straight RGBA (these tests use opaque or fully transparent pixels, so it is the same).
func crop(_ pixmap: Pixmap, _ rect: PixelRect) -> [UInt8] {
    var out: [UInt8] = []
    for y in rect.y..<rect.y + rect.height {
        let start = (y * pixmap.width + rect.x) * 4
        out += pixmap.data[start..<start + rect.width * 4]
    }
    return out
}

@Suite struct APNGEncoderTests {
    @Test func framesStoreOnlyWhatChangedAndIdenticalFramesMerge() throws {
        let red: UInt32 = 0xFF00_00FF, blue: UInt32 = 0xFFFF_0000
        let f0 = frame(20, 10)
        let f1 = frame(20, 10, [(3, 2, red), (5, 4, red)])
        let f2 = f1  // unchanged: lengthens f1
        let f3 = frame(20, 10, [(3, 2, red), (5, 4, red), (19, 9, blue)])
        var encoder = APNGEncoder(width: 20, height: 10, plays: 3)
        for f in [f0, f1, f2, f3] { try encoder.append(f, delay: 1.0 / 30) }
        let apng = try ParsedAPNG(encoder.finish())

        #expect(apng.chunkTypes.first == "IHDR" && apng.chunkTypes[1] == "acTL" && apng.chunkTypes.last == "IEND")
        #expect(apng.chunkTypes.firstIndex(of: "fcTL")! < apng.chunkTypes.firstIndex(of: "IDAT")!)
        #expect(apng.colorType == 6, "RGBA, for transparent unchanged pixels")
        #expect(apng.numFrames == 3 && apng.frames.count == 3 && apng.numPlays == 3)
        #expect(apng.frames.map(\.rect) == [PixelRect(f0), PixelRect(x: 3, y: 2, width: 3, height: 3),
                                             PixelRect(x: 19, y: 9, width: 1, height: 1)])
        #expect(apng.frames.map { $0.delay.num } == [1, 1, 1] && apng.frames.map { $0.delay.den } == [30, 15, 30])
        #expect(apng.frames.map(\.dispose) == [0, 0, 0] && apng.frames.map(\.blend) == [0, 1, 1])
        // Frame 0 whole; later frames' opaque changed pixels, the unchanged ones transparent (blended over).
        #expect(apng.frames[0].rgba == crop(f0, PixelRect(f0)))
        let over = [255, 0, 0, 255] + [UInt8](repeating: 0, count: 4 * 7) + [255, 0, 0, 255]
        #expect(apng.frames[1].rgba == over)
        #expect(apng.frames[2].rgba == [0, 0, 255, 255])
    }

    @Test func translucentPixelsAreUnpremultipliedAndReplaceTheCanvas() throws {
        // 50 % red premultiplied is (128, 0, 0, 128); straight it is (255, 0, 0, 128).
        let f0 = frame(4, 4, fill: 0, [(1, 1, 0x8000_0080)])
        var encoder = APNGEncoder(width: 4, height: 4, plays: 0)
        try encoder.append(f0, delay: 0.5)
        let apng = try ParsedAPNG(encoder.finish())
        #expect(apng.colorType == 6 && apng.numPlays == 0)
        #expect(Array(apng.frames[0].rgba[20..<24]) == [255, 0, 0, 128])
        #expect(apng.frames[0].delay.num == 1 && apng.frames[0].delay.den == 2)
        // A translucent changed pixel cannot be blended over the old one: that frame replaces its rectangle.
        var more = APNGEncoder(width: 4, height: 4, plays: 0)
        try more.append(f0, delay: 0.5)
        try more.append(frame(4, 4, fill: 0, [(1, 1, 0x8000_0080), (2, 2, 0x4000_0040)]), delay: 0.5)
        let two = try ParsedAPNG(more.finish())
        #expect(two.frames[1].blend == 0 && two.frames[1].rect == PixelRect(x: 2, y: 2, width: 1, height: 1))
        #expect(two.frames[1].rgba == [255, 0, 0, 64])
    }

    @Test func refusesMismatchedFramesAndNegativeDelays() throws {
        var encoder = APNGEncoder(width: 4, height: 4, plays: 1)
        #expect(throws: APNGError.self) { try encoder.finish() }
        try encoder.append(frame(4, 4), delay: 0.1)
        #expect(throws: APNGError.self) { try encoder.append(frame(5, 4), delay: 0.1) }
        #expect(throws: APNGError.self) { try encoder.append(frame(4, 4), delay: -1) }
    }

    @Test func delaysBeyondSixteenBitsAreCarriedByNoOpFrames() throws {
        var encoder = APNGEncoder(width: 2, height: 2, plays: 1)
        try encoder.append(frame(2, 2), delay: 60_000)
        try encoder.append(frame(2, 2), delay: 10_000)
        let apng = try ParsedAPNG(encoder.finish())
        #expect(apng.frames.count == 2)
        #expect(apng.frames.map { Double($0.delay.num) / Double($0.delay.den) } == [60_000, 10_000])
        #expect(apng.frames[1].rect == PixelRect(x: 0, y: 0, width: 1, height: 1))
    }
}
