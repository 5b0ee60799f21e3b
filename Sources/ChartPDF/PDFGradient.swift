import ChartScene

/// A linear gradient as PDF functions of the gradient parameter t in 0…1 — its colour (straight RGB) and its alpha —
/// for an axial shading (ISO 32000-1 §8.7.4.5.3) with both ends extended, as the scene's gradients are padded with
/// their end colours.
///
/// It reproduces the rasterizer's `GradientRamp`: stops sorted by offset (non-finite ones dropped), the first stop's
/// colour up to its offset and the last one's from its offset on, and interpolation in premultiplied RGB, as CSS
/// and canvas do (a fade to transparent does not darken). The alpha is linear between stops, so it is exactly a
/// type 3 stitching function of type 2 linear pieces (§7.10.3, §7.10.4); so is the colour when the alpha is the
/// same everywhere. PDF interpolates straight colour, though, with a soft mask carrying the alpha: where the alpha
/// changes, the straight colour premultiplied(t) / alpha(t) is a ratio of linear functions, which chords
/// approximate badly near a transparent end (16 chords per segment were still 1.7 levels off). There the colour is
/// a type 0 sampled function (§7.10.2) of 256 samples at t = i / 255, the rasterizer's own ramp resolution.
struct PDFGradient {
    /// One linear piece over [t0, t1]: straight RGBA (0…1) at each end.
    struct Piece: Equatable {
        var t0: Double
        var t1: Double
        var start: SIMD4<Double>
        var end: SIMD4<Double>
    }

    /// Samples of the colour function when the alpha varies.
    static let sampleCount = 256

    /// Adjacent pieces covering 0…1 in order; empty when the gradient has no stop (it paints nothing).
    let pieces: [Piece]
    /// The stops, sorted, without non-finite offsets.
    private let stops: [GradientStop]

    init(_ stops: [GradientStop]) {
        let sorted = stops.filter { $0.offset.isFinite }.sorted { $0.offset < $1.offset }
        self.stops = sorted
        guard let first = sorted.first, let last = sorted.last else {
            pieces = []
            return
        }
        var pieces: [Piece] = []
        if first.offset > 0 {
            let c = Self.rgba(first.color)
            pieces.append(Piece(t0: 0, t1: min(first.offset, 1), start: c, end: c))
        }
        for (s0, s1) in zip(sorted, sorted.dropFirst()) where s1.offset > s0.offset {
            let lo = max(s0.offset, 0), hi = min(s1.offset, 1)
            guard hi > lo else { continue }
            // The ends of the part inside 0…1 (straight colours interpolate linearly when the alphas are equal, and
            // only the alpha is read from pieces otherwise).
            let a = Self.rgba(s0.color), b = Self.rgba(s1.color)
            func at(_ t: Double) -> SIMD4<Double> { a + (b - a) * ((t - s0.offset) / (s1.offset - s0.offset)) }
            pieces.append(Piece(t0: lo, t1: hi, start: at(lo), end: at(hi)))
        }
        if last.offset < 1 {
            let c = Self.rgba(last.color)
            pieces.append(Piece(t0: max(last.offset, 0), t1: 1, start: c, end: c))
        }
        // A piece narrower than the bounds' resolution (6 decimals) would give a stitching function two equal
        // bounds; it is far below the 1/255 steps any renderer samples t in, so its neighbours take it over.
        let wide = pieces.filter { $0.t1 - $0.t0 >= 2e-6 }
        self.pieces = wide.isEmpty ? Array(pieces.prefix(1)) : wide
    }

    private static func rgba(_ c: Color) -> SIMD4<Double> {
        SIMD4(Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)) / 255
    }

    /// The alpha when it is the same everywhere, else nil (the gradient needs a soft mask).
    var constantAlpha: Double? {
        guard let alpha = pieces.first?.start.w else { return nil }
        return pieces.allSatisfy({ $0.start.w == alpha && $0.end.w == alpha }) ? alpha : nil
    }

    /// The straight colour and alpha at t = 1: what a zero-length gradient paints everywhere (as the rasterizer).
    var endColor: Color? {
        guard !stops.isEmpty else { return nil }
        let p = premultiplied(at: 1)
        func byte(_ v: Double) -> UInt8 { UInt8(min(max((v * 255).rounded(), 0), 255)) }
        guard p.w > 0 else { return .transparent }
        return Color(red: byte(p.x / p.w), green: byte(p.y / p.w), blue: byte(p.z / p.w), alpha: byte(p.w))
    }

    /// The colour function (three outputs, RGB) when the alpha is constant.
    var colorFunction: String { function { [$0.x, $0.y, $0.z] } }

    /// The alpha function (one output: the luminosity of a soft mask).
    var alphaFunction: String { function { [$0.w] } }

    /// The straight colour at t = i / 255 for i in 0..<256, as RGB bytes: the premultiplied ramp divided by its
    /// alpha. Where the alpha is 0 the colour is invisible; it is taken from the nearest visible sample, so the
    /// reader's interpolation between samples does not drag a stray colour into the visible side.
    var colorSamples: [UInt8] {
        let n = Self.sampleCount
        var colors = [SIMD3<Double>?](repeating: nil, count: n)
        for i in 0..<n {
            let p = premultiplied(at: Double(i) / Double(n - 1))
            if p.w > 0 { colors[i] = SIMD3(p.x, p.y, p.z) / p.w }
        }
        var last: SIMD3<Double>?
        for i in 0..<n { if let c = colors[i] { last = c } else { colors[i] = last } }
        last = nil
        for i in stride(from: n - 1, through: 0, by: -1) { if let c = colors[i] { last = c } else { colors[i] = last } }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(3 * n)
        for c in colors {
            let v = c ?? .zero
            for channel in [v.x, v.y, v.z] { bytes.append(UInt8(min(max((channel * 255).rounded(), 0), 255))) }
        }
        return bytes
    }

    /// The dictionary entries of the sampled colour function's stream (`colorSamples` its data).
    static let sampledFunctionEntries = "/FunctionType 0 /Domain [0 1] /Range [0 1 0 1 0 1] /Size [\(sampleCount)] "
        + "/BitsPerSample 8"

    /// Premultiplied RGBA (0…1) at t, as the rasterizer's ramp computes it.
    private func premultiplied(at t: Double) -> SIMD4<Double> {
        func pm(_ c: Color) -> SIMD4<Double> {
            let v = Self.rgba(c)
            return SIMD4(v.x * v.w, v.y * v.w, v.z * v.w, v.w)
        }
        guard let first = stops.first, let last = stops.last else { return .zero }
        if t <= first.offset { return pm(first.color) }
        if t >= last.offset { return pm(last.color) }
        var k = 1
        while k < stops.count - 1 && stops[k].offset < t { k += 1 }
        let s0 = stops[k - 1], s1 = stops[k]
        let span = s1.offset - s0.offset
        let f = span > 0 ? (t - s0.offset) / span : 1
        return pm(s0.color) + (pm(s1.color) - pm(s0.color)) * f
    }

    /// A type 2 function per piece with `components` of its end colours, stitched by a type 3 function when there
    /// are several.
    private func function(_ components: (SIMD4<Double>) -> [Double]) -> String {
        func values(_ v: SIMD4<Double>) -> String {
            components(v).map { PDFNumber.string($0, decimals: 4) }.joined(separator: " ")
        }
        let linear = pieces.map {
            "<</FunctionType 2 /Domain [0 1] /C0 [\(values($0.start))] /C1 [\(values($0.end))] /N 1>>"
        }
        guard linear.count > 1 else { return linear.first ?? "" }
        let bounds = pieces.dropFirst().map { PDFNumber.string($0.t0, decimals: 6) }.joined(separator: " ")
        let encode = Array(repeating: "0 1", count: pieces.count).joined(separator: " ")
        return "<</FunctionType 3 /Domain [0 1] /Functions [\(linear.joined(separator: " "))] /Bounds [\(bounds)] "
            + "/Encode [\(encode)]>>"
    }

    /// An axial shading of `function` in `colorSpace` from `start` to `end` (user space of the painting operator),
    /// extended beyond both ends.
    static func axialShading(colorSpace: String, function: String, start: Point, end: Point) -> String {
        let coords = [start.x, start.y, end.x, end.y].map { PDFNumber.string($0) }.joined(separator: " ")
        return "<</ShadingType 2 /ColorSpace /\(colorSpace) /Coords [\(coords)] /Function \(function) "
            + "/Extend [true true]>>"
    }
}
