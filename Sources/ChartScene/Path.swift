/// One drawing command of a path, in device-independent pixels.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    /// Quadratic Bézier: control point, end point.
    case quad(Point, Point)
    /// Cubic Bézier: two control points, end point.
    case cubic(Point, Point, Point)
    case close
}

/// A vector path: a list of subpaths built from lines and Bézier curves (orders 1–3).
public struct Path: Hashable, Sendable {
    public private(set) var elements: [PathElement]

    public init(_ elements: [PathElement] = []) {
        self.elements = elements
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) { elements.append(.cubic(c1, c2, p)) }
    public mutating func close() { elements.append(.close) }
    public mutating func append(contentsOf other: Path) { elements.append(contentsOf: other.elements) }
    /// Makes room for `n` elements in all, so a path built of many pieces grows once instead of a doubling at a time.
    public mutating func reserveCapacity(_ n: Int) { elements.reserveCapacity(n) }

    /// An axis-aligned rectangle as a closed subpath (clockwise on screen).
    public static func rect(_ r: Rect) -> Path {
        Path([.move(Point(r.minX, r.minY)), .line(Point(r.maxX, r.minY)), .line(Point(r.maxX, r.maxY)),
              .line(Point(r.minX, r.maxY)), .close])
    }

    /// A circle approximated by four cubic Béziers (max radial error ≈ 0.027 %).
    public static func circle(center c: Point, radius r: Double) -> Path {
        var path = Path()
        path.elements.reserveCapacity(circleElements)
        path.appendCircle(center: c, radius: r)
        return path
    }

    /// The elements of `circle(center:radius:)`: a move, four cubics and a close.
    public static let circleElements = 6

    /// Appends `Path.circle(center: c, radius: r)`'s elements, without building that path (a bulk of many dots).
    public mutating func appendCircle(center c: Point, radius r: Double) {
        let k = 0.5522847498307936 * r  // 4/3·(√2−1)
        elements.append(.move(Point(c.x + r, c.y)))
        elements.append(.cubic(Point(c.x + r, c.y + k), Point(c.x + k, c.y + r), Point(c.x, c.y + r)))
        elements.append(.cubic(Point(c.x - k, c.y + r), Point(c.x - r, c.y + k), Point(c.x - r, c.y)))
        elements.append(.cubic(Point(c.x - r, c.y - k), Point(c.x - k, c.y - r), Point(c.x, c.y - r)))
        elements.append(.cubic(Point(c.x + k, c.y - r), Point(c.x + r, c.y - k), Point(c.x + r, c.y)))
        elements.append(.close)
    }

    /// The bounding box of all points, control points included (a cheap, conservative bound).
    public var controlBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// This path with every point mapped through `transform`.
    public func map(_ transform: (Point) -> Point) -> Path {
        Path(elements.map { e in
            switch e {
            case .move(let p): .move(transform(p))
            case .line(let p): .line(transform(p))
            case .quad(let c, let p): .quad(transform(c), transform(p))
            case .cubic(let c1, let c2, let p): .cubic(transform(c1), transform(c2), transform(p))
            case .close: .close
            }
        })
    }
}
