import ChartScene
import ChartSpec

/// The outline of a data dot of each `DotShape`, inscribed in the circle of its radius as Chart.js draws its point
/// styles (helpers.canvas.js `drawPoint`): a square (`rect`) and a diamond (`rectRot`) with their corners on the
/// circle, an upward equilateral triangle with its corners on it, a cross (`cross`) of two diameters.
enum DotPath {
    /// The path of a dot of `shape` around `center`. A cross has no area: stroke it (`isStrokeOnly`).
    static func path(_ shape: DotShape, center c: Point, radius r: Double) -> Path {
        switch shape {
        case .circle:
            return .circle(center: c, radius: r)
        case .square:
            // Half the side of a square inscribed in a circle of radius r: r / √2.
            let h = r * 0.5.squareRoot()
            return .rect(Rect(x: c.x - h, y: c.y - h, width: 2 * h, height: 2 * h))
        case .diamond:
            return Path([.move(Point(c.x, c.y - r)), .line(Point(c.x + r, c.y)), .line(Point(c.x, c.y + r)),
                         .line(Point(c.x - r, c.y)), .close])
        case .triangle:
            // Corners at 0°, 120° and 240° clockwise from twelve o'clock: (±r·sin 120°, r·cos 60°) below the center.
            let dx = r * 3.0.squareRoot() / 2, dy = r / 2
            return Path([.move(Point(c.x, c.y - r)), .line(Point(c.x + dx, c.y + dy)),
                         .line(Point(c.x - dx, c.y + dy)), .close])
        case .cross:
            return Path([.move(Point(c.x, c.y - r)), .line(Point(c.x, c.y + r)),
                         .move(Point(c.x - r, c.y)), .line(Point(c.x + r, c.y))])
        }
    }

    /// Whether dots of `shape` are drawn as a stroke only (they enclose no area).
    static func isStrokeOnly(_ shape: DotShape?) -> Bool { shape == .cross }
}
