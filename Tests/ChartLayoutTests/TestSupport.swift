import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

/// A small deterministic generator (SplitMix64) so random tests are reproducible.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Points along a path element drawn from `start`, at `samples` + 1 evenly spaced parameters.
func samples(of element: PathElement, from start: Point, count: Int = 40) -> [Point] {
    (0...count).map { n in
        let t = Double(n) / Double(count), u = 1 - t
        switch element {
        case .move(let p), .line(let p): return start * u + p * t
        case .quad(let c, let p): return start * (u * u) + c * (2 * u * t) + p * (t * t)
        case .cubic(let c1, let c2, let p):
            return start * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
        case .close: return start
        }
    }
}

/// Every coordinate a path element carries.
func coordinates(of element: PathElement) -> [Point] {
    switch element {
    case .move(let p), .line(let p): [p]
    case .quad(let c, let p): [c, p]
    case .cubic(let c1, let c2, let p): [c1, c2, p]
    case .close: []
    }
}

/// A category spec with one series per value list.
func makeSpec(_ series: [[Double?]], names: [String]? = nil, labels: [String]? = nil, width: Double = 640,
              height: Double = 360) -> ChartSpec {
    var spec = ChartSpec()
    spec.width = width
    spec.height = height
    spec.labels = labels
    spec.series = series.enumerated().map { k, values in
        Series(name: names?[k], points: values.enumerated().map { DataPoint(x: Double($0.offset), y: $0.element) })
    }
    return spec
}

/// All groups of a scene, hit targets as the `.point` groups they stand for (`HitTarget.group`).
func groups(_ scene: Scene) -> [Group] {
    var result: [Group] = []
    scene.expandingHitTargets().forEachNode { node, _ in if case .group(let g) = node { result.append(g) } }
    return result
}

/// All nodes of a scene below a group with `role`.
func nodes(in scene: Scene, under role: Role) -> [Node] {
    var result: [Node] = []
    scene.forEachNode { node, parents in if parents.contains(where: { $0.role == role }) { result.append(node) } }
    return result
}

/// The plot frame of an axis-based chart: the y axis line's top and left, the x axis line's right and bottom.
func plotFrame(_ scene: Scene) -> Rect? {
    func line(_ role: Role) -> Rect? {
        for case .shape(let s) in nodes(in: scene, under: role) { return s.path.controlBounds }
        return nil
    }
    guard let y = line(.yAxis), let x = line(.xAxis) else { return nil }
    return Rect(x: y.minX, y: y.minY, width: x.maxX - y.minX, height: x.maxY - y.minY)
}

/// Convex quadrilaterals overlap unless some edge normal separates them (separating axis theorem).
/// Touching or overlapping by less than `tolerance` px counts as apart.
func overlaps(_ a: [Point], _ b: [Point], tolerance: Double = 0.01) -> Bool {
    for poly in [a, b] {
        for i in poly.indices {
            let p = poly[i], q = poly[(i + 1) % poly.count]
            let normal = Point(-(q.y - p.y), q.x - p.x)
            let len = normal.length
            guard len > 0 else { continue }
            func project(_ pts: [Point]) -> (Double, Double) {
                let d = pts.map { ($0.x * normal.x + $0.y * normal.y) / len }
                return (d.min() ?? 0, d.max() ?? 0)
            }
            let (a0, a1) = project(a), (b0, b1) = project(b)
            if a1 <= b0 + tolerance || b1 <= a0 + tolerance { return false }
        }
    }
    return true
}

/// Checks that every coordinate of the scene is finite and inside the canvas (text by its measured box,
/// shapes by their control points, padded by `strokeSlack` for round caps), and returns the problems.
func geometryProblems(_ scene: Scene, metrics: any TextMeasuring) -> [String] {
    var problems: [String] = []
    let canvas = Rect(x: 0, y: 0, width: scene.width, height: scene.height)
    let tolerance = 0.01
    func inside(_ p: Point) -> Bool {
        p.x.isFinite && p.y.isFinite && p.x >= -tolerance && p.x <= canvas.maxX + tolerance
            && p.y >= -tolerance && p.y <= canvas.maxY + tolerance
    }
    // A hit target is checked as its group: its circle's points.
    scene.expandingHitTargets().forEachNode { node, _ in
        switch node {
        case .hitTarget: problems.append("hit target left after expanding")
        case .shape(let s):
            for e in s.path.elements {
                for p in coordinates(of: e) where !inside(p) { problems.append("shape point \(p)") }
            }
            if !s.strokeStyle.width.isFinite { problems.append("stroke width") }
            for paint in [s.fill, s.stroke].compactMap({ $0 }) {
                if case .linearGradient(let g) = paint {
                    for p in [g.start, g.end] where !(p.x.isFinite && p.y.isFinite) { problems.append("gradient \(p)") }
                    if g.stops.count < 2 { problems.append("gradient stops") }
                }
            }
        case .text(let t):
            if !TextBox(t, metrics: metrics).isInside(canvas) { problems.append("text '\(t.text)' at \(t.position)") }
            if t.text.isEmpty { problems.append("empty text") }
        case .group(let g):
            if let c = g.clip, !(c.x.isFinite && c.y.isFinite && c.width.isFinite && c.height.isFinite) {
                problems.append("clip \(c)")
            }
            if case .point(_, _, let progress) = g.role, !(progress >= 0 && progress <= 1) {
                problems.append("progress \(progress)")
            }
            if case .valueLabel(_, let progress) = g.role, !(progress >= 0 && progress <= 1) {
                problems.append("bubble progress \(progress)")
            }
        }
    }
    if !scene.description.allSatisfy({ $0 != "\u{0}" }) { problems.append("description") }
    return problems
}

/// A one-line name for a spec given as a test argument (the default description spells out every point,
/// which for the large-series cases is megabytes of test log).
extension ChartSpec: CustomTestStringConvertible {
    public var testDescription: String {
        "\(type) \(Int(width))×\(Int(height)), series of \(series.map { String($0.points.count) }.joined(separator: "/")) points"
    }
}
