import ChartRaster
import ChartRender
import ChartScene
import ChartSpec
import Testing

/// A full ring is one smooth band in PNG: nothing marks twelve o'clock, where the arc starts and ends.
struct RingSeamTests {
    /// The pixels of `json` as the PNG backend rasterizes them, before encoding.
    func pixels(_ json: String) throws -> Pixmap {
        let renderer = ChartRenderer.shared
        return try Rasterizer().render(renderer.scene(for: try ChartSpec.parse(Array(json.utf8))), scale: 1)
    }

    /// The ink at (x, y): how far its red channel is from the white background, 0…1.
    func ink(_ p: Pixmap, _ x: Int, _ y: Int) -> Double {
        1 - Double(p.pixel(x: x, y: y)?.r ?? 255) / 255
    }

    /// The ring is centered on (100, 100), so its top (twelve o'clock) mirrors its bottom (y ↔ 199 − y) and its left
    /// side (x ↔ y). An open full turn meeting itself at twelve o'clock doubled the coverage of the antialiased edge
    /// pixels there (0.36 more ink than at six o'clock); drawn closed, the top matches the other sides.
    @Test(arguments: [1.0, 1.4])
    func twelveOClockLooksLikeTheRestOfTheRing(value: Double) throws {
        let p = try pixels(#"""
        {"type": "ring", "width": 200, "height": 200, "axes": false, "series": [{"values": [\#(value)]}],
         "ring": {"thickness": 0.3, "label": "none"}}
        """#)
        var ringPixels = 0
        for y in 0..<50 {
            for x in 80..<120 {
                if ink(p, x, y) > 0.5 { ringPixels += 1 }
                #expect(abs(ink(p, x, y) - ink(p, x, 199 - y)) < 0.03, "(\(x), \(y)) against six o'clock")
                #expect(abs(ink(p, x, y) - ink(p, y, x)) < 0.03, "(\(x), \(y)) against nine o'clock")
            }
        }
        #expect(ringPixels > 500, "the window covers the ring's band")
    }
}
