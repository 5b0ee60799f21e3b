import ChartScene

/// 8-bit premultiplied pixel arithmetic on packed `UInt32` pixels (R in the low byte, as RGBA bytes load on a
/// little-endian machine). Two channels are processed per multiply with the 0x00FF00FF mask trick.
enum PixelMath {
    /// Packs premultiplied components.
    @inline(__always)
    static func pack(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
        r | g << 8 | b << 16 | a << 24
    }

    @inline(__always)
    static func unpack(_ p: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (UInt8(truncatingIfNeeded: p), UInt8(truncatingIfNeeded: p >> 8), UInt8(truncatingIfNeeded: p >> 16),
         UInt8(truncatingIfNeeded: p >> 24))
    }

    /// `x / 255` rounded, exact for 0…65025 (Blinn's trick).
    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// `v` clamped to 0…1, with NaN mapped to 0 (so no float-to-integer conversion can trap on it).
    @inline(__always)
    static func clamp01(_ v: Double) -> Double {
        v > 0 ? (v < 1 ? v : 1) : 0
    }

    /// A straight-alpha color premultiplied and packed, with `opacity` (0…1) folded into alpha.
    static func premultiplied(_ c: Color, opacity: Double = 1) -> UInt32 {
        let a = UInt32((Double(c.alpha) * clamp01(opacity)).rounded())
        return pack(div255(UInt32(c.red) * a), div255(UInt32(c.green) * a), div255(UInt32(c.blue) * a), a)
    }

    /// Every channel of `p` multiplied by `s / 255` (s in 0…255), rounded: `div255` per channel, with the four
    /// channels spread to 16-bit lanes of one 64-bit word (R, B low; G, A high) so one multiply does them all.
    @inline(__always)
    static func scale(_ p: UInt32, by s: UInt32) -> UInt32 {
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let wide = UInt64(p)
        var t = ((wide | wide << 24) & lanes) &* UInt64(s) &+ 0x0080_0080_0080_0080
        t = ((t &+ ((t >> 8) & lanes)) >> 8) & lanes
        return UInt32(truncatingIfNeeded: t | t >> 24)
    }

    /// Porter-Duff source-over of premultiplied `src` onto `dst`.
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let inv = 255 &- (src >> 24)
        return src &+ scale(dst, by: inv)
    }

    /// Source-over of one premultiplied color onto `count` pixels: plain stores when it is opaque, else four pixels
    /// per step in 16-bit SIMD lanes (the same rounding as `scale`, lane by lane), the rest one at a time. With
    /// `skippingTransparent`, a run that starts on a transparent pixel (QuickChart's default background) stores the
    /// source itself over every transparent group of four (`src + scale(0, ·)` is `src`); other runs do not test
    /// each group.
    @inline(__always)
    static func blend(_ src: UInt32, over row: UnsafeMutablePointer<UInt32>, count: Int,
                      skippingTransparent: Bool = false) {
        let inv = 255 &- (src >> 24)
        if inv == 0 {
            row.update(repeating: src, count: count)
            return
        }
        if inv == 255 { return }
        var i = 0
        if count >= 4 {
            let inv16 = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: inv))
            let source = unsafeBitCast(SIMD4<UInt32>(repeating: src), to: SIMD16<UInt8>.self)
            let raw = UnsafeMutableRawPointer(row)
            if skippingTransparent && row[0] == 0 {
                while i &+ 4 <= count {
                    let dst = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
                    let words = unsafeBitCast(dst, to: SIMD2<UInt64>.self)
                    let out = words[0] | words[1] == 0 ? source : quadOver(source, dst, inv16)
                    raw.storeBytes(of: out, toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                    i &+= 4
                }
            } else {
                while i &+ 4 <= count {
                    let dst = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
                    raw.storeBytes(of: quadOver(source, dst, inv16), toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                    i &+= 4
                }
            }
        }
        while i < count {
            row[i] = src &+ scale(row[i], by: inv)
            i &+= 1
        }
    }

    /// Four pixels' source-over: `source` (four copies of the premultiplied color) plus the 16 bytes of `dst`, read
    /// as eight 16-bit lanes, each multiplied by `inv / 255` rounded. The even bytes (R, B) are masked, the odd ones
    /// (G, A) shifted down — no widening conversion, which the compiler does not always inline.
    @inline(__always)
    static func quadOver(_ source: SIMD16<UInt8>, _ dst: SIMD8<UInt16>, _ inv16: SIMD8<UInt16>) -> SIMD16<UInt8> {
        // c·inv/255 rounded: t = c·inv + 128, then (t + t/256) / 256 (Blinn), exact in 16 bits; the odd bytes'
        // results are left in the high byte of their lane.
        var even = (dst & 0x00FF) &* inv16 &+ 128
        even = (even &+ (even &>> 8)) &>> 8
        var odd = (dst &>> 8) &* inv16 &+ 128
        odd = (odd &+ (odd &>> 8)) & 0xFF00
        return unsafeBitCast(even | odd, to: SIMD16<UInt8>.self) &+ source
    }
}
