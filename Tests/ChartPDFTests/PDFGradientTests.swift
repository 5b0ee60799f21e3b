import ChartScene
import Testing
@testable import ChartPDF

/// The PDF functions reproduce the rasterizer's gradient ramp: premultiplied interpolation between sorted stops,
/// end colours padded, evaluated here as a PDF reader evaluates the stitched linear pieces.
struct PDFGradientTests {
    /// Premultiplied RGBA (0…1) at t, computed from the stops as CSS defines it (the rasterizer's GradientRamp).
    static func reference(_ stops: [GradientStop], at t: Double) -> SIMD4<Double> {
        let sorted = stops.filter { $0.offset.isFinite }.sorted { $0.offset < $1.offset }
        func pm(_ c: Color) -> SIMD4<Double> {
            let a = Double(c.alpha) / 255
            return SIMD4(Double(c.red) / 255 * a, Double(c.green) / 255 * a, Double(c.blue) / 255 * a, a)
        }
        guard let first = sorted.first, let last = sorted.last else { return .zero }
        if t <= first.offset { return pm(first.color) }
        if t >= last.offset { return pm(last.color) }
        var k = 1
        while k < sorted.count - 1 && sorted[k].offset < t { k += 1 }
        let s0 = sorted[k - 1], s1 = sorted[k]
        let f = s1.offset > s0.offset ? (t - s0.offset) / (s1.offset - s0.offset) : 1
        return pm(s0.color) + (pm(s1.color) - pm(s0.color)) * f
    }

    /// What a reader paints at t: the alpha from the piece containing t, interpolated linearly; the colour from the
    /// same piece when the alpha is constant, else from the 256 samples, interpolated linearly (§7.10.2); colour
    /// times alpha.
    static func painted(_ gradient: PDFGradient, at t: Double) -> SIMD4<Double> {
        let piece = gradient.pieces.first { t <= $0.t1 } ?? gradient.pieces.last!
        let f = piece.t1 > piece.t0 ? (t - piece.t0) / (piece.t1 - piece.t0) : 0
        var c = piece.start + (piece.end - piece.start) * min(max(f, 0), 1)
        if gradient.constantAlpha == nil {
            let samples = gradient.colorSamples
            let x = t * 255, i = min(Int(x), 254), w = x - Double(i)
            for k in 0..<3 {
                c[k] = (Double(samples[3 * i + k]) * (1 - w) + Double(samples[3 * i + 3 + k]) * w) / 255
            }
        }
        return SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
    }

    static let cases: [[GradientStop]] = [
        [GradientStop(offset: 0, color: Color(rgb: 0xFF0000)), GradientStop(offset: 1, color: Color(rgb: 0x0000FF))],
        // A fade to transparent black: premultiplied, it stays red.
        [GradientStop(offset: 0, color: Color(rgb: 0xFF0000, alpha: 200)), GradientStop(offset: 1, color: .transparent)],
        // Alpha and colour both change: the ratio the pieces approximate.
        [GradientStop(offset: 0.2, color: Color(rgb: 0x00FF00, alpha: 255)),
         GradientStop(offset: 0.7, color: Color(rgb: 0xFF00FF, alpha: 20))],
        // Unsorted, duplicate offsets (a hard edge), offsets outside 0…1, a non-finite one.
        [GradientStop(offset: 0.5, color: Color(rgb: 0x00FF00)), GradientStop(offset: -0.5, color: Color(rgb: 0xFF0000)),
         GradientStop(offset: 0.5, color: Color(rgb: 0x0000FF)), GradientStop(offset: 1.5, color: Color(rgb: 0xFFFFFF, alpha: 0)),
         GradientStop(offset: .nan, color: .black)],
        // One stop; all at one offset.
        [GradientStop(offset: 0.3, color: Color(rgb: 0x123456, alpha: 99))],
        [GradientStop(offset: 0.6, color: Color(rgb: 0x111111)), GradientStop(offset: 0.6, color: Color(rgb: 0xEEEEEE))],
    ]

    @Test(arguments: cases)
    func piecesReproduceThePremultipliedRamp(stops: [GradientStop]) {
        let gradient = PDFGradient(stops)
        #expect(gradient.pieces.first?.t0 == 0 && gradient.pieces.last?.t1 == 1)
        for (a, b) in zip(gradient.pieces, gradient.pieces.dropFirst()) { #expect(a.t1 == b.t0 && a.t1 > a.t0) }
        // Sample away from hard edges: within one ramp step (1/255) of a stop's offset the sampled colour, like the
        // rasterizer's ramp, blurs a hard edge.
        for i in 0...1000 {
            let t = Double(i) / 1000
            guard !stops.contains(where: { abs($0.offset - t) < 1.0 / 255 }) else { continue }
            let want = Self.reference(stops, at: t), got = Self.painted(gradient, at: t)
            let error = want - got
            // Within one 8-bit level in every premultiplied channel (the samples are bytes of straight colour).
            #expect(max(abs(error.x), abs(error.y), abs(error.z), abs(error.w)) * 255 < 1, "t = \(t)")
        }
    }

    @Test func constantAlphaNeedsNoMask() {
        #expect(PDFGradient(Self.cases[0]).constantAlpha == 1)
        #expect(PDFGradient(Self.cases[1]).constantAlpha == nil)
        #expect(PDFGradient([]).pieces.isEmpty)
    }

    @Test func twoStopsAreOneLinearFunction() {
        #expect(PDFGradient(Self.cases[0]).colorFunction == "<</FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1>>")
    }

    @Test func severalPiecesAreStitched() {
        let stops = [GradientStop(offset: 0.25, color: .black), GradientStop(offset: 0.75, color: .white)]
        #expect(PDFGradient(stops).colorFunction == "<</FunctionType 3 /Domain [0 1] /Functions ["
            + "<</FunctionType 2 /Domain [0 1] /C0 [0 0 0] /C1 [0 0 0] /N 1>> "
            + "<</FunctionType 2 /Domain [0 1] /C0 [0 0 0] /C1 [1 1 1] /N 1>> "
            + "<</FunctionType 2 /Domain [0 1] /C0 [1 1 1] /C1 [1 1 1] /N 1>>] /Bounds [0.25 0.75] /Encode [0 1 0 1 0 1]>>")
    }
}
