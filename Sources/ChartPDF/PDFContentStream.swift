import ChartScene

/// One content stream being written — the page's, or a transparency group's — with the graphics state it has set
/// so far, so that a colour, alpha or line style is written only when it changes (ISO 32000-1 §8.4, operators in
/// Annex A). Coordinates are CSS px in the page's y-down user space, written to hundredths like the SVG's.
struct PDFContentStream {
    /// What the stream has set; nil where it is unknown (at the start, and after painting through a pattern). The
    /// alphas are known to be 1 at the start of the page and of a transparency group (ISO 32000-1 §11.6.6).
    struct State: Equatable {
        var fill: Color?
        var stroke: Color?
        var alpha: Int? = PDFResources.alphaSteps
        var lineWidth: Int64?
        var join: LineJoin?
        var cap: LineCap?
        var miterLimit: Int64?
        var dash: Dash?
    }

    /// A dash pattern as written: lengths and phase in hundredths of a CSS px (empty lengths: solid).
    struct Dash: Equatable {
        var lengths: [Int64]
        var phase: Int64
    }

    var bytes: [UInt8] = []
    private var state = State()
    private var saved: [State] = []

    init(capacity: Int = 1 << 12) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends operator text (with its operands) as it is, then a newline.
    mutating func op(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        bytes.append(0x0A)
    }

    /// Appends `text` (a name and operator built at run time, e.g. `/GS2 gs`), then a newline.
    mutating func op(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x0A)
    }

    /// `q`: saves the graphics state (the tracked one too).
    mutating func save() {
        op("q")
        saved.append(state)
    }

    /// `Q`: restores the graphics state saved by the matching `save`.
    mutating func restore() {
        op("Q")
        state = saved.popLast() ?? State()
    }

    @inline(__always)
    mutating func number(_ value: Double) {
        PDFNumber.append(value, decimals: 2, to: &bytes)
        bytes.append(0x20)
    }

    @inline(__always)
    mutating func point(_ p: Point) {
        number(p.x)
        number(p.y)
    }

    /// Appends the coordinates of `points` (one to three) and the operator `op` with a newline, gathered in one
    /// buffer and appended at once: path segments are most of a content stream, and with one append per number
    /// writing them took 1.8 times as long.
    @inline(__always)
    private mutating func segment(_ a: Point, _ b: Point? = nil, _ c: Point? = nil, op: StaticString) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6 * (PDFNumber.maxLength + 1) + 4) { buffer in
            guard let base = buffer.baseAddress else { return }
            var n = 0
            @inline(__always) func coordinate(_ v: Double) {
                n += PDFNumber.write(scaled: PDFNumber.scaled(v, decimals: 2), decimals: 2, into: base + n)
                base[n] = 0x20
                n += 1
            }
            coordinate(a.x)
            coordinate(a.y)
            if let b {
                coordinate(b.x)
                coordinate(b.y)
            }
            if let c {
                coordinate(c.x)
                coordinate(c.y)
            }
            (base + n).update(from: op.utf8Start, count: op.utf8CodeUnitCount)
            n += op.utf8CodeUnitCount
            base[n] = 0x0A
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: n + 1))
        }
    }

    /// The subpaths of `path` (§8.5.2): quadratic Béziers raised to cubics (control points at 2/3 of the way from
    /// each end to the quadratic's control point), a segment without a current point starting where the rasterizer's
    /// flattener starts it (the origin, or where the last subpath ended), a lone move drawn as a zero-length line so
    /// round and square caps draw the dot the rasterizer draws.
    mutating func path(_ path: Path) {
        var current = Point.zero, start = Point.zero
        var open = false, segments = 0
        func begin(at p: Point) {
            if open && segments == 0 { segment(current, op: "l") }
            segment(p, op: "m")
            start = p
            current = p
            open = true
            segments = 0
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                begin(at: p)
            case .line(let p):
                if !open { begin(at: current) }
                segment(p, op: "l")
                current = p
                segments += 1
            case .quad(let c, let p):
                if !open { begin(at: current) }
                segment(current + (c - current) * (2.0 / 3.0), p + (c - p) * (2.0 / 3.0), p, op: "c")
                current = p
                segments += 1
            case .cubic(let c1, let c2, let p):
                if !open { begin(at: current) }
                segment(c1, c2, p, op: "c")
                current = p
                segments += 1
            case .close:
                guard open else { continue }
                op("h")
                current = start
                open = false
            }
        }
        if open && segments == 0 { segment(current, op: "l") }
    }

    /// `re`: a rectangle subpath.
    mutating func rect(_ r: Rect) {
        point(Point(r.x, r.y))
        number(r.width)
        number(r.height)
        op("re")
    }

    /// Sets the fill colour's RGB (`rg`); its alpha is set with `alpha`.
    mutating func fillColor(_ color: Color) {
        setColor(color, \.fill, op: "rg")
    }

    /// Sets the stroke colour's RGB (`RG`).
    mutating func strokeColor(_ color: Color) {
        setColor(color, \.stroke, op: "RG")
    }

    private mutating func setColor(_ color: Color, _ tracked: WritableKeyPath<State, Color?>, op name: StaticString) {
        var rgb = color
        rgb.alpha = 255
        guard state[keyPath: tracked] != rgb else { return }
        for v in [rgb.red, rgb.green, rgb.blue] {
            bytes.append(contentsOf: Self.unitBytes[Int(v)])
            bytes.append(0x20)
        }
        op(name)
        state[keyPath: tracked] = rgb
    }

    /// `v / 255` for every byte, to 3 decimals (enough to read back the same byte).
    private static let unitBytes: [[UInt8]] = (0..<256).map { v in
        var out: [UInt8] = []
        PDFNumber.append(Double(v) / 255, decimals: 3, to: &out)
        return out
    }

    /// Sets fill and stroke alpha through a graphics state from `resources`.
    mutating func alpha(_ alpha: Double, resources: inout PDFResources) {
        let key = PDFResources.alphaKey(alpha)
        guard state.alpha != key else { return }
        op("/\(resources.alphaState(alpha)) gs")
        state.alpha = key
    }

    /// Records that a graphics state setting alpha 1 (a soft mask's) was just set by the caller.
    mutating func alphaWasReset() {
        state.alpha = PDFResources.alphaSteps
    }

    /// Records that the fill and stroke colours were set by the caller (to a pattern).
    mutating func colorsWereChanged() {
        state.fill = nil
        state.stroke = nil
    }

    /// Sets line width, join, cap, miter limit and dash pattern (§8.4.3) as the rasterizer strokes them: the miter
    /// limit is at least 1 (a non-finite one the default 4); a dash pattern with a negative or non-finite entry, no
    /// positive length, or a non-finite offset is drawn solid; an odd count is repeated to make it even, and the
    /// phase is the offset taken modulo the pattern's length (SVG's stroke-dasharray and stroke-dashoffset).
    mutating func lineStyle(_ style: StrokeStyle) {
        let width = PDFNumber.scaled(style.width, decimals: 2)
        if state.lineWidth != width {
            PDFNumber.append(scaled: width, decimals: 2, to: &bytes)
            bytes.append(0x20)
            op("w")
            state.lineWidth = width
        }
        if state.join != style.join {
            switch style.join {
            case .miter: op("0 j")
            case .round: op("1 j")
            case .bevel: op("2 j")
            }
            state.join = style.join
        }
        if state.cap != style.cap {
            switch style.cap {
            case .butt: op("0 J")
            case .round: op("1 J")
            case .square: op("2 J")
            }
            state.cap = style.cap
        }
        if style.join == .miter {
            let limit = PDFNumber.scaled(style.miterLimit.isFinite ? max(style.miterLimit, 1) : 4, decimals: 2)
            if state.miterLimit != limit {
                PDFNumber.append(scaled: limit, decimals: 2, to: &bytes)
                bytes.append(0x20)
                op("M")
                state.miterLimit = limit
            }
        }
        let dash = Self.dash(style)
        if state.dash != dash {
            bytes.append(UInt8(ascii: "["))
            for (i, length) in dash.lengths.enumerated() {
                if i > 0 { bytes.append(0x20) }
                PDFNumber.append(scaled: length, decimals: 2, to: &bytes)
            }
            bytes.append(contentsOf: "] ".utf8)
            PDFNumber.append(scaled: dash.phase, decimals: 2, to: &bytes)
            bytes.append(0x20)
            op("d")
            state.dash = dash
        }
    }

    private static func dash(_ style: StrokeStyle) -> Dash {
        let pattern = style.dash
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }), style.dashOffset.isFinite else {
            return Dash(lengths: [], phase: 0)
        }
        let even = pattern.count % 2 == 0 ? pattern : pattern + pattern
        let total = even.reduce(0, +)
        guard total > 0, total.isFinite else { return Dash(lengths: [], phase: 0) }
        var phase = style.dashOffset.truncatingRemainder(dividingBy: total)
        if phase < 0 { phase += total }
        let lengths = even.map { PDFNumber.scaled($0, decimals: 2) }
        // All zero once written (a pattern finer than the hundredths it is written in) is an error in PDF (§8.4.3.6).
        guard lengths.contains(where: { $0 > 0 }) else { return Dash(lengths: [], phase: 0) }
        return Dash(lengths: lengths, phase: PDFNumber.scaled(phase, decimals: 2))
    }
}
