/// What drawing a scene will cost, measured on the scene alone before any backend runs: the numbers a render
/// budget is checked against (`ChartRender.RenderBudget`). Each is an upper-bound estimate of the work a backend does
/// in proportion to it, cheap to compute (one walk over the nodes, no flattening).
public struct SceneCost: Sendable, Equatable {
    /// Who a cost belongs to, so a refusal can name what to reduce.
    public enum Owner: Hashable, Sendable, Comparable {
        /// Series `k` (its line, area, points, bars, value label, legend swatch, ring or pie).
        case series(Int)
        /// Annotation `i`.
        case annotation(Int)
        /// Everything else: axes, grid, titles, legend text, background.
        case chart
    }

    /// The part of the cost one owner is responsible for.
    public struct Share: Sendable, Equatable {
        public var segments = 0
        public var dashes = 0
        public var coveredArea = 0.0
        /// `outlineLength` and `edgeSpan` of the owner's shapes.
        public var outlineLength = 0.0
        public var edgeSpan = 0.0

        public init() {}

        mutating func add(_ other: Share) {
            segments += other.segments
            dashes += other.dashes
            coveredArea += other.coveredArea
            outlineLength += other.outlineLength
            edgeSpan += other.edgeSpan
        }
    }

    /// Path elements, a curve weighted by `curveWeight` (the chords a rasterizer flattens it into, roughly).
    public var segments = 0
    /// Dashes that stroked paths are cut into (scale-independent; sub-pixel patterns should be resolved first).
    public var dashes = 0
    /// Unicode scalars of text runs: glyphs to shape, place and draw.
    public var glyphs = 0
    /// Nodes of the display list (shapes, text runs, groups).
    public var nodes = 0
    /// UTF-8 bytes of tooltips (SVG `<title>` elements).
    public var tooltipBytes = 0
    /// The area painted, in CSS px² (× scale² for device pixels): each fill's bounding box, each stroke's length ×
    /// width or its bounding box if smaller, clipped to the canvas. Paint and compositing work is proportional.
    public var coveredArea = 0.0
    /// The outlines' total Manhattan length (a stroke counts both sides), in CSS px: a scan converter touches
    /// about this many cells per device pixel of scale (`CoverageBand`'s accumulation is per row crossed).
    public var outlineLength = 0.0
    /// Σ over shapes of (outline edges × the shape's height), in CSS px: a band scan converter looks at every edge
    /// of a shape once per band the shape spans, so this / band height × scale is the edge visits.
    public var edgeSpan = 0.0
    /// Stroked shapes whose dash period is under `FineDashes.minimumPeriod` (counted here as the solid lines
    /// `Scene.resolvingFineDashes` turns them into).
    public var fineDashedShapes = 0
    /// Shares of series `k` (index k), of annotation `i`, and of the rest.
    private var seriesShares: [Share] = []
    private var annotationShares: [Share] = []
    private var chartShare = Share()

    /// How many chords a curve counts as.
    public static let curveWeight = 16

    /// The cost of `scene`.
    /// The cost of `scene`. Without `geometry` (for outputs that are not rasterized here: SVG, JSON) only counts
    /// are taken and the areas and outline lengths stay 0, except what dashes need: a third of the time.
    public init(of scene: Scene, geometry: Bool = true) {
        self.geometry = geometry
        let canvas = Rect(x: 0, y: 0, width: max(0, scene.width), height: max(0, scene.height))
        walk(scene.nodes, owner: .chart, canvas: canvas)
    }

    /// Whether areas and outline lengths were measured.
    public let geometry: Bool

    /// The same quantities per owner (only owners that drew something).
    public var shares: [Owner: Share] {
        var out: [Owner: Share] = [.chart: chartShare]
        for (k, share) in seriesShares.enumerated() { out[.series(k)] = share }
        for (i, share) in annotationShares.enumerated() { out[.annotation(i)] = share }
        return out
    }

    private mutating func walk(_ nodes: [Node], owner: Owner, canvas: Rect) {
        for node in nodes {
            self.nodes += 1
            switch node {
            case .group(let group):
                tooltipBytes += group.tooltip?.utf8Count ?? 0
                walk(group.children, owner: group.role.flatMap(Self.owner(of:)) ?? owner, canvas: canvas)
            case .hitTarget(let target):
                // As its group: the group, its tooltip and its transparent circle (counted without building the
                // path unless areas are measured).
                self.nodes += 1
                tooltipBytes += target.tooltip.utf8Count
                let added: Share
                if geometry {
                    added = cost(of: target.shape, canvas: canvas)
                } else {
                    var counted = Share()
                    counted.segments = Self.circleSegments
                    added = counted
                }
                add(added, owner: .series(target.series))
            case .text(let run):
                glyphs += run.text.unicodeScalars.count
            case .shape(let shape):
                add(cost(of: shape, canvas: canvas), owner: owner)
            }
        }
    }

    /// Adds one shape's cost to the totals and to `owner`'s share.
    private mutating func add(_ added: Share, owner: Owner) {
        segments += added.segments
        dashes += added.dashes
        coveredArea += added.coveredArea
        outlineLength += added.outlineLength
        edgeSpan += added.edgeSpan
        switch owner {
        case .chart: chartShare.add(added)
        case .series(let k): Self.add(added, at: k, to: &seriesShares)
        case .annotation(let i): Self.add(added, at: i, to: &annotationShares)
        }
    }

    /// The segments of `Path.circle` (four cubics and a close) without its area: a hit target's in a count-only cost.
    static let circleSegments = 4 * curveWeight + 1

    private static func add(_ share: Share, at index: Int, to shares: inout [Share]) {
        guard index >= 0, index < 1 << 20 else { return }
        if index >= shares.count { shares.append(contentsOf: repeatElement(Share(), count: index + 1 - shares.count)) }
        shares[index].add(share)
    }

    /// One shape's cost, from one pass over its path.
    private mutating func cost(of shape: Shape, canvas: Rect) -> Share {
        if !geometry && (shape.stroke == nil || shape.strokeStyle.dash.isEmpty) {
            var share = Share()
            for element in shape.path.elements {
                switch element {
                case .move: break
                case .line, .close: share.segments += 1
                case .quad, .cubic: share.segments += Self.curveWeight
                }
            }
            return share
        }
        var count = 0
        var length = 0.0
        var manhattan = 0.0
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var current = Point(0, 0), start = Point(0, 0)
        func taxi(_ a: Point, _ b: Point) -> Double { abs(b.x - a.x) + abs(b.y - a.y) }
        func bound(_ p: Point) {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        for element in shape.path.elements {
            switch element {
            case .move(let p):
                bound(p)
                current = p
                start = p
            case .line(let p):
                bound(p)
                count += 1
                length += current.distance(to: p)
                manhattan += taxi(current, p)
                current = p
            case .quad(let c, let p):
                bound(c)
                bound(p)
                count += Self.curveWeight
                length += current.distance(to: c) + c.distance(to: p)
                manhattan += taxi(current, c) + taxi(c, p)
                current = p
            case .cubic(let c1, let c2, let p):
                bound(c1)
                bound(c2)
                bound(p)
                count += Self.curveWeight
                length += current.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: p)
                manhattan += taxi(current, c1) + taxi(c1, c2) + taxi(c2, p)
                current = p
            case .close:
                count += 1
                length += current.distance(to: start)
                manhattan += taxi(current, start)
                current = start
            }
        }
        if !length.isFinite { length = 0 }
        if !manhattan.isFinite { manhattan = 0 }
        var share = Share()
        share.segments = count
        guard minX <= maxX, minY <= maxY else { return share }
        let w = min(maxX, canvas.width) - max(minX, 0), h = min(maxY, canvas.height) - max(minY, 0)
        let box = w.isFinite && h.isFinite ? max(w, 0) * max(h, 0) : 0
        let height = h.isFinite ? max(h, 0) : 0
        var edges = 0.0
        if shape.fill != nil {
            share.coveredArea += box
            share.outlineLength += manhattan
            edges += Double(count)
        }
        let width = shape.strokeStyle.width
        if shape.stroke != nil, width.isFinite, width > 0 {
            share.outlineLength += 2 * manhattan
            edges += 2 * Double(count)
            share.coveredArea += min(box + 2 * width * (canvas.width + canvas.height), length * (width + 1))
            let dash = shape.strokeStyle.dash
            if FineDashes.dutyCycle(of: dash) != nil {
                fineDashedShapes += 1
            } else if !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 }) {
                let even = dash.count % 2 == 0 ? dash : dash + dash
                let period = even.reduce(0, +)
                if period > 0 {
                    let periods = (length / period).rounded(.up)
                    let cut = min(periods * Double(even.count / 2), Double(1 << 40))  // sums of these cannot overflow
                    share.dashes = Int(cut)
                    // Each dash is a contour of its own: two sides, two caps (a round cap is an arc of chords).
                    edges += cut * (shape.strokeStyle.cap == .butt ? 4 : 2 * Double(Self.curveWeight))
                    share.outlineLength += cut * 2 * width
                }
            }
        }
        share.edgeSpan = edges * height
        return share
    }

    /// The owner a group's role makes responsible for its content; nil keeps the enclosing owner.
    private static func owner(of role: Role) -> Owner? {
        switch role {
        case .series(let k), .seriesLine(let k), .seriesArea(let k), .legendItem(let k), .ringLabel(let k):
            .series(k)
        case .point(let k, _, _), .valueLabel(let k, _), .bar(let k, _, _, _): .series(k)
        case .ring(let k, _), .ringArc(let k, _): .series(k)
        case .pie, .slice, .sliceLabel: .series(0)
        case .annotation(let i): .annotation(i)
        case .background, .title, .legend, .xAxis, .yAxis, .y2Axis, .grid, .plot: nil
        }
    }
}

