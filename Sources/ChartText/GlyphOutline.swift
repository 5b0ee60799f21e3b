public import ChartScene

/// A glyph's outline as TrueType stores it: closed contours of on- and off-curve points, in font units, y up.
///
/// Consecutive off-curve points imply an on-curve point midway between them, and a contour may start off-curve;
/// `path` resolves both into quadratic Béziers.
public struct GlyphOutline: Hashable, Sendable {
    /// One outline point in font units.
    public struct Point: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var onCurve: Bool

        public init(x: Double, y: Double, onCurve: Bool) {
            self.x = x
            self.y = y
            self.onCurve = onCurve
        }
    }

    /// Contours in file order; each is implicitly closed.
    public var contours: [[Point]]
    /// The bounding box the `glyf` header declares (font units), nil for an empty glyph.
    public var declaredBounds: Rect?

    public init(contours: [[Point]], declaredBounds: Rect?) {
        self.contours = contours
        self.declaredBounds = declaredBounds
    }

    /// The box of all points, off-curve included (for TrueType this is what the `glyf` header records).
    public var pointBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for contour in contours {
            for p in contour {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The outline as a path of quadratic Béziers in font units (y up, like the font).
    public var path: Path {
        var path = Path()
        for contour in contours where contour.count >= 2 {
            appendContour(contour, to: &path)
        }
        return path
    }

    private func appendContour(_ c: [Point], to path: inout Path) {
        func point(_ p: Point) -> ChartScene.Point { ChartScene.Point(p.x, p.y) }
        func mid(_ a: Point, _ b: Point) -> ChartScene.Point { ChartScene.Point((a.x + b.x) / 2, (a.y + b.y) / 2) }
        let n = c.count
        // Start on an on-curve point: the first, else the last, else the midpoint of first and last.
        let startIndex: Int
        let start: ChartScene.Point
        if c[0].onCurve {
            startIndex = 0
            start = point(c[0])
        } else if c[n - 1].onCurve {
            startIndex = n - 1
            start = point(c[n - 1])
        } else {
            startIndex = n - 1
            start = mid(c[n - 1], c[0])
        }
        path.move(to: start)
        var pendingControl: Point?
        for step in 1...n {
            let p = c[(startIndex + step) % n]
            if p.onCurve {
                if let control = pendingControl {
                    path.quad(to: point(p), control: point(control))
                    pendingControl = nil
                } else {
                    path.line(to: point(p))
                }
            } else {
                if let control = pendingControl {
                    path.quad(to: mid(control, p), control: point(control))
                }
                pendingControl = p
            }
        }
        // Wrapping back to the start: a pending control curves into it (the loop ended on the start point when
        // the contour started on-curve; the synthetic-midpoint start needs its closing curve here).
        if let control = pendingControl {
            path.quad(to: start, control: point(control))
        }
        path.close()
    }
}
