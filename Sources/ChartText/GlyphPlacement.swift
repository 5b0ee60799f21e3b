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
        // `walk`'s glyphs, read in place: its closure took each glyph's face as a `FontFace` value, a copy of the
        // whole face (a retain and a release per stored reference) per glyph drawn.
        let text = shaped(run.text, weight: run.weight)
        let shift = run.anchorOffset(width: text.advance * size)
        let (cosine, sine) = run.direction
        let origin = run.position
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(text.glyphs.count)
        (run.weight == .bold ? boldChain : regularChain).withUnsafeBufferPointer { chain in
            for glyph in text.glyphs {
                let face = glyph.chainIndex
                let path = glyph.synthetic ? chain[face].emboldenedGlyphPath(of: glyph.glyph, size: size)
                    : chain[face].glyphPath(of: glyph.glyph)
                if path.path.isEmpty { continue }
                // Per drawn glyph: px per font unit, and its position in ems.
                let k = size / Double(chain[face].unitsPerEm)
                // Font units (y up) → run space: x·k + pen, −y·k − offset; then rotate and move to `position`.
                let x0 = glyph.x * size + shift, y0 = -glyph.y * size
                let transform = GlyphTransform(a: k * cosine, b: k * sine, c: k * sine, d: -k * cosine,
                                               tx: origin.x + x0 * cosine - y0 * sine,
                                               ty: origin.y + x0 * sine + y0 * cosine)
                placed.append(PlacedGlyph(glyph: path, transform: transform))
            }
        }
        return placed
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
