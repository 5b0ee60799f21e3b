public import ChartRaster

/// The one color table of an animated GIF: up to 255 colors plus a transparent index, built from a representative
/// frame (the renderer passes the finished chart, which holds every paint of the scene), and the mapping of a pixel
/// to its entry.
///
/// When the frame has at most 255 colors (after flattening onto `matte`), they are the palette and the frame is
/// exact. Otherwise the most frequent colors are kept exactly — flat fills, lines and text cores, which is where
/// the scene's paints are — and the rest of the table holds blends of the most frequent paints with the background
/// (for fades and antialiased edges); every other color maps to its nearest entry in RGB distance. No dithering, so
/// flat fills stay flat. Deterministic: ties in frequency go to the smaller RGB value.
public struct GIFPalette: Sendable {
    /// Colors as 0xRRGGBB; `transparentIndex` follows them.
    public let colors: [UInt32]
    /// The color a translucent pixel is flattened onto (0xRRGGBB).
    public let matte: UInt32

    /// The most colors kept exactly when there are too many for the table.
    static let exactColors = 192
    /// Paints whose blends with the background fill the rest of the table, and the blend steps of each.
    static let blendedPaints = 9
    static let blendSteps = 7

    /// A palette for frames like `frame`, translucent pixels flattened onto `matte` (0xRRGGBB).
    public init(frame: Pixmap, matte: UInt32) {
        self.matte = matte
        var counts: [UInt32: Int] = [:]
        frame.data.withUnsafeBytes { raw in
            let pixels = raw.assumingMemoryBound(to: UInt32.self)
            var last: UInt32 = 0, run = 0
            for pixel in pixels where pixel >> 24 >= 128 {
                let color = Self.flatten(pixel, onto: matte)
                if color == last && run > 0 { run += 1; continue }
                if run > 0 { counts[last, default: 0] += run }
                last = color
                run = 1
            }
            if run > 0 { counts[last, default: 0] += run }
        }
        let ranked = counts.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.map(\.key)
        if ranked.count <= 255 {
            colors = ranked.isEmpty ? [matte] : ranked
            return
        }
        var table = Array(ranked.prefix(Self.exactColors))
        let background = table[0]
        for paint in table.dropFirst().prefix(Self.blendedPaints) {
            for step in 1...Self.blendSteps {
                let blend = Self.mix(paint, background, Double(step) / Double(Self.blendSteps + 1))
                if !table.contains(blend) { table.append(blend) }
            }
        }
        colors = Array(table.prefix(255))
    }

    /// The index of the transparent entry: right after the colors.
    public var transparentIndex: UInt8 { UInt8(colors.count) }

    /// The opaque RGB of a premultiplied pixel over `matte`: c + matte · (1 − α) (Porter–Duff source-over).
    static func flatten(_ pixel: UInt32, onto matte: UInt32) -> UInt32 {
        let a = pixel >> 24
        if a == 255 { return (pixel & 0xFF) << 16 | (pixel >> 8 & 0xFF) << 8 | (pixel >> 16 & 0xFF) }
        let inverse = 255 - a
        func channel(_ premultiplied: UInt32, _ under: UInt32) -> UInt32 {
            min(255, premultiplied + (under * inverse + 127) / 255)
        }
        return channel(pixel & 0xFF, matte >> 16) << 16 | channel(pixel >> 8 & 0xFF, matte >> 8 & 0xFF) << 8
            | channel(pixel >> 16 & 0xFF, matte & 0xFF)
    }

    /// `a` · w + `b` · (1 − w), channel by channel, rounded.
    static func mix(_ a: UInt32, _ b: UInt32, _ w: Double) -> UInt32 {
        var result: UInt32 = 0
        for shift in [16, 8, 0] as [UInt32] {
            let value = Double(a >> shift & 0xFF) * w + Double(b >> shift & 0xFF) * (1 - w)
            result |= UInt32(value.rounded()) << shift
        }
        return result
    }

    /// The entry nearest `color` (0xRRGGBB) in squared RGB distance, the first on ties.
    func nearest(_ color: UInt32) -> UInt8 {
        var best = 0, bestDistance = Int.max
        let r = Int(color >> 16), g = Int(color >> 8 & 0xFF), b = Int(color & 0xFF)
        for (i, entry) in colors.enumerated() {
            let dr = r - Int(entry >> 16), dg = g - Int(entry >> 8 & 0xFF), db = b - Int(entry & 0xFF)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                best = i
                bestDistance = distance
                if distance == 0 { break }
            }
        }
        return UInt8(best)
    }
}
