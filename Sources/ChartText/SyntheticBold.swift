import ChartScene

/// Fake bold for faces without a bold style: every contour offset outward, the way browsers draw `font-weight:
/// bold` in such a face.
///
/// The strength follows Skia, which draws Chromium's text: fake-bold outlines are stroked and filled with a width
/// of text size × 1/24 at 9 px and below, × 1/32 at 36 px and above, interpolated in between
/// (`kStdFakeBoldInterpKeys`/`Values` in src/core/SkTextFormatParams.h, applied in `SkScalerContext::internalGetPath`);
/// FreeType's own `FT_GlyphSlot_Embolden` (ftsynth.c) uses em/24. Stroking and filling grows every edge by half the
/// width on each side without moving the glyph, which is what `embolden` does to the outline's control polygon.
public enum SyntheticBold {
    /// Stem thickening as a fraction of the em at text size `size` (CSS px): Skia's 1/24 … 1/32 ramp.
    public static func strengthPerEm(size: Double) -> Double {
        let t = min(max((size - 9) / (36 - 9), 0), 1)
        return 1.0 / 24 + t * (1.0 / 32 - 1.0 / 24)
    }

    /// `outline` emboldened by `strength` font units, with the offset of FreeType's `FT_Outline_EmboldenXY`
    /// (ftoutln.c): each point of the control polygon (on- and off-curve points alike) moves along the bisector of
    /// its two edges so that both edges move outward by strength/2; turns sharper than about 160° are not shifted,
    /// and a shift is shortened where a short edge would otherwise fold over. Unlike FreeType, the outline is not
    /// then moved by (strength/2, strength/2): like Skia's stroke-and-fill it grows evenly about its place.
    public static func embolden(_ outline: GlyphOutline, strength: Double) -> GlyphOutline {
        let half = strength / 2
        guard half > 0, half.isFinite, let orientation = orientation(of: outline.contours) else { return outline }
        var result = outline
        result.contours = outline.contours.map { embolden($0, half: half, clockwise: orientation) }
        if let b = outline.declaredBounds { result.declaredBounds = b.insetBy(-half) }
        return result
    }

    /// Whether the outer contours run clockwise (TrueType's convention, y up); nil for an outline without area.
    /// The sign of the total signed area (shoelace formula over the control polygons, positive counter-clockwise)
    /// decides, as in FreeType's `FT_Outline_Get_Orientation`.
    static func orientation(of contours: [[GlyphOutline.Point]]) -> Bool? {
        var area = 0.0
        for contour in contours {
            guard var previous = contour.last else { continue }
            for p in contour {
                area += previous.x * p.y - p.x * previous.y
                previous = p
            }
        }
        return area == 0 ? nil : area < 0
    }

    /// One contour, each point shifted along its outward bisector so that its edges move out by `half`.
    private static func embolden(_ contour: [GlyphOutline.Point], half: Double, clockwise: Bool)
        -> [GlyphOutline.Point] {
        let n = contour.count
        guard n > 1 else { return contour }
        // The unit vector and distance from point i to the nearest point differing from it, walking by `step` (±1).
        func toward(_ i: Int, _ step: Int) -> (x: Double, y: Double, length: Double) {
            var j = (i + step + n) % n
            while j != i {
                let dx = contour[j].x - contour[i].x, dy = contour[j].y - contour[i].y
                let length = (dx * dx + dy * dy).squareRoot()
                if length > 0 { return (dx / length, dy / length, length) }
                j = (j + step + n) % n
            }
            return (0, 0, 0)
        }
        var out = contour
        for i in 0..<n {
            let back = toward(i, -1), b = toward(i, 1)
            let a = (x: -back.x, y: -back.y, length: back.length)  // the incoming edge's direction
            var shiftX = 0.0, shiftY = 0.0
            let d = a.x * b.x + a.y * b.y
            if a.length > 0 && b.length > 0 && d > -0.9375 {
                // The outward normal of a clockwise (y-up) contour is its direction turned 90° counter-clockwise;
                // (n_in + n_out)·s/(1 + d) lies at distance s from both edges' lines.
                let sign: Double = clockwise ? 1 : -1
                shiftX = -(a.y + b.y) * sign
                shiftY = (a.x + b.x) * sign
                let dd = 1 + d
                // Cross product of the turn: how far the two offset edges' crossing runs along a short edge.
                let q = (b.x * a.y - b.y * a.x) * (clockwise ? -1 : 1)
                let l = min(a.length, b.length)
                let factor = half * q <= l * dd ? half / dd : l / q
                shiftX *= factor
                shiftY *= factor
            }
            out[i].x = contour[i].x + shiftX
            out[i].y = contour[i].y + shiftY
        }
        return out
    }
}
