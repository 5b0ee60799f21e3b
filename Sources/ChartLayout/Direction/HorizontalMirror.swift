import ChartScene
import ChartSpec

/// Reflects scene nodes across a vertical line `x = axis`: how a right-to-left chart is made from the left-to-right
/// layout of the same boxes.
///
/// Shapes, clips, gradients and the geometry roles carry (a bar's base edge, a horizontal stack's base, sectors)
/// are reflected. Text is not drawn mirrored: a run keeps its characters, its anchor point is reflected and its
/// anchor swaps sides (`start` ↔ `end`), so its box lands exactly where the reflected box of the left-to-right run
/// was; a rotated run turns the other way (a y title at −90° on the left becomes +90° on the right, as the
/// `y2` title on the right is drawn). Reflecting twice gives back the nodes (to the rounding of `2c − x`).
struct HorizontalMirror {
    /// The x of the vertical line nodes are reflected across.
    let axis: Double

    /// `x` reflected across the axis.
    func x(_ x: Double) -> Double { 2 * axis - x }

    func point(_ p: Point) -> Point { Point(x(p.x), p.y) }

    func rect(_ r: Rect) -> Rect { Rect(x: x(r.maxX), y: r.minY, width: r.width, height: r.height) }

    /// `nodes` reflected, in the same drawing order.
    func nodes(_ nodes: [Node]) -> [Node] { nodes.map(node) }

    func node(_ node: Node) -> Node {
        switch node {
        case .shape(let shape): .shape(self.shape(shape))
        case .text(let run): .text(text(run))
        case .group(let group): .group(self.group(group))
        // As the group it stands for: its reflected circle is a general path (it starts on the left, so the SVG
        // writer's circle form does not apply), and the outputs keep it.
        case .hitTarget(let target): .group(self.group(target.group))
        }
    }

    func shape(_ shape: Shape) -> Shape {
        var shape = shape
        shape.path = shape.path.map(point)
        shape.fill = shape.fill.map(paint)
        shape.stroke = shape.stroke.map(paint)
        return shape
    }

    func paint(_ paint: Paint) -> Paint {
        guard case .linearGradient(var gradient) = paint else { return paint }
        gradient.start = point(gradient.start)
        gradient.end = point(gradient.end)
        return .linearGradient(gradient)
    }

    func text(_ run: TextRun) -> TextRun {
        var run = run
        run.position = point(run.position)
        run.anchor = switch run.anchor {
        case .start: .end
        case .middle: .middle
        case .end: .start
        }
        if run.rotation != 0 { run.rotation = -run.rotation }
        return run
    }

    func group(_ group: Group) -> Group {
        var group = group
        group.clip = group.clip.map(rect)
        group.role = group.role.map(role)
        group.children = nodes(group.children)
        return group
    }

    /// A role with its geometry reflected: a horizontal bar grows out of the other side, a horizontal stack's base
    /// moves with it, sectors turn the other way round (a clockwise angle from twelve o'clock becomes its negative).
    func role(_ role: Role) -> Role {
        switch role {
        case .bar(let series, let index, let base, let stackBase):
            let horizontal = base == .minX || base == .maxX
            let edge: RectEdge = horizontal ? base.opposite : base
            return .bar(series: series, index: index, base: edge, stackBase: horizontal ? stackBase.map(x) : stackBase)
        case .pie(let s): return .pie(sector(s))
        case .slice(let n, var mark):
            mark.sector = sector(mark.sector)
            return .slice(n, mark)
        case .ring(let k, var mark):
            mark.sector = sector(mark.sector)
            return .ring(k, mark)
        default: return role
        }
    }

    /// A sector reflected: centre reflected, and the clockwise sweep from `startAngle` to `endAngle` becomes the
    /// clockwise sweep from `−endAngle` to `−startAngle`.
    func sector(_ s: Sector) -> Sector {
        Sector(center: point(s.center), innerRadius: s.innerRadius, outerRadius: s.outerRadius,
               startAngle: -s.endAngle, endAngle: -s.startAngle)
    }

    /// `scene` reflected across its vertical centre line: a whole chart mirrored (`ChartSpec.mirrorAxes`).
    static func scene(_ scene: Scene) -> Scene {
        var scene = scene
        scene.nodes = HorizontalMirror(axis: scene.width / 2).nodes(scene.nodes)
        return scene
    }
}
