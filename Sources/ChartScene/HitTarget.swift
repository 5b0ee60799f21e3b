/// An invisible circle around a data point that carries the point's tooltip: what a pointer finds in an interactive
/// scene (SVG, animated SVG, layout JSON) where the series draws no dot. It means exactly `group`, a `.point` group
/// holding a transparent `Path.circle`, in one compact value: no group, children array, path or joined tooltip
/// string per point (a line chart has hundreds of them). Backends that paint (raster, PDF) draw nothing for it, as
/// for the transparent circle; a backend or a transformation without its own handling uses `group`.
public struct HitTarget: Hashable, Sendable {
    /// The point's series, as in `Role.point`.
    public var series: Int
    /// The point's index in its series (its original index, before any decimation).
    public var index: Int
    /// The point's arc-length fraction (0…1) along its series line, as in `Role.point`.
    public var progress: Double
    /// The circle's center: the point's position in scene coordinates.
    public var center: Point
    /// The circle's radius (kept inside the canvas by the layout, so 0 at its very edge).
    public var radius: Double
    /// What the point's `<title>` says.
    public var tooltip: PointTooltip

    /// A hit target for point `index` of series `series`.
    public init(series: Int, index: Int, progress: Double, center: Point, radius: Double, tooltip: PointTooltip) {
        self.series = series
        self.index = index
        self.progress = progress
        self.center = center
        self.radius = radius
        self.tooltip = tooltip
    }

    /// `Role.point` of the target.
    public var role: Role { .point(series: series, index: index, progress: progress) }

    /// The transparent circle the target stands for.
    public var shape: Shape { Shape(path: .circle(center: center, radius: radius), fill: .solid(.transparent)) }

    /// The group the target stands for: a `.point` group with the tooltip's text and `shape`.
    public var group: Group { Group(role: role, tooltip: .point(tooltip), children: [.shape(shape)]) }

    /// `shape`'s `Path.controlBounds`, computed without building the path (the same arithmetic, so the same
    /// doubles: the circle's extreme points are `center ± radius`); meaningful for a finite center and a positive
    /// radius.
    public var bounds: Rect {
        let left = center.x - radius, right = center.x + radius
        let top = center.y - radius, bottom = center.y + radius
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension Scene {
    /// The scene with every hit target replaced, in place, by the group it stands for (`HitTarget.group`): the
    /// form a consumer that reads only groups and shapes sees the same chart in.
    public func expandingHitTargets() -> Scene {
        func expand(_ nodes: [Node]) -> [Node] {
            nodes.map { node -> Node in
                switch node {
                case .hitTarget(let target):
                    return .group(target.group)
                case .group(var group):
                    group.children = expand(group.children)
                    return .group(group)
                case .shape, .text:
                    return node
                }
            }
        }
        var scene = self
        scene.nodes = expand(nodes)
        return scene
    }
}
