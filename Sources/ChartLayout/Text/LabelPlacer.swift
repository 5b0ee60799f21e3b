import ChartScene

/// The one placement pass for free-standing labels (annotation labels, lead-change labels, value bubbles, bar value
/// labels, pie percentages): each label offers candidate boxes in order of preference and gets the first that stays
/// ≥ `margin` px inside the canvas and overlaps no placed label, marker, bar, axis, series line, or — when any
/// candidate can — grid line. A bar's own value label may lie on that bar (inside its end, or centered in a stacked
/// segment); no label lies on any other bar.
/// A label with no such candidate is dropped (the caller draws nothing) rather than drawn over something.
///
/// Obstacles come from the scene built so far (`addObstacles(in:)`): texts and visible point marks as boxes, the
/// rectangles of `.bar` groups as bar boxes (kept apart so a value label can skip its own bar), series lines and
/// axis lines as segments (curves flattened into `curveSteps` chords), grid lines as soft segments. Boxes, bars
/// and segments are bucketed by `column`-px columns (`ColumnIndex`), so a query tests only those near the candidate:
/// a decimated series (at most two points per pixel) or 2,000 dots and lead-change labels cost a few tests per
/// candidate, never a scan of everything placed.
struct LabelPlacer {
    /// How far inside the canvas a label stays.
    static let margin = 4.0
    /// Chords per quadratic or cubic piece when flattening curves (a label clears them by a pixel or two).
    static let curveSteps = 8
    /// Width of a segment bucket in px.
    static let column = 16.0

    /// The area labels must stay in: the canvas inset by `margin`.
    let bounds: Rect
    /// Boxes of placed labels and markers.
    private var boxes = ColumnIndex<Rect>()
    /// Bounds of drawn bars (one per `.bar` group; the bulk shape of a series too long for per-bar groups is not).
    private var bars = ColumnIndex<Rect>()
    private var lines = SegmentColumns()
    private var grid = SegmentColumns()

    init(canvas: Rect) {
        bounds = canvas.insetBy(Self.margin)
    }

    /// A placer around the frame's decorations and a kind's `marks` (the plot group).
    init(frame: CartesianFrame, marks: Node, ctx: LayoutContext) {
        self.init(canvas: ctx.canvas)
        addObstacles(in: frame.decorations + [marks], metrics: ctx.metrics)
    }

    /// Adds everything already drawn in `nodes` as obstacles: every text's box, every visible shape of a `.point`
    /// group (dots, lead-change rings), every bar of a `.bar` group, the strokes of `.seriesLine` groups and axis
    /// lines as segments, and `.grid` strokes as soft segments. Invisible hit targets and areas are not obstacles.
    mutating func addObstacles(in nodes: [Node], metrics: any TextMeasuring) {
        func walk(_ nodes: [Node], role: Role?) {
            for node in nodes {
                switch node {
                case .text(let run): addBox(TextBox(run, metrics: metrics).bounds)
                case .group(let g): walk(g.children, role: g.role ?? role)
                case .hitTarget: break  // invisible
                case .shape(let shape):
                    switch role {
                    case .point?:
                        if !shape.isInvisible, let box = shape.path.controlBounds { addBox(box) }
                    case .bar?:
                        if let box = shape.path.controlBounds { bars.add(box, from: box.minX, to: box.maxX) }
                    // A label keeps a pixel of air beside a series line's stroke, and stays off axis and grid strokes.
                    case .seriesLine?: lines.add(shape.path, pad: shape.strokeStyle.width / 2 + 1)
                    case .xAxis?, .yAxis?, .y2Axis?: lines.add(shape.path, pad: shape.strokeStyle.width / 2)
                    case .grid?: grid.add(shape.path, pad: shape.strokeStyle.width / 2)
                    default: break
                    }
                }
            }
        }
        walk(nodes, role: nil)
    }

    /// Adds `box` (a marker or a label placed elsewhere) as an obstacle.
    mutating func addBox(_ box: Rect) { boxes.add(box, from: box.minX, to: box.maxX) }

    /// Adds the segments of `path` (a reference line, stroked `width` px wide) as obstacles.
    mutating func addLine(_ path: Path, width: Double) { lines.add(path, pad: width / 2) }

    /// The index of the first of `candidates` that fits, registered as an obstacle for later labels; nil when none
    /// fits. Each candidate is a box to keep clear of everything and a part of it (a bubble's body without its
    /// pointer) to keep clear of lines. Candidates clear of grid lines win over those that are not. `ownBar` (the
    /// bounds of the bar a value label belongs to) is the one bar the candidates may overlap.
    mutating func place(_ candidates: [(box: Rect, body: Rect)], ownBar: Rect? = nil) -> Int? {
        for soft in [true, false] {
            if let i = candidates.firstIndex(where: {
                fits($0.box, body: $0.body, avoidingGrid: soft, ownBar: ownBar)
            }) {
                addBox(candidates[i].box)
                return i
            }
        }
        return nil
    }

    /// A text label to place: its positions in order of preference (runs of one text) and its width.
    typealias Label = (runs: [TextRun], width: Double)

    /// The first of `label`'s runs that fits, registered; nil when none does. `ownBar`: as in `place(_:ownBar:)`.
    mutating func place(_ label: Label, metrics: any TextMeasuring, ownBar: Rect? = nil) -> TextRun? {
        let boxes = label.runs.map { TextBox($0, width: label.width, metrics: metrics).bounds }
        return place(boxes.map { ($0, $0) }, ownBar: ownBar).map { label.runs[$0] }
    }

    private func fits(_ box: Rect, body: Rect, avoidingGrid: Bool, ownBar: Rect?) -> Bool {
        box.minX >= bounds.minX && box.maxX <= bounds.maxX && box.minY >= bounds.minY && box.maxY <= bounds.maxY
            && !boxes.contains(from: box.minX, to: box.maxX) { Self.overlap($0, box) }
            && !bars.contains(from: box.minX, to: box.maxX) { Self.overlap($0, box) && !Self.same($0, ownBar) }
            && !lines.crosses(body) && !(avoidingGrid && grid.crosses(body))
    }

    /// Whether `bar` (a drawn bar's path bounds) is `own` (the rectangle it was drawn from): edges equal up to the
    /// rounding of recomputing a width from two edges.
    private static func same(_ bar: Rect, _ own: Rect?) -> Bool {
        guard let own else { return false }
        let e = 1e-6
        return abs(bar.minX - own.minX) < e && abs(bar.maxX - own.maxX) < e && abs(bar.minY - own.minY) < e
            && abs(bar.maxY - own.maxY) < e
    }

    /// Whether two boxes share area (touching edges do not count).
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}

/// Items bucketed by the `LabelPlacer.column`-px columns their x range covers, so a query near one x looks only at
/// the items there.
struct ColumnIndex<Item> {
    private var items: [Item] = []
    /// The items of column `first + i` at `columns[i]`: a dense run of buckets grown at either end as items arrive
    /// (a chart's columns are a few hundred; coordinates are clamped to ±1e6 px, so at most 125,001 buckets).
    private var columns: [[Int32]] = []
    private var first = 0

    /// Adds `item`, which spans x from `minX` to `maxX`.
    mutating func add(_ item: Item, from minX: Double, to maxX: Double) {
        guard minX.isFinite, maxX.isFinite else { return }
        let n = Int32(truncatingIfNeeded: items.count)
        items.append(item)
        let lo = Self.column(minX), hi = Self.column(max(minX, maxX))
        reserve(lo, hi)
        for c in lo...hi { columns[c - first].append(n) }
    }

    /// Whether an item in the columns from `minX` to `maxX` satisfies `test`.
    func contains(from minX: Double, to maxX: Double, where test: (Item) -> Bool) -> Bool {
        guard minX.isFinite, maxX.isFinite, !columns.isEmpty else { return false }
        let lo = max(Self.column(minX), first), hi = min(Self.column(max(minX, maxX)), first + columns.count - 1)
        guard lo <= hi else { return false }
        for c in lo...hi {
            for n in columns[c - first] where test(items[Int(n)]) { return true }
        }
        return false
    }

    /// Grows `columns` so that columns `lo…hi` have buckets.
    private mutating func reserve(_ lo: Int, _ hi: Int) {
        if columns.isEmpty {
            first = lo
            columns = Array(repeating: [], count: hi - lo + 1)
            return
        }
        if lo < first {
            columns.insert(contentsOf: Array(repeating: [], count: first - lo), at: 0)
            first = lo
        }
        if hi >= first + columns.count {
            columns.append(contentsOf: Array(repeating: [], count: hi - first - columns.count + 1))
        }
    }

    private static func column(_ x: Double) -> Int {
        Int((min(max(x, -1e6), 1e6) / LabelPlacer.column).rounded(.down))
    }
}

/// Line segments in a `ColumnIndex`, for box queries along a long polyline. Each segment has a pad: how far from it a
/// box must stay (half its stroke width, and any air wanted beside it).
struct SegmentColumns {
    private var segments = ColumnIndex<(a: Point, b: Point, pad: Double)>()

    /// Adds the pieces of `path` with `pad`, curves flattened into `LabelPlacer.curveSteps` chords, closes as lines
    /// back to the subpath's start.
    mutating func add(_ path: Path, pad: Double) {
        var start = Point(0, 0), pen = Point(0, 0)
        for e in path.elements {
            switch e {
            case .move(let p): start = p; pen = p
            case .line(let p): add(pen, p, pad); pen = p
            case .close: add(pen, start, pad); pen = start
            case .quad(let c, let p):
                chords(pen, p, pad) { t in
                    let u = 1 - t
                    return pen * (u * u) + c * (2 * u * t) + p * (t * t)
                }
                pen = p
            case .cubic(let c1, let c2, let p):
                chords(pen, p, pad) { t in
                    let u = 1 - t
                    return pen * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
                }
                pen = p
            }
        }
    }

    private mutating func chords(_ from: Point, _ to: Point, _ pad: Double, _ at: (Double) -> Point) {
        var previous = from
        for step in 1...LabelPlacer.curveSteps {
            let q = step == LabelPlacer.curveSteps ? to : at(Double(step) / Double(LabelPlacer.curveSteps))
            add(previous, q, pad)
            previous = q
        }
    }

    private mutating func add(_ a: Point, _ b: Point, _ pad: Double) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        segments.add((a, b, pad), from: min(a.x, b.x) - pad, to: max(a.x, b.x) + pad)
    }

    /// Whether any segment (with its pad) passes through the interior of `box`.
    func crosses(_ box: Rect) -> Bool {
        guard box.width > 0, box.height > 0 else { return false }
        return segments.contains(from: box.minX, to: box.maxX) { s in Self.crosses(s.a, s.b, box.insetBy(-s.pad)) }
    }

    /// Segment–rectangle intersection by Liang–Barsky clipping (Liang & Barsky 1984, "A new concept and method for
    /// line clipping"): the segment a + t·(b − a), t ∈ [0, 1], is cut against each of the four slabs; it meets the
    /// box when the remaining interval is non-empty. The box is shrunk by a hundredth of a pixel so a line exactly
    /// along a label's edge does not count.
    static func crosses(_ a: Point, _ b: Point, _ box: Rect) -> Bool {
        let r = box.insetBy(0.01)
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        /// Cuts [t0, t1] to where p·t ≤ q; false when nothing is left.
        func clip(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            return t0 <= t1
        }
        return clip(-dx, a.x - r.minX) && clip(dx, r.maxX - a.x) && clip(-dy, a.y - r.minY) && clip(dy, r.maxY - a.y)
    }
}
