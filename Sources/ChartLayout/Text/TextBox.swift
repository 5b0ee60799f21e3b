#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import ChartScene

/// The measured outline of a text run: its four corners after anchoring and rotation.
///
/// The layout uses it to keep text inside the canvas and to check labels for overlap; tests use it to
/// verify the same from the outside.
public struct TextBox: Hashable, Sendable {
    /// Corners in scene coordinates: baseline-start-top, end-top, end-bottom, start-bottom.
    public var corners: [Point]

    /// The box of `run` as `metrics` measure it (ascent above, descent below the baseline).
    public init(_ run: TextRun, metrics: any TextMeasuring) {
        self.init(run, width: metrics.width(of: run.text, size: run.size, weight: run.weight), metrics: metrics)
    }

    /// The box of `run` whose advance width is already known (a label placed many times is measured once).
    public init(_ run: TextRun, width w: Double, metrics: any TextMeasuring) {
        let (p0, p1, p2, p3) = Self.corners(run, width: w, metrics: metrics)
        corners = [p0, p1, p2, p3]
    }

    /// The axis-aligned bounds of the corners.
    public var bounds: Rect {
        guard let first = corners.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        var box = Extent(first)
        for p in corners.dropFirst() { box.add(p) }
        return box.rect
    }

    /// `TextBox(run, width: w, metrics: metrics).bounds` without building the box: the same corners, the same
    /// comparisons in the same order, so the same rectangle, for layout code that checks many labels.
    public static func bounds(of run: TextRun, width w: Double, metrics: any TextMeasuring) -> Rect {
        let (p0, p1, p2, p3) = corners(run, width: w, metrics: metrics)
        var box = Extent(p0)
        box.add(p1)
        box.add(p2)
        box.add(p3)
        return box.rect
    }

    /// The four corners in scene coordinates: baseline-start-top, end-top, end-bottom, start-bottom.
    @inline(__always)
    private static func corners(_ run: TextRun, width w: Double, metrics: any TextMeasuring)
        -> (Point, Point, Point, Point)
    {
        let a = metrics.ascent(size: run.size), d = metrics.descent(size: run.size)
        let x0: Double = switch run.anchor {
        case .start: 0
        case .middle: -w / 2
        case .end: -w
        }
        // Clockwise rotation on a y-down canvas: x' = x·cos − y·sin, y' = x·sin + y·cos.
        let theta = run.rotation * Double.pi / 180
        let c = cos(theta), s = sin(theta)
        func turned(_ p: Point) -> Point {
            Point(run.position.x + p.x * c - p.y * s, run.position.y + p.x * s + p.y * c)
        }
        return (turned(Point(x0, -a)), turned(Point(x0 + w, -a)), turned(Point(x0 + w, d)), turned(Point(x0, d)))
    }

    /// The least and greatest x and y of points added in order, compared as `min()` and `max()` of a sequence
    /// compare (`<`, the earlier value kept on ties), so the result is theirs bit for bit.
    private struct Extent {
        var minX, minY, maxX, maxY: Double

        init(_ p: Point) {
            minX = p.x
            maxX = p.x
            minY = p.y
            maxY = p.y
        }

        mutating func add(_ p: Point) {
            if p.x < minX { minX = p.x }
            if maxX < p.x { maxX = p.x }
            if p.y < minY { minY = p.y }
            if maxY < p.y { maxY = p.y }
        }

        var rect: Rect { Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
    }

    /// Whether the whole box lies within `rect` (with `tolerance` px of slack).
    public func isInside(_ rect: Rect, tolerance: Double = 0.01) -> Bool {
        corners.allSatisfy { p in
            p.x >= rect.minX - tolerance && p.x <= rect.maxX + tolerance
                && p.y >= rect.minY - tolerance && p.y <= rect.maxY + tolerance
        }
    }
}
