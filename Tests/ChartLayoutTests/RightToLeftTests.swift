import ChartScene
import ChartSpec
import ChartText
import Testing
@testable import ChartLayout

/// Right-to-left charts (issue 17 item 5): `direction: "rtl"` puts the title and legend on the reading side and leaves
/// the plot alone; `mirrorAxes` reflects an axis-based chart's plot. Every chart kind is checked.
struct RightToLeftTests {
    let metrics = ApproximateMetrics()
    static let pad = LayoutStyle().padding

    /// One chart of every kind, titled, with a legend where the kind has one.
    static let kinds: [(name: String, spec: ChartSpec)] = {
        func spec(_ type: ChartType, _ values: [[Double?]] = [[3, 7, 4, 9], [5, 2, 8, 6]],
                  _ edit: (inout ChartSpec) -> Void = { _ in }) -> ChartSpec {
            var spec = makeSpec(values, names: ["מכירות", "Returns"], labels: ["א", "ב", "ג", "ד"])
            spec.type = type
            spec.title = "הכנסות 2026"
            spec.subtitle = "לפי רבעון"
            edit(&spec)
            return spec
        }
        let scatter = [Series(name: "א", xy: [(1, 2), (3, 5), (7, 4)]), Series(name: "Beta", xy: [(2, 6), (5, 1)])]
        return [
            ("line", spec(.line)),
            ("area", spec(.area)),
            ("bar", spec(.bar)),
            ("stacked bar", spec(.bar) { $0.bars.mode = .stacked }),
            ("horizontal bar", spec(.bar) { $0.bars.orientation = .horizontal }),
            ("scatter", spec(.scatter) { $0.series = scatter }),
            ("bubble", spec(.scatter) {
                $0.series = scatter
                $0.series[0].sizes = [4, 9, 16]
                $0.series[1].sizes = [1, 25]
            }),
            ("diff", spec(.diff)),
            ("lead changes", spec(.diff, [[3, 7, 4, 9, 2, 8], [5, 2, 8, 6, 7, 1]]) { $0.diff.labels = true }),
            ("pie", spec(.pie, [[5, 3, 2, 1]])),
            ("doughnut", spec(.doughnut, [[5, 3, 2, 1]])),
            ("ring row", spec(.ring, [[0.4], [0.7]])),
            ("ring concentric", spec(.ring, [[0.4], [0.7]]) { $0.ring.layout = .concentric }),
            ("progress ring", spec(.ring, [[0.4]]) { $0.series[0].name = "התקדמות" }),
            ("radar", spec(.radar)),
        ]
    }()

    static let kindNames = kinds.map(\.name)

    static func spec(_ name: String) -> ChartSpec {
        kinds.first { $0.name == name }?.spec ?? ChartSpec()
    }

    func texts(_ scene: Scene, under role: Role) -> [TextRun] {
        nodes(in: scene, under: role).compactMap { node -> TextRun? in if case .text(let t) = node { t } else { nil } }
    }

    func box(_ run: TextRun) -> Rect { TextBox(run, metrics: metrics).bounds }

    /// The top-level group with `role`, if any.
    func group(_ scene: Scene, _ role: Role) -> Group? {
        for case .group(let g) in scene.nodes where g.role == role { return g }
        return nil
    }

    /// The legend entries in series order: the box of the name and the bounds of the swatch.
    func legendEntries(_ scene: Scene) -> [(series: Int, text: Rect, swatch: Rect)] {
        var entries: [(Int, Rect, Rect)] = []
        scene.forEachNode { node, _ in
            guard case .group(let g) = node, case .legendItem(let k)? = g.role,
                  let text = g.children.lazy.compactMap({ n -> TextRun? in
                      if case .text(let t) = n { t } else { nil }
                  }).first
            else { return }
            let swatches = g.children.compactMap { n -> Rect? in
                if case .shape(let s) = n { s.path.controlBounds } else { nil }
            }
            guard let first = swatches.first else { return }
            let swatch = swatches.dropFirst().reduce(first) { $0.union($1) }
            entries.append((k, box(text), swatch))
        }
        return entries.sorted { $0.0 < $1.0 }
    }

    func withDirection(_ spec: ChartSpec, _ direction: TextDirection?, mirror: Bool? = nil) -> ChartSpec {
        var spec = spec
        spec.direction = direction
        spec.mirrorAxes = mirror
        return spec
    }

    /// A spec without `direction` reads in its locale's direction: Arabic, Persian and Hebrew right to left, the
    /// others left to right; an explicit `direction` wins. The layout follows (`ar-EG` lays out as `direction: rtl`).
    @Test func theLocaleGivesTheDirectionUnlessTheSpecSaysOne() {
        let cases: [(locale: String?, direction: TextDirection?, expected: TextDirection)] = [
            (nil, nil, .ltr), ("ar-EG", nil, .rtl), ("fa", nil, .rtl), ("he-IL", nil, .rtl), ("de-DE", nil, .ltr),
            ("ja-JP", nil, .ltr), ("ar-EG", .ltr, .ltr), ("de-DE", .rtl, .rtl),
        ]
        for c in cases {
            var spec = Self.spec("line")
            spec.locale = c.locale
            spec.direction = c.direction
            #expect(spec.readingDirection == c.expected, "\(c.locale ?? "nil") with \(String(describing: c.direction))")
        }
        var arabic = Self.spec("line")
        arabic.locale = "ar-EG"
        var rtl = arabic
        rtl.direction = .rtl
        #expect(ChartLayout.scene(for: arabic, metrics: metrics) == ChartLayout.scene(for: rtl, metrics: metrics))
        #expect(ChartLayout.scene(for: arabic, metrics: metrics)
                    != ChartLayout.scene(for: withDirection(arabic, .ltr), metrics: metrics))
    }

    /// Left to right stays exactly what it was: `direction: "ltr"` and `mirrorAxes: false` change no node.
    @Test(arguments: kindNames)
    func leftToRightIsUnchanged(kind: String) {
        let spec = Self.spec(kind)
        let before = ChartLayout.scene(for: spec, metrics: metrics)
        #expect(ChartLayout.scene(for: withDirection(spec, .ltr), metrics: metrics) == before)
        #expect(ChartLayout.scene(for: withDirection(spec, .ltr, mirror: false), metrics: metrics) == before)
        #expect(ChartLayout.scene(for: withDirection(spec, nil, mirror: false), metrics: metrics) == before)
    }

    /// Right to left: the title and subtitle end at the right padding (anchored at their end) and are the left-to-right
    /// header reflected; everything but the header, the legend and the order of side-by-side marks (ring rows,
    /// grouped bars) is the same scene.
    @Test(arguments: kindNames)
    func titleSitsOnTheReadingSide(kind: String) throws {
        let spec = Self.spec(kind)
        let ltr = ChartLayout.scene(for: spec, metrics: metrics)
        let rtl = ChartLayout.scene(for: withDirection(spec, .rtl), metrics: metrics)
        let header = texts(rtl, under: .title)
        #expect(header.map(\.text) == ["הכנסות 2026", "לפי רבעון"])
        for run in header {
            #expect(run.anchor == .end)
            #expect(abs(box(run).maxX - (spec.width - Self.pad)) < 1e-9, "\(kind): \(box(run))")
        }
        let mirrored = try #require(group(ltr, .title)).children.map(HorizontalMirror(axis: spec.width / 2).node)
        #expect(try #require(group(rtl, .title)).children == mirrored)
        if !["ring row", "bar"].contains(kind) {
            func plot(_ scene: Scene) -> [Node] {
                scene.nodes.filter {
                    if case .group(let g) = $0 { g.role != .title && g.role != .legend } else { true }
                }
            }
            #expect(plot(rtl) == plot(ltr), "\(kind): the plot must not move")
        }
    }

    /// Right to left: legend entries flow from the right (series 0 rightmost in its row), each swatch right of its
    /// name; nothing overlaps the plot and the header, and everything stays on the canvas.
    @Test(arguments: kindNames)
    func legendFlowsFromTheRight(kind: String) throws {
        let spec = Self.spec(kind)
        let rtl = ChartLayout.scene(for: withDirection(spec, .rtl), metrics: metrics)
        #expect(geometryProblems(rtl, metrics: metrics).isEmpty, "\(kind)")
        let entries = legendEntries(rtl)
        if group(rtl, .legend) != nil { #expect(entries.count >= 2, "\(kind)") }
        for entry in entries {
            #expect(entry.swatch.minX >= entry.text.maxX, "\(kind): swatch \(entry.swatch) left of \(entry.text)")
            #expect(entry.swatch.minX - entry.text.maxX <= 12, "\(kind): swatch far from its name")
        }
        for (a, b) in zip(entries, entries.dropFirst()) where abs(a.text.center.y - b.text.center.y) < 1 {
            #expect(b.swatch.maxX < a.text.minX, "\(kind): entry \(b.series) not left of entry \(a.series)")
        }
        let header = texts(rtl, under: .title).map(box) + entries.flatMap { [$0.text, $0.swatch] }
        if let plot = plotFrame(rtl) {
            for b in header { #expect(b.intersection(plot) == nil, "\(kind): \(b) overlaps the plot \(plot)") }
        }
        let legend = entries.flatMap { [$0.text, $0.swatch] }
        for title in texts(rtl, under: .title).map(box) {
            for b in legend { #expect(b.intersection(title) == nil, "\(kind): legend \(b) overlaps title \(title)") }
        }
    }

    /// A small canvas's one-row legend shares the title row: right to left, it sits at the left, apart from the title.
    @Test func smallCanvasLegendSharesTheTitleRowOnTheOtherSide() throws {
        var spec = withDirection(makeSpec([[3, 7, 4], [5, 6, 8]], names: ["א", "ב"], width: 375, height: 240), .rtl)
        spec.title = "מכירות"
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let title = try #require(texts(scene, under: .title).first.map(box))
        let entries = legendEntries(scene)
        #expect(entries.count == 2)
        for entry in entries {
            #expect(abs(entry.text.center.y - title.center.y) < title.height, "not on the title row")
            #expect(entry.swatch.maxX < title.minX)
        }
        #expect(entries.map(\.text.minX).min().map { $0 >= Self.pad - 1e-9 } == true)
    }

    /// `legend.position` left and right keep their literal sides, with or without a mirrored plot; a side column's
    /// entries are right-aligned in it, swatch on the right.
    @Test(arguments: [(LegendPosition.left, false), (.right, false), (.left, true), (.right, true)])
    func sideLegendKeepsItsLiteralSide(position: LegendPosition, mirror: Bool) throws {
        var spec = withDirection(Self.spec("line"), .rtl, mirror: mirror)
        spec.legendPosition = position
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let plot = try #require(plotFrame(scene))
        let entries = legendEntries(scene)
        #expect(entries.count == 2)
        for entry in entries {
            if position == .left {
                #expect(entry.swatch.maxX < plot.minX, "\(entry.swatch) not left of the plot \(plot)")
            } else {
                #expect(entry.text.minX > plot.maxX, "\(entry.text) not right of the plot \(plot)")
            }
            #expect(entry.swatch.minX >= entry.text.maxX)
        }
        let ends = entries.map(\.swatch.maxX)
        #expect(ends.allSatisfy { abs($0 - ends[0]) < 1 }, "column entries end at different x: \(ends)")
    }

    /// A row of ring gauges is read from the right: series 0 is the rightmost ring.
    @Test func ringRowStartsOnTheRight() {
        let centers = { (direction: TextDirection) -> [Double] in
            let scene = ChartLayout.scene(for: withDirection(Self.spec("ring row"), direction), metrics: metrics)
            var xs: [Int: Double] = [:]
            scene.forEachNode { node, _ in
                if case .group(let g) = node, case .ring(let k, let mark)? = g.role { xs[k] = mark.sector.center.x }
            }
            return xs.sorted { $0.key < $1.key }.map(\.value)
        }
        let ltr = centers(.ltr), rtl = centers(.rtl)
        #expect(ltr.count == 2 && ltr[0] < ltr[1])
        #expect(rtl == ltr.reversed())
    }

    /// Grouped vertical bars stand in reading order: right to left, series 0 is the rightmost bar of each group, as
    /// it is the rightmost legend entry; mirrored, the same. The categories keep their places unless mirrored.
    @Test(arguments: [(TextDirection.ltr, false), (.rtl, false), (.rtl, true), (.ltr, true)])
    func groupedBarsStandInReadingOrder(direction: TextDirection, mirror: Bool) throws {
        let spec = withDirection(Self.spec("bar"), direction, mirror: mirror)
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        var centers: [Int: [Int: Double]] = [:]  // category → series → bar centre x
        scene.forEachNode { node, _ in
            guard case .group(let g) = node, case .bar(let k, let c, _, _)? = g.role else { return }
            for case .shape(let s) in g.children {
                if let b = s.path.controlBounds { centers[c, default: [:]][k] = b.center.x }
            }
        }
        #expect(centers.count == 4)
        for (c, bars) in centers {
            let first = try #require(bars[0]), second = try #require(bars[1])
            #expect((first > second) == (direction == .rtl), "category \(c): series 0 at \(first), 1 at \(second)")
        }
        let legend = legendEntries(scene)
        #expect((legend[0].text.minX > legend[1].text.minX) == (direction == .rtl))
        let first = try #require(centers[0]?[0]), last = try #require(centers[3]?[0])
        #expect((first > last) == mirror, "categories run the wrong way")
    }

    /// `mirrorAxes`: the y axis and its labels on the right, x running right to left, the y title turned to read
    /// top to bottom on the right; the header still reads right to left and the canvas still holds everything.
    @Test(arguments: ["line", "area", "bar", "stacked bar", "scatter", "bubble", "diff", "lead changes"])
    func mirroredAxesRunRightToLeft(kind: String) throws {
        var spec = withDirection(Self.spec(kind), .rtl, mirror: true)
        spec.y.title = "ש״ח"
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        #expect(geometryProblems(scene, metrics: metrics).isEmpty)
        let yAxisLine = try #require(nodes(in: scene, under: .yAxis).lazy.compactMap { n -> Rect? in
            if case .shape(let s) = n { s.path.controlBounds } else { nil }
        }.first)
        let yTexts = texts(scene, under: .yAxis)
        #expect(yTexts.count >= 3)
        for run in yTexts { #expect(box(run).minX >= yAxisLine.maxX, "y label \(run.text) left of the axis") }
        #expect(yAxisLine.minX > spec.width / 2, "the y axis is not on the right")
        let title = try #require(yTexts.first { $0.text == "ש״ח" })
        #expect(title.rotation == 90)
        let xs = texts(scene, under: .xAxis).map(\.position.x)
        #expect(xs.count >= 3)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 > $1 }, "x labels do not run right to left: \(xs)")
        for run in texts(scene, under: .title) { #expect(abs(box(run).maxX - (spec.width - Self.pad)) < 1e-9) }
        let entries = legendEntries(scene)
        for entry in entries { #expect(entry.swatch.minX >= entry.text.maxX) }
    }

    /// Mirrored horizontal bars grow leftwards from categories on the right; their roles say so (the animation
    /// grows them out of the right edge).
    @Test func mirroredHorizontalBarsGrowLeftwards() throws {
        let spec = withDirection(Self.spec("horizontal bar"), .rtl, mirror: true)
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        var bars: [(edge: RectEdge, bounds: Rect)] = []
        scene.forEachNode { node, _ in
            guard case .group(let g) = node, case .bar(_, _, let base, _)? = g.role else { return }
            for case .shape(let s) in g.children { if let b = s.path.controlBounds { bars.append((base, b)) } }
        }
        #expect(bars.count == 8)
        let right = try #require(bars.map(\.bounds.maxX).max())
        for bar in bars {
            #expect(bar.edge == .maxX)
            #expect(abs(bar.bounds.maxX - right) < 1, "a bar does not start at the category axis")
        }
        let categories = texts(scene, under: .xAxis) + texts(scene, under: .yAxis)
        let labels = categories.filter { ["א", "ב", "ג", "ד"].contains($0.text) }
        #expect(labels.count == 4)
        for run in labels { #expect(box(run).minX >= right, "category \(run.text) not right of the bars") }
    }

    /// `y2` goes to the left when the plot is mirrored.
    @Test func mirroredSecondAxisIsOnTheLeft() throws {
        var spec = withDirection(Self.spec("line"), nil, mirror: true)
        spec.series[1].axis = .y2
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let y = try #require(texts(scene, under: .yAxis).map { box($0).minX }.min())
        let y2 = try #require(texts(scene, under: .y2Axis).map { box($0).maxX }.max())
        #expect(y2 < spec.width / 2 && y > spec.width / 2)
        // Left to right with a mirrored plot: the header reads left to right.
        for run in texts(scene, under: .title) { #expect(abs(box(run).minX - Self.pad) < 1e-9) }
    }

    /// Kinds drawn around a centre ignore `mirrorAxes`: pies and gauges keep turning clockwise.
    @Test(arguments: ["pie", "doughnut", "ring row", "radar"])
    func centredKindsIgnoreTheMirror(kind: String) {
        let rtl = withDirection(Self.spec(kind), .rtl)
        #expect(ChartLayout.scene(for: withDirection(rtl, .rtl, mirror: true), metrics: metrics)
            == ChartLayout.scene(for: rtl, metrics: metrics))
    }

    /// Reflecting twice gives the same nodes back (to rounding: 2c − (2c − x) is x within an ulp of 2c): shapes,
    /// gradients, clips, text anchors and rotations, roles and their sectors; reflecting once changes them.
    @Test(arguments: kindNames)
    func mirrorTwiceIsIdentity(kind: String) throws {
        var spec = Self.spec(kind)
        spec.series[0].strokeGradient = [Color(rgb: 0xFF0000), Color(rgb: 0x0000FF)]
        spec.x.title = "x"
        spec.y.title = "y"
        let scene = ChartLayout.scene(for: spec, metrics: metrics)
        let once = Self.fingerprint(HorizontalMirror.scene(scene))
        let twice = Self.fingerprint(HorizontalMirror.scene(HorizontalMirror.scene(scene)))
        let original = Self.fingerprint(scene)
        try #require(twice.count == original.count)
        for (a, b) in zip(twice, original) {
            #expect(a.what == b.what)
            #expect(a.numbers.count == b.numbers.count
                        && zip(a.numbers, b.numbers).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) },
                    "\(a.what): \(a.numbers) != \(b.numbers)")
        }
        #expect(zip(once, original).contains { $0.what != $1.what || $0.numbers != $1.numbers })
    }

    /// Every node in drawing order as its kind, role, anchor, text and paint kinds (`what`) and all its coordinates.
    static func fingerprint(_ scene: Scene) -> [(what: String, numbers: [Double])] {
        var out: [(String, [Double])] = []
        func points(_ path: Path) -> [Double] {
            path.elements.flatMap { coordinates(of: $0) }.flatMap { [$0.x, $0.y] }
        }
        func paint(_ paint: Paint?) -> (String, [Double]) {
            switch paint {
            case nil: ("none", [])
            case .solid(let c)?: ("\(c)", [])
            case .linearGradient(let g)?: ("gradient \(g.stops)", [g.start.x, g.start.y, g.end.x, g.end.y])
            }
        }
        func role(_ role: Role?) -> (String, [Double]) {
            func sector(_ s: Sector) -> [Double] { [s.center.x, s.center.y, s.startAngle, s.endAngle] }
            switch role {
            case .pie(let s)?: return ("pie", sector(s))
            case .slice(let n, let mark)?: return ("slice \(n)", sector(mark.sector))
            case .ring(let k, let mark)?: return ("ring \(k)", sector(mark.sector))
            case .bar(let series, let index, let base, let stack)?:
                return ("bar \(series) \(index) \(base)", stack.map { [$0] } ?? [])
            default: return ("\(String(describing: role))", [])
            }
        }
        // Mirroring turns hit targets into their groups (`HorizontalMirror`), so both sides are read that way.
        scene.expandingHitTargets().forEachNode { node, _ in
            switch node {
            case .hitTarget: out.append(("hit target left after expanding", []))
            case .shape(let s):
                let (fill, f) = paint(s.fill), (stroke, k) = paint(s.stroke)
                out.append(("shape \(fill) \(stroke)", points(s.path) + f + k))
            case .text(let t):
                out.append(("text \(t.text) \(t.anchor)", [t.position.x, t.position.y, t.rotation]))
            case .group(let g):
                let (r, numbers) = role(g.role)
                let clip = g.clip.map { [$0.minX, $0.minY, $0.width, $0.height] } ?? []
                out.append(("group \(r) \(g.tooltip ?? "")", numbers + clip))
            }
        }
        return out
    }
}
