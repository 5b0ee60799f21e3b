public import ChartRaster

/// Encodes a sequence of frames as an animated GIF89a (https://www.w3.org/Graphics/GIF/spec-gif89a.txt) with one
/// global color table (`GIFPalette`), keeping only the previous frame's pixels and the not yet written frame.
///
/// Each frame after the first stores only the rectangle in which it differs from the one before
/// (`PixelRect.changed`), with its unchanged pixels as the transparent index (long runs of one index, which LZW
/// codes in a few bits) over the kept canvas (disposal 1, "do not dispose"). A frame identical to the one before
/// lengthens that frame's delay instead. Delays are whole centiseconds: each frame's end is rounded, so rounding
/// never accumulates and the total is exact to 1 cs.
///
/// GIF has 1-bit transparency: pixels under 50 % alpha are transparent, the others are flattened onto the palette's
/// matte. Where a pixel turns transparent again, the frame before is disposed to the background (disposal 2) and
/// the new frame is written whole.
///
/// Loops: `plays` 1 writes no NETSCAPE2.0 extension (browsers then play once); 0 writes loop count 0 (forever); n
/// writes n − 1, since Chromium, Firefox and Safari read the loop count as repeats after the first play.
public struct GIFEncoder {
    public let width: Int
    public let height: Int
    /// How often the animation plays, 0 = forever.
    public let plays: Int
    /// nil until the first frame when not given: then built from it.
    private var palette: GIFPalette?
    private var previous: Pixmap?
    /// The last frame, encoded but not yet written: its descriptor fields and LZW data, the time its display ends,
    /// and its disposal method (a later frame may need it disposed).
    private var pending: (rect: PixelRect, data: [UInt8], end: Double, disposal: UInt8)?
    /// Whether any frame had translucent pixels (then a pixel may turn transparent, which needs disposal).
    private var hasAlpha = false
    private var output: [UInt8] = []
    private var elapsed = 0.0
    private var writtenCentiseconds = 0
    private var frameCount = 0
    private var lzw = LZWEncoder(minimumCodeSize: 8)
    /// Premultiplied pixel → palette index for the colors seen so far (direct-mapped by a hash of the pixel).
    private var cacheKeys = [UInt32](repeating: 0, count: 1 << 16)
    private var cacheIndices = [UInt8](repeating: 0, count: 1 << 16)
    private var cacheFilled = [Bool](repeating: false, count: 1 << 16)

    /// The longest one frame's delay can be: 65,535 cs.
    static let maxCentiseconds = 65_535

    /// An encoder whose color table is `palette`, or, when nil, built from the first frame onto a white matte.
    public init(width: Int, height: Int, plays: Int, palette: GIFPalette? = nil) {
        self.width = width
        self.height = height
        self.plays = plays
        self.palette = palette
    }

    /// Adds `frame`, shown for `delay` seconds (≥ 0).
    public mutating func append(_ frame: Pixmap, delay: Double) throws(GIFError) {
        guard width > 0, height > 0, width <= 65_535, height <= 65_535 else {
            throw GIFError("image \(width) × \(height) is not 1 to 65,535 pixels each way")
        }
        guard frame.width == width, frame.height == height else {
            throw GIFError("frame \(frame.width) × \(frame.height) in a \(width) × \(height) animation")
        }
        guard delay >= 0, delay.isFinite else { throw GIFError("frame delay \(delay) s is not a duration") }
        let palette = self.palette ?? GIFPalette(frame: frame, matte: 0xFFFFFF)
        self.palette = palette
        if !frame.isOpaqueByConstruction && !hasAlpha { hasAlpha = !frame.isOpaque }
        guard let previous else {
            let rect = PixelRect(frame)
            pending = (rect, encode(frame, rect, over: nil, palette), elapsed + delay, 1)
            elapsed += delay
            self.previous = frame
            return
        }
        guard let changed = PixelRect.changed(from: previous, to: frame) else {
            elapsed += delay
            pending?.end = elapsed
            return
        }
        if hasAlpha && Self.clears(previous, frame, in: changed) {
            // A pixel turns transparent: transparency over the kept canvas would show the old pixel, so the
            // previous frame is rewritten whole and disposed to the background, and this one is drawn whole.
            if var held = pending {
                let whole = PixelRect(previous)
                held.rect = whole
                held.data = encode(previous, whole, over: nil, palette)
                held.disposal = 2
                pending = held
            }
            try flush()
            let whole = PixelRect(frame)
            elapsed += delay
            pending = (whole, encode(frame, whole, over: nil, palette), elapsed, 1)
        } else {
            try flush()
            elapsed += delay
            pending = (changed, encode(frame, changed, over: previous, palette), elapsed, 1)
        }
        self.previous = frame
    }

    /// The GIF file: header, screen descriptor, color table, loop extension, the frames, trailer.
    public mutating func finish() throws(GIFError) -> [UInt8] {
        try flush()
        guard frameCount > 0, let palette else { throw GIFError("no frames") }
        var gif: [UInt8] = Array("GIF89a".utf8)
        gif.reserveCapacity(output.count + 1024)
        Self.put16(width, &gif)
        Self.put16(height, &gif)
        // Global color table of 2^(size + 1) entries, 8 bits of color resolution.
        let entries = palette.colors.count + 1
        var size = 0
        while 1 << (size + 1) < entries { size += 1 }
        gif += [0x80 | 0x70 | UInt8(size), palette.transparentIndex, 0]
        for i in 0..<(1 << (size + 1)) {
            let color = i < palette.colors.count ? palette.colors[i] : 0
            gif += [UInt8(color >> 16), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
        }
        if plays != 1 {
            gif += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
            Self.put16(plays == 0 ? 0 : min(plays - 1, 65_535), &gif)
            gif.append(0)
        }
        gif += output
        gif.append(0x3B)
        return gif
    }

    /// Writes the pending frame: Graphic Control Extension, Image Descriptor, image data.
    private mutating func flush() throws(GIFError) {
        guard let frame = pending, let palette else { return }
        pending = nil
        let endCentiseconds = Int((frame.end * 100).rounded())
        var delay = max(0, endCentiseconds - writtenCentiseconds)
        writtenCentiseconds = max(writtenCentiseconds, endCentiseconds)
        var rect = frame.rect, data = frame.data, disposal = frame.disposal
        repeat {
            let part = min(delay, Self.maxCentiseconds)
            delay -= part
            // The rest of an over-long delay rides on one-pixel frames that change nothing.
            let last = delay == 0
            output += [0x21, 0xF9, 4, (last ? disposal : 1) << 2 | 1]
            Self.put16(part, &output)
            output += [palette.transparentIndex, 0, 0x2C]
            for value in [rect.x, rect.y, rect.width, rect.height] { Self.put16(value, &output) }
            output.append(0)
            output += data
            frameCount += 1
            if !last {
                rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
                data = []
                lzw.encode([palette.transparentIndex], into: &data)
                disposal = frame.disposal
            }
        } while delay > 0
    }

    /// Whether a pixel of `rect` is opaque enough to show in `old` but transparent in `new`.
    private static func clears(_ old: Pixmap, _ new: Pixmap, in rect: PixelRect) -> Bool {
        for y in rect.y..<rect.y + rect.height {
            var i = (y * new.width + rect.x) * 4 + 3
            for _ in 0..<rect.width {
                if old.data[i] >= 128 && new.data[i] < 128 { return true }
                i += 4
            }
        }
        return false
    }

    /// The LZW image data of `rect` of `frame`: palette indices, transparent where the pixel is under 50 % alpha or
    /// (given `over`, the frame before) unchanged.
    private mutating func encode(_ frame: Pixmap, _ rect: PixelRect, over old: Pixmap?, _ palette: GIFPalette)
        -> [UInt8]
    {
        let transparent = palette.transparentIndex
        var indices = [UInt8](repeating: transparent, count: rect.width * rect.height)
        // Fills `indices` from `pixels`, leaving transparent what `before` (if any) already shows. Charts are runs
        // of one color, so a pixel equal to the one before reuses its index.
        func fill(_ pixels: UnsafeBufferPointer<UInt32>, _ before: UnsafeBufferPointer<UInt32>?) {
            var k = 0
            var last: UInt32 = 0, lastIndex = transparent
            indices.withUnsafeMutableBufferPointer { indices in
                for y in rect.y..<rect.y + rect.height {
                    let row = y * frame.width
                    for x in rect.x..<rect.x + rect.width {
                        let pixel = pixels[row + x]
                        if pixel >> 24 >= 128 && before?[row + x] != pixel {
                            if pixel != last {
                                last = pixel
                                lastIndex = index(of: pixel, palette)
                            }
                            indices[k] = lastIndex
                        }
                        k += 1
                    }
                }
            }
        }
        frame.data.withUnsafeBytes { raw in
            let pixels = raw.assumingMemoryBound(to: UInt32.self)
            if let old {
                old.data.withUnsafeBytes { fill(pixels, $0.assumingMemoryBound(to: UInt32.self)) }
            } else {
                fill(pixels, nil)
            }
        }
        var data: [UInt8] = []
        lzw.encode(indices, into: &data)
        return data
    }

    /// The palette index of a premultiplied pixel, through the direct-mapped cache.
    private mutating func index(of pixel: UInt32, _ palette: GIFPalette) -> UInt8 {
        let slot = Int((pixel &* 0x9E37_79B1) >> 16)
        if cacheFilled[slot] && cacheKeys[slot] == pixel { return cacheIndices[slot] }
        let index = palette.nearest(GIFPalette.flatten(pixel, onto: palette.matte))
        cacheKeys[slot] = pixel
        cacheIndices[slot] = index
        cacheFilled[slot] = true
        return index
    }

    private static func put16(_ value: Int, _ bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }
}
