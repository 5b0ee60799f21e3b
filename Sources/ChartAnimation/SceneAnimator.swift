public import ChartScene

/// The chart as it looks at a moment of its animation: a static scene for any backend (the rasterizer draws it as
/// one frame of an APNG or GIF), playing exactly the SMIL writer's choreography from the same `AnimationTimeline`.
///
/// Only scene data and roles are read, as the SMIL writer reads them: a line (`.seriesLine`) is its strokes trimmed
/// to the eased share of their length, or, when they cannot be (dashed, several subpaths), revealed by a clip that
/// grows from the left; an area, a value label, an annotation and a slice label fade in (group opacity); a point pops
/// (scaled about the centre of its bounds with `PointPop`'s keyframes); a bar grows out of its `base` edge or its
/// stack's `stackBase`; a pie sweeps clockwise (its slices rebuilt from their `.slice` sectors, cut at the swept
/// angle); a ring arc sweeps (trimmed like a line, an overdue ring's laps one after the other) or, when it cannot,
/// fades. Roles nested in a moving group move with it, as in the SVG. From the timeline's `end` on (and for a NaN
/// time) the frame is the static scene itself, so the last frame of an animation is pixel-identical to the PNG.
///
/// A frame costs one walk over the scene, rebuilding only the nodes that move; the standard chart's frame is a few
/// hundred small arrays, far below the cost of rasterizing it.
public struct SceneAnimator: Sendable {
    /// The final frame.
    private let base: Scene
    /// The one clock of the animation (also the SMIL writer's for the same scene and choreography).
    public var timeline: AnimationTimeline

    public init(scene: Scene, choreography: Choreography) {
        base = scene
        timeline = AnimationTimeline(choreography, scene: scene)
    }

    /// The scene as it looks `t` seconds into the first play of the animation (times before 0 count as 0).
    public func scene(at t: Double) -> Scene {
        guard t < timeline.end else { return base }
        var frame = base
        frame.nodes = nodes(base.nodes, at: Swift.max(t, 0))
        return frame
    }

    // MARK: Walking the scene

    /// `list` at time `t`: groups replaced by how they look then, those that show nothing yet left out.
    private func nodes(_ list: [Node], at t: Double) -> [Node] {
        var out: [Node] = []
        out.reserveCapacity(list.count)
        for node in list {
            if case .group(let g) = node {
                if let moved = group(g, at: t) { out.append(.group(moved)) }
            } else {
                out.append(node)
            }
        }
        return out
    }

    /// Group `g` at time `t` (its children first, then its own motion), nil when nothing of it shows yet.
    private func group(_ g: Group, at t: Double) -> Group? {
        var g = g
        if g.children.contains(where: { if case .group = $0 { true } else { false } }) {
            g.children = nodes(g.children, at: t)
        }
        guard let role = g.role else { return g }
        let opacity = g.opacity.isNaN ? 1 : Swift.min(Swift.max(g.opacity, 0), 1)
        switch role {
        case .seriesLine(let k):
            return line(g, progress: timeline.lineProgress(series: k, at: t))
        case .seriesArea, .valueLabel, .annotation, .sliceLabel:
            return faded(g, opacity: opacity, by: timeline.fade(role: role, at: t))
        case .point(let k, _, let progress):
            guard let b = RoleGeometry.bounds(of: g.children) else { return g }
            // An invisible hit target has nothing to pop (the SMIL writer gives it no animation either).
            if g.children.count == 1, case .shape(let mark) = g.children[0], mark.isInvisible { return g }
            let s = timeline.pointScale(series: k, progress: progress, at: t)
            return scaled(g, about: b.center, x: s, y: s)
        case .bar(let k, _, let base, let stackBase):
            guard let b = RoleGeometry.bounds(of: g.children) else { return g }
            let s = timeline.barGrowth(series: k, stacked: stackBase != nil, at: t)
            let stack = stackBase.flatMap { $0.isFinite ? $0 : nil }
            switch base {
            case .minX: return scaled(g, about: Point(stack ?? b.minX, 0), x: s, y: 1)
            case .maxX: return scaled(g, about: Point(stack ?? b.maxX, 0), x: s, y: 1)
            case .minY: return scaled(g, about: Point(0, stack ?? b.minY), x: 1, y: s)
            case .maxY: return scaled(g, about: Point(0, stack ?? b.maxY), x: 1, y: s)
            }
        case .ringArc(let i, let fraction):
            guard RoleGeometry.canDrawWithDash(g.children) else {
                return faded(g, opacity: opacity, by: timeline.fade(role: role, at: t))
            }
            let lastLap = Role.lastLap(ofRing: fraction)
            guard g.children.count > 1, lastLap > 0 else {
                return trimmed(g, progress: timeline.ringProgress(index: i, at: t))
            }
            let laps = timeline.ringLapMotions(index: i, lastLap: lastLap)
            let first = laps.first.progress(at: t), last = laps.last.progress(at: t)
            guard first > 0 else { return nil }
            guard last < 1 else { return g }
            var children = [Self.trimmed(g.children[0], toFraction: first)]
            if last > 0 { children += g.children.dropFirst().map { Self.trimmed($0, toFraction: last) } }
            g.children = children
            return g
        case .pie(let disc):
            return swept(g, disc: disc, progress: timeline.sweep(at: t))
        case .background, .title, .legend, .legendItem, .xAxis, .yAxis, .y2Axis, .grid, .plot, .series, .slice,
             .ring, .ringLabel:
            return g
        }
    }

    // MARK: Motions applied

    /// A line drawn up to `progress`: its strokes trimmed when they can be, else revealed by a clip over its bounds
    /// (padded by the widest stroke and 1 px) that grows to `progress` of its width from the side the line starts on
    /// (the left, or the right in a mirrored chart: `RoleGeometry.runsRightToLeft`).
    private func line(_ g: Group, progress: Double) -> Group? {
        if RoleGeometry.canDrawWithDash(g.children) { return trimmed(g, progress: progress) }
        guard let b = RoleGeometry.bounds(of: g.children) else { return g }
        guard progress > 0 else { return nil }
        guard progress < 1 else { return g }
        let pad = RoleGeometry.maxStrokeWidth(g.children) + 1
        let width = (b.width + 2 * pad) * progress
        // A mirrored chart's line starts on the right: its clip grows leftwards from there.
        let x = RoleGeometry.runsRightToLeft(g.children) ? b.maxX + pad - width : b.minX - pad
        let reveal = Rect(x: x, y: b.minY - pad, width: width, height: b.height + 2 * pad)
        var g = g
        g.children = [.group(Group(clip: reveal, children: g.children))]
        return g
    }

    /// Every stroke of `g` (shapes only, as `RoleGeometry.canDrawWithDash` checked) drawn up to `progress` of its
    /// length.
    private func trimmed(_ g: Group, progress: Double) -> Group? {
        guard progress > 0 else { return nil }
        guard progress < 1 else { return g }
        var g = g
        g.children = g.children.map { Self.trimmed($0, toFraction: progress) }
        return g
    }

    private static func trimmed(_ node: Node, toFraction fraction: Double) -> Node {
        guard case .shape(var shape) = node else { return node }
        shape.path = shape.path.trimmed(toFraction: fraction)
        return .shape(shape)
    }

    /// `g` at `share` of its own `opacity`.
    private func faded(_ g: Group, opacity: Double, by share: Double) -> Group? {
        guard share > 0 else { return nil }
        guard share < 1 else { return g }
        var g = g
        g.opacity = opacity * share
        return g
    }

    /// `g` scaled by `sx`, `sy` about `origin` (as SVG's `scale` transform: stroke widths, text sizes and gradients
    /// too; a stroke under a non-uniform scale keeps its width). Nothing shows at a scale of 0.
    private func scaled(_ g: Group, about origin: Point, x sx: Double, y sy: Double) -> Group? {
        guard sx > 0, sy > 0 else { return nil }
        guard sx != 1 || sy != 1 else { return g }
        var g = g
        g.children = Self.scaled(g.children, about: origin, x: sx, y: sy)
        return g
    }

    private static func scaled(_ nodes: [Node], about o: Point, x sx: Double, y sy: Double) -> [Node] {
        func map(_ p: Point) -> Point { Point(o.x + sx * (p.x - o.x), o.y + sy * (p.y - o.y)) }
        func map(_ paint: Paint) -> Paint {
            guard case .linearGradient(var gradient) = paint else { return paint }
            gradient.start = map(gradient.start)
            gradient.end = map(gradient.end)
            return .linearGradient(gradient)
        }
        let uniform = sx == sy
        return nodes.map { node in
            switch node {
            case .shape(var s):
                s.path = s.path.map(map)
                s.fill = s.fill.map(map)
                s.stroke = s.stroke.map(map)
                if uniform {
                    s.strokeStyle.width *= sx
                    s.strokeStyle.dash = s.strokeStyle.dash.map { $0 * sx }
                    s.strokeStyle.dashOffset *= sx
                }
                return .shape(s)
            case .text(var run):
                run.position = map(run.position)
                if uniform { run.size *= sx }
                return .text(run)
            case .hitTarget(let h):
                // As the group it stands for (a hit target is never inside a scaled group in laid-out scenes).
                return scaled([.group(h.group)], about: o, x: sx, y: sy)[0]
            case .group(var g):
                g.children = scaled(g.children, about: o, x: sx, y: sy)
                if let clip = g.clip {
                    let a = map(Point(clip.minX, clip.minY)), b = map(Point(clip.maxX, clip.maxY))
                    g.clip = Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
                }
                return .group(g)
            }
        }
    }

    /// A pie swept clockwise from its start angle over `progress` of its share of the turn (of the whole turn when
    /// the disc is whole): slices behind the sweep unchanged, those ahead left out, the one it is crossing cut at
    /// the swept angle (its shapes rebuilt from its `.slice` sector). Other children are left as they are.
    private func swept(_ g: Group, disc: Sector, progress: Double) -> Group? {
        guard progress > 0 else { return nil }
        guard progress < 1 else { return g }
        let share = (disc.endAngle - disc.startAngle) / 360
        let turn = share > 0 && share < 1 ? share : 1
        let angle = (disc.startAngle.isFinite ? disc.startAngle : 0) + 360 * turn * progress
        var g = g
        g.children = g.children.compactMap { node in
            guard case .group(var slice) = node, case .slice(_, let mark) = slice.role else { return node }
            if mark.sector.endAngle <= angle { return node }
            if !(mark.sector.startAngle < angle) { return nil }
            var cut = mark.sector
            cut.endAngle = angle
            let path = Path.sector(cut)
            slice.children = slice.children.map { child in
                guard case .shape(var shape) = child else { return child }
                shape.path = path
                return .shape(shape)
            }
            return .group(slice)
        }
        return g
    }
}
