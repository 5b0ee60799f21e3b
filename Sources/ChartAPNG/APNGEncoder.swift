public import ChartRaster
import CPNGWriter

/// Encodes a sequence of frames as an animated PNG (APNG 1.0, https://wiki.mozilla.org/APNG_Specification), keeping
/// only the previous frame's pixels and the compressed data of the frame not yet written.
///
/// The first frame is the default image (IDAT) and the first frame of the animation. Every later frame stores only
/// the rectangle in which it differs from the one before (`PixelRect.changed`) over the kept canvas
/// (`APNG_DISPOSE_OP_NONE`): blended over it (`APNG_BLEND_OP_OVER`) with its unchanged pixels transparent when its
/// changed pixels are opaque, else replacing it (`APNG_BLEND_OP_SOURCE`). A frame identical to the one before is not
/// stored at all, its delay is added to that frame's. Delays are written as exact fractions (`delay_num /
/// delay_den`, e.g. 1/30 s). Pixels are straight-alpha RGBA, compressed with the PNG encoder's chart-specialised
/// deflate (CPNGWriter). (RGB would make a single opaque frame 5 % smaller, but transparent unchanged pixels need
/// alpha, and they halve an animation: 262 KB instead of 533 KB for the standard chart, docs/benchmarks.md.)
public struct APNGEncoder {
    public let width: Int
    public let height: Int
    /// The acTL `num_plays`: how often the animation plays, 0 = forever.
    public let plays: Int

    /// The frame before the one being appended: what the changed rectangle is measured against.
    private var previous: Pixmap?
    /// The last frame appended, compressed but not yet written, so that identical frames after it can still lengthen
    /// its delay.
    private var pending: (rect: PixelRect, data: [UInt8], delay: Double, blend: UInt8)?
    /// fcTL and fdAT chunks after the IDAT, in order (the IDAT is in `defaultImage`).
    private var chunks: [UInt8] = []
    private var defaultImage: [UInt8] = []
    private var sequence: UInt32 = 0
    private var frameCount: UInt32 = 0

    /// The longest delay one frame can carry: `delay_num` is 16 bits, so 65,535 s with `delay_den` 1.
    static let maxDelay = 65_535.0

    public init(width: Int, height: Int, plays: Int) {
        self.width = width
        self.height = height
        self.plays = plays
    }

    /// Adds `frame`, shown for `delay` seconds (0 … 65,535; a delay is written as the simplest fraction with a
    /// denominator up to 1000 that is within a microsecond of it).
    public mutating func append(_ frame: Pixmap, delay: Double) throws(APNGError) {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw APNGError("image \(width) × \(height) is not 1 to 2^31 - 1 pixels each way")
        }
        guard frame.width == width, frame.height == height else {
            throw APNGError("frame \(frame.width) × \(frame.height) in a \(width) × \(height) animation")
        }
        guard delay >= 0, delay <= Self.maxDelay else { throw APNGError("frame delay \(delay) s is not 0…65,535 s") }
        guard let previous else {
            pending = (PixelRect(frame), try Self.deflate(frame, PixelRect(frame)), delay, 0)
            self.previous = frame
            return
        }
        guard let rect = PixelRect.changed(from: previous, to: frame) else {
            if let held = pending, held.delay + delay <= Self.maxDelay {
                pending?.delay += delay
                return
            }
            // Too long for one frame: a one-pixel frame that changes nothing carries the rest.
            try flush()
            let pixel = PixelRect(x: 0, y: 0, width: 1, height: 1)
            pending = (pixel, try Self.deflate(frame, pixel), delay, 0)
            return
        }
        try flush()
        // Blended over the frame before, unchanged pixels can be transparent (long runs deflate to almost nothing)
        // as long as the changed ones are opaque: a translucent one would blend with the old pixel.
        let over = frame.isOpaqueByConstruction || Self.isOpaque(frame, in: rect)
        pending = (rect, try Self.deflate(frame, rect, over: over ? previous : nil), delay, over ? 1 : 0)
        self.previous = frame
    }

    /// The APNG file: signature, IHDR, acTL, the frames, IEND. Throws when no frame was appended.
    public mutating func finish() throws(APNGError) -> [UInt8] {
        try flush()
        guard frameCount > 0 else { throw APNGError("no frames") }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(defaultImage.count + chunks.count + 128)
        var header: [UInt8] = []
        Self.put32(UInt32(width), &header)
        Self.put32(UInt32(height), &header)
        header += [8, 6, 0, 0, 0]  // 8-bit RGBA
        Self.chunk("IHDR", header, into: &png)
        var control: [UInt8] = []
        Self.put32(frameCount, &control)
        Self.put32(UInt32(clamping: plays), &control)
        Self.chunk("acTL", control, into: &png)
        png += defaultImage
        png += chunks
        Self.chunk("IEND", [], into: &png)
        return png
    }

    /// Writes the pending frame: its fcTL, then its data as the IDAT (the first frame) or an fdAT.
    private mutating func flush() throws(APNGError) {
        guard let (rect, data, delay, blend) = pending else { return }
        pending = nil
        guard data.count <= Int(Int32.max) - 4 else { throw APNGError("a frame's compressed data is over 2 GiB") }
        let (numerator, denominator) = Self.fraction(delay)
        var control: [UInt8] = []
        control.reserveCapacity(26)
        Self.put32(sequence, &control)
        for value in [rect.width, rect.height, rect.x, rect.y] { Self.put32(UInt32(value), &control) }
        control += [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF)]
        control += [0, blend]  // APNG_DISPOSE_OP_NONE, then APNG_BLEND_OP_SOURCE (0) or APNG_BLEND_OP_OVER (1)
        sequence += 1
        if frameCount == 0 {
            Self.chunk("fcTL", control, into: &defaultImage)
            Self.chunk("IDAT", data, into: &defaultImage)
        } else {
            Self.chunk("fcTL", control, into: &chunks)
            var body: [UInt8] = []
            body.reserveCapacity(data.count + 4)
            Self.put32(sequence, &body)
            body += data
            sequence += 1
            Self.chunk("fdAT", body, into: &chunks)
        }
        frameCount += 1
    }

    /// The zlib stream of `rect` of `frame` as PNG scanlines; pixels equal to `over`'s transparent.
    private static func deflate(_ frame: Pixmap, _ rect: PixelRect, over previous: Pixmap? = nil)
        throws(APNGError) -> [UInt8]
    {
        var buffer = chart_png_buffer(data: nil, size: 0, capacity: 0)
        defer { chart_png_free(&buffer) }
        func write(_ old: UnsafePointer<UInt8>?) -> Int32 {
            frame.data.withUnsafeBytes { bytes in
                chart_png_deflate_rect(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), old,
                                       UInt32(frame.width), UInt32(rect.x), UInt32(rect.y), UInt32(rect.width),
                                       UInt32(rect.height), 4, 1, &buffer)
            }
        }
        let status = previous.map { old in
            old.data.withUnsafeBytes { write($0.baseAddress?.assumingMemoryBound(to: UInt8.self)) }
        } ?? write(nil)
        guard status == 0, let data = buffer.data else { throw APNGError("out of memory compressing a frame") }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }

    /// Whether every pixel of `rect` has alpha 255.
    private static func isOpaque(_ frame: Pixmap, in rect: PixelRect) -> Bool {
        for y in rect.y..<rect.y + rect.height {
            var i = (y * frame.width + rect.x) * 4 + 3
            for _ in 0..<rect.width {
                if frame.data[i] != 255 { return false }
                i += 4
            }
        }
        return true
    }

    /// `seconds` as `delay_num / delay_den`: the smallest denominator up to 1000 that gives it within 1 µs (1/30 s
    /// is 1/30 exactly), else milliseconds; whole seconds when milliseconds would overflow 16 bits.
    static func fraction(_ seconds: Double) -> (UInt16, UInt16) {
        for denominator in 1...1000 {
            let numerator = (seconds * Double(denominator)).rounded()
            if numerator > 65_535 { break }
            if abs(numerator / Double(denominator) - seconds) < 1e-6 {
                return (UInt16(numerator), UInt16(denominator))
            }
        }
        let milliseconds = (seconds * 1000).rounded()
        if milliseconds <= 65_535 { return (UInt16(milliseconds), 1000) }
        return (UInt16(min(seconds.rounded(), 65_535)), 1)
    }

    private static func put32(_ value: UInt32, _ bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// Appends a PNG chunk: length, type, data, CRC-32 of type and data.
    private static func chunk(_ type: StaticString, _ data: [UInt8], into png: inout [UInt8]) {
        put32(UInt32(data.count), &png)
        let start = png.count
        type.withUTF8Buffer { png += $0 }
        png += data
        let crc = png.withUnsafeBufferPointer { all in
            chart_crc32(0, all.baseAddress.map { $0 + start }, png.count - start)
        }
        put32(crc, &png)
    }
}
