import ChartScene

/// One non-horizontal line of an outline in device pixels, with its winding direction.
struct Edge {
    /// Top end (y0 < y1).
    var x0: Double
    var y0: Double
    /// Bottom end.
    var x1: Double
    var y1: Double
    /// +1 when the original line ran downward, −1 when upward.
    var direction: Double
}

/// The lines of closed polygons, clipped exactly to a rectangle.
///
/// Clipping keeps the winding number of every point inside the rectangle: parts above or below it are dropped
/// (a scanline only sees lines at its own height), and parts left or right of it are moved onto its left or
/// right side as vertical lines (they still cross the scanlines inside, so the winding to their right is unchanged).
/// Coverage is then exact for the intersection of shape and rectangle, also at fractional clip edges.
struct EdgeList {
    private(set) var edges: [Edge] = []
    private(set) var clip: DeviceRect
    /// Vertical extent of the edges added so far, in device pixels.
    private(set) var minY = Double.infinity
    private(set) var maxY = -Double.infinity

    /// Edges reserved up front (80 KB): a chart's largest shapes (a 100-point stroked series, a text run) need one
    /// to two thousand, so the list reaches its steady size with at most one reallocation.
    static let initialCapacity = 2048

    init(clip: DeviceRect) {
        self.clip = clip
        edges.reserveCapacity(Self.initialCapacity)
    }

    /// Empties the list (keeping its storage, so one list serves every shape of a render) and sets a new clip.
    mutating func reset(clip: DeviceRect) {
        edges.removeAll(keepingCapacity: true)
        self.clip = clip
        minY = .infinity
        maxY = -.infinity
    }

    /// Adds the lines of a polygon, closing it. Lines with non-finite points are ignored.
    mutating func add(polygon: [Point]) {
        guard polygon.count > 1 else { return }
        if addInside(polygon) { return }
        var previous = polygon[polygon.count - 1]
        for p in polygon {
            addLine(previous, p)
            previous = p
        }
    }

    /// Adds the polygon's lines as `addLine` does when every point lies inside the clip (the common case: a stroke
    /// or a fill within the image), without testing each line against the clip or growing the array per line;
    /// returns false, having added nothing, when a point lies outside (or is not finite).
    ///
    /// Inside the clip `addLine` keeps every non-horizontal line whole, top end first, and the extent it records is
    /// the polygon's own: a closed polygon's topmost point (its bottommost likewise) is the top of one of its
    /// non-horizontal lines unless it has none, which then adds no edge and leaves the extent alone.
    private mutating func addInside(_ polygon: [Point]) -> Bool {
        var low = Double.infinity, high = -Double.infinity
        for p in polygon {
            // Written so that NaN fails it.
            guard p.x >= clip.x0, p.x <= clip.x1, p.y >= clip.y0, p.y <= clip.y1 else { return false }
            low = min(low, p.y)
            high = max(high, p.y)
        }
        guard high > low else { return true }  // every line horizontal: no edge
        let start = edges.count
        edges.append(contentsOf: repeatElement(Edge(x0: 0, y0: 0, x1: 0, y1: 0, direction: 0), count: polygon.count))
        var added = 0
        edges.withUnsafeMutableBufferPointer { out in
            var previous = polygon[polygon.count - 1]
            for p in polygon {
                if previous.y < p.y {
                    out[start &+ added] = Edge(x0: previous.x, y0: previous.y, x1: p.x, y1: p.y, direction: 1)
                    added &+= 1
                } else if previous.y > p.y {
                    out[start &+ added] = Edge(x0: p.x, y0: p.y, x1: previous.x, y1: previous.y, direction: -1)
                    added &+= 1
                }
                previous = p
            }
        }
        edges.removeLast(polygon.count - added)
        minY = min(minY, low)
        maxY = max(maxY, high)
        return true
    }

    mutating func addLine(_ a: Point, _ b: Point) {
        guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let direction: Double = a.y < b.y ? 1 : -1
        var top = a.y < b.y ? a : b
        var bottom = a.y < b.y ? b : a
        guard bottom.y > clip.y0, top.y < clip.y1 else { return }
        let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
        if top.y < clip.y0 { top = Point(top.x + dxdy * (clip.y0 - top.y), clip.y0) }
        if bottom.y > clip.y1 { bottom = Point(bottom.x - dxdy * (bottom.y - clip.y1), clip.y1) }
        guard bottom.y > top.y else { return }
        if top.x >= clip.x0 && top.x <= clip.x1 && bottom.x >= clip.x0 && bottom.x <= clip.x1 {
            push(Edge(x0: top.x, y0: top.y, x1: bottom.x, y1: bottom.y, direction: direction))
            return
        }
        // Split where the line crosses the vertical clip sides (at most twice), then clamp x into [x0, x1].
        var cutA = Double.infinity, cutB = Double.infinity
        if (top.x - clip.x0) * (bottom.x - clip.x0) < 0 { cutA = top.y + (clip.x0 - top.x) / dxdy }
        if (top.x - clip.x1) * (bottom.x - clip.x1) < 0 { cutB = top.y + (clip.x1 - top.x) / dxdy }
        if cutA > cutB { swap(&cutA, &cutB) }
        var startY = top.y, startX = top.x
        // The pieces end at the cuts, in order, then at the bottom (a fixed-size tuple: no array per clipped line).
        let ends = (cutA, cutB, bottom.y)
        for k in 0..<3 {
            let cutY = k == 0 ? ends.0 : (k == 1 ? ends.1 : ends.2)
            guard cutY > startY && cutY <= bottom.y else { continue }
            let endX = cutY == bottom.y ? bottom.x : top.x + dxdy * (cutY - top.y)
            push(Edge(x0: clamp(startX), y0: startY, x1: clamp(endX), y1: cutY, direction: direction))
            startY = cutY
            startX = endX
        }
    }

    private func clamp(_ x: Double) -> Double { min(max(x, clip.x0), clip.x1) }

    private mutating func push(_ e: Edge) {
        edges.append(e)
        minY = min(minY, e.y0)
        maxY = max(maxY, e.y1)
    }
}
