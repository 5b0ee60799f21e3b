import Testing
@testable import ChartRaster

/// The packed-pixel arithmetic every blitter uses, against the per-channel definition.
struct PixelMathTests {
    @Test func scaleRoundsEveryChannelLikeDiv255() {
        for s in UInt32(0)...255 {
            for c in UInt32(0)...255 {
                // Four different channel values per pixel, so lanes that leaked into each other would show.
                let channels = [c, 255 - c, (c * 7) & 0xFF, (c * 13 + 5) & 0xFF]
                let p = PixelMath.pack(channels[0], channels[1], channels[2], channels[3])
                let expected = PixelMath.pack(PixelMath.div255(channels[0] * s), PixelMath.div255(channels[1] * s),
                                              PixelMath.div255(channels[2] * s), PixelMath.div255(channels[3] * s))
                if PixelMath.scale(p, by: s) != expected {
                    Issue.record("scale(\(String(p, radix: 16)), \(s))")
                    return
                }
            }
        }
    }

    @Test(arguments: [0, 1, 3, 4, 5, 9])
    func blendOfASpanEqualsOverPerPixel(count: Int) {
        for src in [PixelMath.pack(10, 20, 30, 40), PixelMath.pack(0, 0, 0, 0), PixelMath.pack(200, 100, 50, 255),
                    PixelMath.pack(127, 0, 127, 128)] {
            var row: [UInt32] = []
            for i in 0..<count {
                let r = UInt32(i * 29 % 256), g = UInt32(i * 53 % 256), b = UInt32(i * 71 % 256)
                row.append(PixelMath.pack(r, g, b, 255))
            }
            let expected = row.map { PixelMath.over(src, $0) }
            row.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress { PixelMath.blend(src, over: base, count: count) }
            }
            #expect(row == expected)
        }
    }

    /// The four-pixel SIMD step against `over` for every source alpha and every byte value in every channel (lanes
    /// that leaked into each other, or an even/odd byte mix-up, would show), with and without the transparent skip.
    @Test(arguments: [false, true])
    func blendOfFourPixelGroupsEqualsOverPerPixel(skippingTransparent: Bool) {
        var dst: [UInt32] = []
        for c in UInt32(0)...255 {
            dst.append(PixelMath.pack(c, 255 - c, (c * 7) & 0xFF, (c * 13 + 5) & 0xFF))
        }
        for a in UInt32(0)...255 {
            // A premultiplied source with alpha a: channels ≤ a.
            let src = PixelMath.pack(a / 2, a, a / 3, a)
            var row = dst
            row.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress {
                    PixelMath.blend(src, over: base, count: buffer.count, skippingTransparent: skippingTransparent)
                }
            }
            if row != dst.map({ PixelMath.over(src, $0) }) {
                Issue.record("blend of alpha \(a) differs from over")
                return
            }
        }
    }

    /// Rows over QuickChart's transparent background: groups of four that are wholly transparent, groups with one
    /// transparent pixel among painted ones, runs starting on a transparent or a painted pixel, a tail of 1–3.
    @Test(arguments: [false, true])
    func blendOverPartlyTransparentRowsEqualsOverPerPixel(skippingTransparent: Bool) {
        let painted = PixelMath.pack(40, 80, 120, 200)
        let patterns: [[UInt32]] = [
            Array(repeating: 0, count: 11),
            [0, 0, 0, 0, painted, 0, 0, 0, 0, 0, 0, painted, 0, 0],
            [0, 0, 0, painted, 0, 0, 0, 0, painted, painted, painted, painted, 0],
            [painted, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, painted, 0, 0, painted, 0, painted, 0, 0, 0, 0, 0, 0, 0, 0, 0, painted],
        ]
        for src in [PixelMath.pack(10, 20, 30, 40), PixelMath.pack(127, 0, 127, 128), PixelMath.pack(1, 1, 1, 1)] {
            for pattern in patterns {
                var row = pattern
                row.withUnsafeMutableBufferPointer { buffer in
                    if let base = buffer.baseAddress {
                        PixelMath.blend(src, over: base, count: buffer.count, skippingTransparent: skippingTransparent)
                    }
                }
                #expect(row == pattern.map { PixelMath.over(src, $0) })
            }
        }
    }
}
