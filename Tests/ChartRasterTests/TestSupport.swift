import ChartRaster
import ChartScene

/// Renders `nodes` on a `width × height` scene at `scale` (transparent background unless given).
func render(_ nodes: [Node], width: Double = 100, height: Double = 100, scale: Double = 1,
            background: Color? = nil) throws -> Pixmap {
    try Rasterizer().render(Scene(width: width, height: height, background: background, title: "", description: "",
                                  nodes: nodes), scale: scale)
}

/// A shape filled black.
func filled(_ path: Path, rule: FillRule = .nonZero) -> Node {
    .shape(Shape(path: path, fill: .solid(.black), fillRule: rule))
}

/// A shape stroked black with `style`.
func stroked(_ path: Path, _ style: StrokeStyle, snap: Bool = false) -> Node {
    .shape(Shape(path: path, stroke: .solid(.black), strokeStyle: style, snapToPixels: snap))
}

func polyline(_ points: [Point]) -> Path {
    var p = Path()
    p.move(to: points[0])
    for q in points.dropFirst() { p.line(to: q) }
    return p
}

extension Pixmap {
    /// Alpha at (x, y) as 0…1 (0 outside the image).
    func coverage(_ x: Int, _ y: Int) -> Double {
        Double(pixel(x: x, y: y)?.a ?? 0) / 255
    }

    /// Σ alpha over the image, in pixels of full coverage.
    var totalCoverage: Double {
        var sum = 0
        for i in stride(from: 3, to: data.count, by: 4) { sum += Int(data[i]) }
        return Double(sum) / 255
    }
}

/// Length of the overlap of [a0, a1] and [b0, b1].
func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
    max(0, min(a1, b1) - max(a0, b0))
}
