public import ChartScene

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FontSet: GlyphPlacing {
    /// The glyphs of `run` in scene coordinates: laid out left to right with kerning, shifted per anchor (start,
    /// middle or end of the measured advance width), baseline at `position.y`, rotated clockwise by `rotation`
    /// degrees about `position`. Glyphs without an outline (spaces) are left out.
    ///
    /// No bidirectional reordering or complex shaping: right-to-left and Indic text come out in logical order,
    /// unjoined.
    public func glyphs(for run: TextRun) -> [PlacedGlyph] {
        let size = run.size
        // Per drawn glyph: its outline, px per font unit, and pen position in ems (the anchor needs the total first).
        var laidOut: [(path: GlyphPath, k: Double, pen: Double)] = []
        let advance = walk(run.text, weight: run.weight) { face, glyph, pen in
            let path = face.glyphPath(of: glyph)
            if !path.path.isEmpty { laidOut.append((path, size / Double(face.unitsPerEm), pen)) }
        }
        let shift: Double = switch run.anchor {
        case .start: 0
        case .middle: -advance * size / 2
        case .end: -advance * size
        }
        // Clockwise on screen (y down) by θ: x' = x·cosθ − y·sinθ, y' = x·sinθ + y·cosθ.
        let (cosine, sine): (Double, Double) = switch run.rotation {
        case 0: (1, 0)
        case 90, -270: (0, 1)
        case -90, 270: (0, -1)
        case 180, -180: (-1, 0)
        default: (cos(run.rotation * .pi / 180), sin(run.rotation * .pi / 180))
        }
        let origin = run.position
        return laidOut.map { path, k, pen in
            // Font units (y up) → run space: x·k + pen, −y·k; then rotate and move to `position`.
            let x0 = pen * size + shift
            return PlacedGlyph(glyph: path, transform: GlyphTransform(a: k * cosine, b: k * sine, c: k * sine,
                                                                      d: -k * cosine, tx: origin.x + x0 * cosine,
                                                                      ty: origin.y + x0 * sine))
        }
    }

    /// The outline of `run` in scene coordinates (all of `glyphs(for:)` as one path). Empty for text with nothing to
    /// draw (spaces only).
    public func path(for run: TextRun) -> Path {
        var elements: [PathElement] = []
        for placed in glyphs(for: run) {
            let t = placed.transform
            elements.reserveCapacity(elements.count + placed.glyph.path.elements.count)
            for e in placed.glyph.path.elements {
                switch e {
                case .move(let p): elements.append(.move(t.apply(p)))
                case .line(let p): elements.append(.line(t.apply(p)))
                case .quad(let q, let p): elements.append(.quad(t.apply(q), t.apply(p)))
                case .cubic(let q1, let q2, let p): elements.append(.cubic(t.apply(q1), t.apply(q2), t.apply(p)))
                case .close: elements.append(.close)
                }
            }
        }
        return Path(elements)
    }
}

/// Replaces every `.text` node of `scene` (inside groups too) with a `.shape` of its glyph outlines, filled with the
/// run's color under the non-zero rule, for SVG with `text: "paths"` (the rasterizer places the same glyphs itself,
/// through `GlyphPlacing`, so both draw identical text). Runs with
/// nothing to draw (spaces only) are removed. Groups keep their roles, clips, opacity and tooltips.
public func lowerText(in scene: Scene, fonts: FontSet) -> Scene {
    func lower(_ nodes: [Node]) -> [Node] {
        var out: [Node] = []
        out.reserveCapacity(nodes.count)
        for node in nodes {
            switch node {
            case .shape:
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
