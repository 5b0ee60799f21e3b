public import ChartScene

extension FontSet {
    /// The outline of `run` in scene coordinates (all of `glyphs(for:)` as one path). Empty for text with nothing to
    /// draw (spaces only).
    public func path(for run: TextRun) -> Path {
        var path = Path()
        for placed in glyphs(for: run) { path.append(contentsOf: placed.path) }
        return path
    }
}

/// Replaces every `.text` node of `scene` (inside groups too) with a `.shape` of its glyph outlines, filled with the
/// run's color under the non-zero rule, for SVG with `text: "paths"` (the rasterizer places the same glyphs itself,
/// through `GlyphPlacing`, so both draw identical text). Runs with nothing to draw (spaces only) are removed. Groups
/// keep their roles, clips, opacity and tooltips.
public func lowerText(in scene: Scene, fonts: FontSet) -> Scene {
    func lower(_ nodes: [Node]) -> [Node] {
        var out: [Node] = []
        out.reserveCapacity(nodes.count)
        for node in nodes {
            switch node {
            case .shape, .hitTarget:
                out.append(node)
            case .text(let run):
                let path = fonts.path(for: run)
                if !path.isEmpty { out.append(.shape(Shape(path: path, fill: .solid(run.color), fillRule: .nonZero))) }
            case .group(var group):
                group.children = lower(group.children)
                out.append(.group(group))
            }
        }
        return out
    }
    var lowered = scene
    lowered.nodes = lower(scene.nodes)
    return lowered
}
