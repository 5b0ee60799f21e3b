public import ChartScene

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FontSet: GlyphPlacing {
    /// The glyphs of `run` in scene coordinates: shaped (`FontSet.shaped`: bidi order, HarfBuzz's glyphs, advances
    /// and mark offsets), shifted per anchor (start, middle or end of the measured advance width), baseline at
    /// `position.y`, rotated clockwise by `rotation` degrees about `position`. Glyphs without an outline (spaces) are
    /// left out. Bold text in a face without a bold style gets emboldened outlines (`SyntheticBold`), as browsers
    /// draw it.
    public func glyphs(for run: TextRun) -> [PlacedGlyph] {
        let size = run.size
        // Per drawn glyph: its outline, px per font unit, and position in ems (the anchor needs the total first).
        var laidOut: [(path: GlyphPath, k: Double, x: Double, y: Double)] = []
        let advance = walk(run.text, weight: run.weight) { face, shaped in
            let path = shaped.synthetic ? face.emboldenedGlyphPath(of: shaped.glyph, size: size)
                : face.glyphPath(of: shaped.glyph)
            if !path.path.isEmpty { laidOut.append((path, size / Double(face.unitsPerEm), shaped.x, shaped.y)) }
        }
        let shift = run.anchorOffset(width: advance * size)
        let (cosine, sine) = run.direction
        let origin = run.position
        return laidOut.map { path, k, x, y in
            // Font units (y up) → run space: x·k + pen, −y·k − offset; then rotate and move to `position`.
            let x0 = x * size + shift, y0 = -y * size
            return PlacedGlyph(glyph: path, transform: GlyphTransform(a: k * cosine, b: k * sine, c: k * sine,
                                                                      d: -k * cosine,
                                                                      tx: origin.x + x0 * cosine - y0 * sine,
                                                                      ty: origin.y + x0 * sine + y0 * cosine))
        }
    }
}

extension TextRun {
    /// Where the text starts along its baseline relative to `position`, for text `width` px wide: 0 for `.start`,
    /// −width/2 for `.middle`, −width for `.end`.
    public func anchorOffset(width: Double) -> Double {
        switch anchor {
        case .start: 0
        case .middle: -width / 2
        case .end: -width
        }
    }

    /// The cosine and sine of `rotation` (exact for quarter turns), shared by every backend that places glyphs. The
    /// run turns clockwise on screen (y down) by θ: x' = x·cosθ − y·sinθ, y' = x·sinθ + y·cosθ.
    public var direction: (cosine: Double, sine: Double) {
        switch rotation {
        case 0: (1, 0)
        case 90, -270: (0, 1)
        case -90, 270: (0, -1)
        case 180, -180: (-1, 0)
        default: (cos(rotation * .pi / 180), sin(rotation * .pi / 180))
        }
    }
}
