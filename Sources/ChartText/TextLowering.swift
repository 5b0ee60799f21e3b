public import ChartScene

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FontSet {
    /// The outline of `run` in scene coordinates: glyphs laid out left to right with kerning, shifted per anchor
    /// (start, middle or end of the measured advance width), baseline at `position.y`, rotated clockwise by
    /// `rotation` degrees about `position`. Empty for text with nothing to draw (spaces only).
    ///
    /// No bidirectional reordering or complex shaping: right-to-left and Indic text come out in logical order,
    /// unjoined.
    public func path(for run: TextRun) -> Path {
        var elements: [PathElement] = []
        let size = run.size
        var glyphs: [(face: FontFace, glyph: UInt16, pen: Double)] = []
        let advance = walk(run.text, weight: run.weight) { face, glyph, pen in glyphs.append((face, glyph, pen)) }
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
        for (face, glyph, pen) in glyphs {
            let outline = face.path(of: glyph)
            if outline.isEmpty { continue }
            // Font units (y up) → run space: x·k + pen, −y·k; then rotate and move to `position`.
            let k = size / Double(face.unitsPerEm)
            let a = k * cosine, b = k * sine, c = k * sine, d = -k * cosine
            let x0 = pen * size + shift
            let tx = origin.x + x0 * cosine, ty = origin.y + x0 * sine
            @inline(__always) func map(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
            elements.reserveCapacity(elements.count + outline.elements.count)
            for e in outline.elements {
                switch e {
                case .move(let p): elements.append(.move(map(p)))
                case .line(let p): elements.append(.line(map(p)))
                case .quad(let q, let p): elements.append(.quad(map(q), map(p)))
                case .cubic(let q1, let q2, let p): elements.append(.cubic(map(q1), map(q2), map(p)))
                case .close: elements.append(.close)
                }
            }
        }
        return Path(elements)
    }
}

/// Replaces every `.text` node of `scene` (inside groups too) with a `.shape` of its glyph outlines, filled with the
/// run's color under the non-zero rule, so raster and SVG "paths" output draw identical text everywhere. Runs with
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
