import ChartScene

/// A gradient's stops sampled into 256 premultiplied colors, t = i / 255 (interpolated in premultiplied sRGB,
/// as CSS and canvas do, so a fade to transparent does not darken).
struct GradientRamp {
    let colors: [UInt32]

    init(stops: [GradientStop], opacity: Double) {
        let sorted = stops.filter { $0.offset.isFinite }.sorted { $0.offset < $1.offset }
        let op = PixelMath.clamp01(opacity)
        func premultiplied(_ c: Color) -> (Double, Double, Double, Double) {
            let a = Double(c.alpha) / 255 * op
            return (Double(c.red) * a, Double(c.green) * a, Double(c.blue) * a, a * 255)
        }
        var colors = [UInt32](repeating: 0, count: 256)
        if let first = sorted.first, let last = sorted.last {
            for i in 0..<256 {
                let t = Double(i) / 255
                var c: (Double, Double, Double, Double)
                if t <= first.offset {
                    c = premultiplied(first.color)
                } else if t >= last.offset {
                    c = premultiplied(last.color)
                } else {
                    var k = 1
                    while k < sorted.count - 1 && sorted[k].offset < t { k += 1 }
                    let s0 = sorted[k - 1], s1 = sorted[k]
                    let span = s1.offset - s0.offset
                    let f = span > 0 ? (t - s0.offset) / span : 1
                    let a = premultiplied(s0.color), b = premultiplied(s1.color)
                    c = (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f, a.3 + (b.3 - a.3) * f)
                }
                func byte(_ v: Double) -> UInt32 { UInt32(min(max(v.rounded(), 0), 255)) }
                let alpha = byte(c.3)
                colors[i] = PixelMath.pack(min(byte(c.0), alpha), min(byte(c.1), alpha), min(byte(c.2), alpha), alpha)
            }
        }
        self.colors = colors
    }
}
