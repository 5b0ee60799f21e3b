/// One glyph's outline in font units (y up), shared by every run that draws the glyph.
///
/// A class for its identity: caches of rendered glyphs (the rasterizer's coverage masks) key on the object, so a
/// font layer hands out one instance per glyph and keeps it alive. Immutable, hence `Sendable`.
public final class GlyphPath: Hashable, Sendable {
    public let path: Path
    /// `path.controlBounds`, computed once.
    public let bounds: Rect?

    public init(_ path: Path) {
        self.path = path
        bounds = path.controlBounds
    }

    public static func == (a: GlyphPath, b: GlyphPath) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An affine map from a glyph's font units to scene coordinates: (x, y) → (a·x + c·y + tx, b·x + d·y + ty).
public struct GlyphTransform: Hashable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    @inline(__always)
    public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    /// This map followed by a uniform scale (scene units to device pixels).
    public func scaled(by s: Double) -> GlyphTransform {
        GlyphTransform(a: a * s, b: b * s, c: c * s, d: d * s, tx: tx * s, ty: ty * s)
    }

    /// The bounding box of rectangle `r` mapped by this transform (of its four mapped corners).
    public func boundingBox(of r: Rect) -> Rect {
        let corners = [apply(Point(r.minX, r.minY)), apply(Point(r.maxX, r.minY)), apply(Point(r.minX, r.maxY)),
                       apply(Point(r.maxX, r.maxY))]
        var box = Rect(x: corners[0].x, y: corners[0].y, width: 0, height: 0)
        for p in corners.dropFirst() { box = box.union(Rect(x: p.x, y: p.y, width: 0, height: 0)) }
        return box
    }
}

/// One glyph of a text run, placed: its outline and where the outline goes.
public struct PlacedGlyph: Hashable, Sendable {
    public var glyph: GlyphPath
    public var transform: GlyphTransform

    public init(glyph: GlyphPath, transform: GlyphTransform) {
        self.glyph = glyph
        self.transform = transform
    }

    /// The outline in scene coordinates.
    public var path: Path { glyph.path.map(transform.apply) }
}

/// Turns text runs into placed glyphs: the text layer implements it with real fonts. Backends that draw text as
/// outlines (the rasterizer, SVG with `text: "paths"`) take one instead of knowing about fonts.
public protocol GlyphPlacing: Sendable {
    /// The glyphs that draw `run`, in drawing order; empty when nothing is drawn (e.g. spaces only).
    func glyphs(for run: TextRun) -> [PlacedGlyph]
}
