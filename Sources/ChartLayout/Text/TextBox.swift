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
        let a = metrics.ascent(size: run.size), d = metrics.descent(size: run.size)
        let x0: Double = switch run.anchor {
        case .start: 0
        case .middle: -w / 2
        case .end: -w
        }
        // Clockwise rotation on a y-down canvas: x' = x·cos − y·sin, y' = x·sin + y·cos.
        let theta = run.rotation * Double.pi / 180
        let c = cos(theta), s = sin(theta)
        let local = [Point(x0, -a), Point(x0 + w, -a), Point(x0 + w, d), Point(x0, d)]
        corners = local.map { p in Point(run.position.x + p.x * c - p.y * s, run.position.y + p.x * s + p.y * c) }
    }

    /// The axis-aligned bounds of the corners.
    public var bounds: Rect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    /// Whether the whole box lies within `rect` (with `tolerance` px of slack).
    public func isInside(_ rect: Rect, tolerance: Double = 0.01) -> Bool {
        corners.allSatisfy { p in
            p.x >= rect.minX - tolerance && p.x <= rect.maxX + tolerance
                && p.y >= rect.minY - tolerance && p.y <= rect.maxY + tolerance
        }
    }
}
