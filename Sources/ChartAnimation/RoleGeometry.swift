public import ChartScene

/// What an animated group's motion is measured from, read from its children alone: the extent a point pops about
/// or a bar grows from, the stroke a reveal must clear, and whether a line can be drawn by trimming its strokes.
/// The SMIL writer and `SceneAnimator` both decide with these, so they animate the same groups the same way.
public enum RoleGeometry {
    /// The union of the control bounds of every shape under `nodes` (text excluded).
    public static func bounds(of nodes: [Node]) -> Rect? {
        var result: Rect?
        for node in nodes {
            let b: Rect?
            switch node {
            case .shape(let s): b = s.path.controlBounds
            case .group(let g): b = bounds(of: g.children)
            case .hitTarget(let h): b = h.shape.path.controlBounds
            case .text: b = nil
            }
            if let b { result = result.map { $0.union(b) } ?? b }
        }
        return result
    }

    /// Whether a line's strokes under `nodes` run from right to left: the first point of the first stroked path lies
    /// right of the last point of the last one (a mirrored chart's series line, `ChartSpec.mirrorAxes`). A reveal
    /// then grows from the right, where the line starts.
    public static func runsRightToLeft(_ nodes: [Node]) -> Bool {
        var first: Point?, last: Point?
        func visit(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .shape(let s) where s.stroke != nil:
                    for e in s.path.elements {
                        let p: Point? = switch e {
                        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): p
                        case .close: nil
                        }
                        if let p {
                            if first == nil { first = p }
                            last = p
                        }
                    }
                case .group(let g): visit(g.children)
                default: break
                }
            }
        }
        visit(nodes)
        guard let first, let last else { return false }
        return first.x > last.x
    }

    /// The widest finite stroke under `nodes`, 0 without strokes.
    public static func maxStrokeWidth(_ nodes: [Node]) -> Double {
        var width = 0.0
        for node in nodes {
            switch node {
            case .shape(let s) where s.stroke != nil && s.strokeStyle.width.isFinite:
                width = Swift.max(width, s.strokeStyle.width)
            case .group(let g): width = Swift.max(width, maxStrokeWidth(g.children))
            default: break
            }
        }
        return width
    }

    /// Whether these nodes can be drawn by trimming each stroke to a share of its length (SMIL: a growing
    /// `stroke-dasharray` on `pathLength="1"`): all stroked shapes without their own dash pattern, each one subpath
    /// (dashes restart at every subpath).
    public static func canDrawWithDash(_ nodes: [Node]) -> Bool {
        guard !nodes.isEmpty else { return false }
        for node in nodes {
            guard case .shape(let s) = node, s.stroke != nil, s.strokeStyle.dash.isEmpty else { return false }
            var moves = 0
            for e in s.path.elements {
                if case .move = e { moves += 1 }
            }
            guard moves == 1, case .move? = s.path.elements.first else { return false }
        }
        return true
    }
}
