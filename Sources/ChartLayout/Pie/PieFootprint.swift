#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartScene

/// The bounding box of a pie's disc (or a doughnut's ring) swept over part of a turn, in units of its outer radius
/// with the center at the origin: a half gauge from −90° to 90° is [−1, 1] × [−1, 0], so it is laid out twice as
/// wide as tall, and a whole disc is [−1, 1]².
///
/// The box of a circular sector is spanned by its two corner points on the outer circle, the two on the inner
/// circle (the center itself for a pie), and every compass point (0°, 90°, 180°, 270°) of the outer circle that the
/// sweep passes — the arc's only extremes in x and y (the standard sector bounding-box construction).
struct PieFootprint: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    /// The box's center relative to the disc's center, in radii.
    var mid: Point { Point((minX + maxX) / 2, (minY + maxY) / 2) }

    /// The box of the sector from `start` clockwise over `sweep` degrees (clockwise from twelve o'clock, like
    /// `ArcGeometry`), whose hole is `innerShare` of the radius. A sweep of 360° or more is the whole disc, exactly
    /// [−1, 1]² (no sine rounding), so a whole pie is laid out as it always was.
    init(start: Double, sweep: Double, innerShare: Double) {
        guard sweep < 360 else {
            (minX, minY, maxX, maxY) = (-1, -1, 1, 1)
            return
        }
        (minX, minY, maxX, maxY) = (.infinity, .infinity, -.infinity, -.infinity)
        let end = start + sweep
        for angle in [start, end] {
            let a = angle * .pi / 180
            // The corner on the outer circle and the one on the inner circle (for a pie: the center).
            include(sin(a), -cos(a))
            include(innerShare * sin(a), -innerShare * cos(a))
        }
        // The compass points k·90° with start ≤ k·90° ≤ end (at most four: the sweep is under a turn), twelve,
        // three, six and nine o'clock for k mod 4 = 0, 1, 2, 3.
        let compass: [(Double, Double)] = [(0, -1), (1, 0), (0, 1), (-1, 0)]
        var k = (start / 90).rounded(.up)
        for _ in 0..<4 where k * 90 <= end {
            let (x, y) = compass[Int((k.truncatingRemainder(dividingBy: 4) + 4).truncatingRemainder(dividingBy: 4))]
            include(x, y)
            k += 1
        }
    }

    private mutating func include(_ x: Double, _ y: Double) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
    }
}
