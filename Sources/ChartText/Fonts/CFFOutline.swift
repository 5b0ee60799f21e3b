import ChartScene
import CHarfBuzz

/// Glyph outlines of PostScript-flavoured faces (`CFF `/`CFF2` tables, `.otf`), drawn by HarfBuzz.
///
/// HarfBuzz 6.0's `hb_font_get_glyph_shape` runs the face's Type 2 charstrings (subroutines, hints skipped) with its
/// own bounds and operator limits, and calls back move/line/quadratic/cubic/close in font units (the `HarfBuzzFace`
/// scale is unitsPerEm); the callbacks append to a `Path`, whose cubic segments every backend draws. The same call
/// draws TrueType glyphs, which is how the tests compare it against our own `GlyphReader`.
///
/// A hostile charstring cannot make a path grow without bound: past `maximumElements` segments the glyph draws as
/// nothing.
enum CFFOutline {
    /// Most path elements one glyph may have; real CJK glyphs have a few hundred.
    static let maximumElements = 20_000

    /// `glyph`'s outline in font units (y up), empty when the face has no such glyph or it is over the limit.
    static func path(of glyph: UInt16, in face: HarfBuzzFace) -> Path {
        let sink = PathSink()
        let data = Unmanaged.passUnretained(sink).toOpaque()
        withExtendedLifetime(sink) {
            hb_font_get_glyph_shape(face.font, hb_codepoint_t(glyph), DrawFunctions.shared.funcs, data)
        }
        return sink.overflowed ? Path() : sink.path
    }

    /// `path` (a CFF glyph in font units) fake-bolded by `strength` font units: its control polygon offset as
    /// `SyntheticBold.embolden` offsets a TrueType outline's (FreeType's `FT_Outline_EmboldenXY` works on cubic
    /// control polygons the same way), the segments kept as they were. The closing line back to a contour's start
    /// that HarfBuzz emits is dropped first (a zero-length edge has no direction); `close` draws it.
    static func emboldened(_ path: Path, strength: Double) -> Path {
        var elements: [PathElement] = []
        var start: Point?
        for (i, element) in path.elements.enumerated() {
            switch element {
            case .move(let p): start = p
            case .line(let p):
                let closesNext = i + 1 < path.elements.count && path.elements[i + 1] == .close
                if closesNext && p == start { continue }
            default: break
            }
            elements.append(element)
        }
        var contours: [[GlyphOutline.Point]] = [], current: [GlyphOutline.Point] = []
        func on(_ p: Point) -> GlyphOutline.Point { GlyphOutline.Point(x: p.x, y: p.y, onCurve: true) }
        func off(_ p: Point) -> GlyphOutline.Point { GlyphOutline.Point(x: p.x, y: p.y, onCurve: false) }
        for element in elements {
            switch element {
            case .move(let p):
                if !current.isEmpty { contours.append(current) }
                current = [on(p)]
            case .line(let p): current.append(on(p))
            case .quad(let c, let p): current += [off(c), on(p)]
            case .cubic(let c1, let c2, let p): current += [off(c1), off(c2), on(p)]
            case .close:
                if !current.isEmpty { contours.append(current) }
                current = []
            }
        }
        if !current.isEmpty { contours.append(current) }
        let bold = SyntheticBold.embolden(GlyphOutline(contours: contours, declaredBounds: nil), strength: strength)
        guard bold.contours.map(\.count) == contours.map(\.count) else { return path }
        // The same segments over the moved points, in order.
        var points = bold.contours.joined().makeIterator()
        func next() -> Point { points.next().map { Point($0.x, $0.y) } ?? Point(0, 0) }
        var out = Path()
        for element in elements {
            switch element {
            case .move: out.move(to: next())
            case .line: out.line(to: next())
            case .quad:
                let c = next()
                out.quad(to: next(), control: c)
            case .cubic:
                let c1 = next(), c2 = next()
                out.cubic(to: next(), control1: c1, control2: c2)
            case .close: out.close()
            }
        }
        return out
    }

    /// Collects the callbacks of one glyph.
    private final class PathSink {
        var path = Path()
        var overflowed = false

        @inline(__always)
        func add(_ element: () -> Void) {
            guard !overflowed else { return }
            guard path.elements.count < CFFOutline.maximumElements else {
                overflowed = true
                return
            }
            element()
        }
    }

    /// The immutable `hb_draw_funcs_t` shared by every call (HarfBuzz allows an immutable one on any thread).
    private final class DrawFunctions: @unchecked Sendable {
        static let shared = DrawFunctions()
        let funcs: OpaquePointer?

        private init() {
            let funcs = hb_draw_funcs_create()
            hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
                guard let sink = CFFOutline.sink(data) else { return }
                sink.add { sink.path.move(to: Point(Double(x), Double(y))) }
            }, nil, nil)
            hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
                guard let sink = CFFOutline.sink(data) else { return }
                sink.add { sink.path.line(to: Point(Double(x), Double(y))) }
            }, nil, nil)
            hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
                guard let sink = CFFOutline.sink(data) else { return }
                sink.add { sink.path.quad(to: Point(Double(x), Double(y)), control: Point(Double(cx), Double(cy))) }
            }, nil, nil)
            hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
                guard let sink = CFFOutline.sink(data) else { return }
                sink.add {
                    sink.path.cubic(to: Point(Double(x), Double(y)), control1: Point(Double(c1x), Double(c1y)),
                                    control2: Point(Double(c2x), Double(c2y)))
                }
            }, nil, nil)
            hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
                guard let sink = CFFOutline.sink(data) else { return }
                sink.add { sink.path.close() }
            }, nil, nil)
            hb_draw_funcs_make_immutable(funcs)
            self.funcs = funcs
        }
    }

    private static func sink(_ data: UnsafeMutableRawPointer?) -> PathSink? {
        data.map { Unmanaged<PathSink>.fromOpaque($0).takeUnretainedValue() }
    }
}
