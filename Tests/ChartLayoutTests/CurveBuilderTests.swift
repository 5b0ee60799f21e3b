import Testing
import ChartScene
import ChartSpec
@testable import ChartLayout

struct CurveBuilderTests {
    static let zigzag = [Point(0, 0), Point(10, 100), Point(20, 0), Point(30, 100)]
    static let uneven = [Point(0, 50), Point(1, 0), Point(60, 100), Point(61, 0), Point(200, 70)]

    @Test(arguments: Curve.allCases)
    func nPointsGiveNMinusOneIntervals(_ curve: Curve) {
        for n in [2, 3, 4, 10] {
            let points = (0..<n).map { Point(Double($0) * 10, Double($0 % 2) * 50) }
            var path = Path()
            CurveBuilder.append(points, curve: curve, to: &path)
            #expect(path.elements.count == 1 + (n - 1) * CurveBuilder.elementsPerInterval(curve))
            #expect(path.elements.first == .move(points[0]))
            // Each interval ends exactly on its data point.
            let k = CurveBuilder.elementsPerInterval(curve)
            for i in 1..<n { #expect(ArcLength.endPoint(of: path.elements[i * k]) == points[i]) }
        }
    }

    @Test(arguments: Curve.allCases)
    func singlePointIsJustAMove(_ curve: Curve) {
        var path = Path()
        CurveBuilder.append([Point(3, 4)], curve: curve, to: &path)
        #expect(path.elements == [.move(Point(3, 4))])
        var empty = Path()
        CurveBuilder.append([], curve: curve, to: &empty)
        #expect(empty.isEmpty)
    }

    @Test(arguments: Curve.allCases, [zigzag, uneven])
    func controlPointsStayWithinTheirInterval(_ curve: Curve, _ points: [Point]) {
        var path = Path()
        let bounds = 0.0...100.0  // the data's range: no curve, the cubic included, leaves it
        CurveBuilder.append(points, curve: curve, to: &path)
        let k = CurveBuilder.elementsPerInterval(curve)
        for i in 0..<(points.count - 1) {
            for e in path.elements[(1 + i * k)..<(1 + (i + 1) * k)] {
                for p in coordinates(of: e) {
                    #expect(p.x >= points[i].x - 1e-9 && p.x <= points[i + 1].x + 1e-9, "\(curve) interval \(i): \(p)")
                    #expect(bounds.contains(p.y), "\(curve) leaves the plot: \(p)")
                }
            }
        }
    }

    @Test(arguments: [Curve.monotone, .quadratic, .step, .stepBefore, .stepAfter, .linear])
    func curveNeverOvershootsItsData(_ curve: Curve) {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<50 {
            var x = 0.0
            let points = (0..<12).map { _ -> Point in
                x += Double.random(in: 0.5...40, using: &rng)
                return Point(x, Double.random(in: 0...300, using: &rng))
            }
            var path = Path()
            CurveBuilder.append(points, curve: curve, to: &path)
            let k = CurveBuilder.elementsPerInterval(curve)
            var pen = points[0]
            for i in 0..<(points.count - 1) {
                let lo = min(points[i].y, points[i + 1].y) - 1e-9, hi = max(points[i].y, points[i + 1].y) + 1e-9
                for e in path.elements[(1 + i * k)..<(1 + (i + 1) * k)] {
                    for s in samples(of: e, from: pen) { #expect(s.y >= lo && s.y <= hi, "\(curve) overshoots at \(s)") }
                    pen = ArcLength.endPoint(of: e) ?? pen
                }
            }
        }
    }

    @Test func monotoneDataGivesAMonotoneCurve() {
        var rng = SeededRandom(seed: 7)
        var x = 0.0, y = 0.0
        let points = (0..<30).map { _ -> Point in
            x += Double.random(in: 1...20, using: &rng)
            y += Double.random(in: 0...50, using: &rng)
            return Point(x, y)
        }
        var path = Path()
        CurveBuilder.append(points, curve: .monotone, to: &path)
        var pen = points[0], last = -Double.infinity
        for e in path.elements.dropFirst() {
            for s in samples(of: e, from: pen) {
                #expect(s.y >= last - 1e-9)
                last = s.y
            }
            pen = ArcLength.endPoint(of: e) ?? pen
        }
    }

    @Test func cubicStaysWithinTheFourPointsShapingEachInterval() {
        // Unlimited Catmull-Rom dips below 0 and swings above 100 beside the spike; the limit keeps every control
        // within the values of points i − 1 … i + 2 without knowing the plot.
        let points = [Point(0, 100), Point(10, 100), Point(20, 0), Point(30, 100), Point(40, 100), Point(50, 60),
                      Point(60, 0)]
        var path = Path()
        CurveBuilder.append(points, curve: .cubic, to: &path)
        for i in 0..<(points.count - 1) {
            let window = points[max(i - 1, 0)...min(i + 2, points.count - 1)].map(\.y)
            let lo = window.min() ?? 0, hi = window.max() ?? 0
            for p in coordinates(of: path.elements[1 + i]) {
                #expect(p.y >= lo - 1e-9 && p.y <= hi + 1e-9, "interval \(i): \(p)")
            }
        }
        // Where the limit does not bind, the tangent is Catmull-Rom's (y_(i+1) − y_(i−1)) / (x_(i+1) − x_(i−1)):
        // at x = 50 that is (0 − 100)/20 = −5, so the control 10/3 to its right sits 50/3 lower.
        guard case .cubic(let c1, _, _) = path.elements[6] else { Issue.record("not a cubic"); return }
        #expect(abs(c1.x - (50 + 10.0 / 3)) < 1e-9 && abs(c1.y - (60 - 50.0 / 3)) < 1e-9)
        // At x = 40, the highest of its values, it is flat.
        guard case .cubic(let flat, _, _) = path.elements[5] else { Issue.record("not a cubic"); return }
        #expect(flat.y == 100)
    }

    /// Random series: strictly increasing (`monotone`) or anything, x strictly increasing.
    static func randomSeries(_ rng: inout SeededRandom, count: Int, monotone: Bool) -> [Point] {
        var x = 0.0, y = 0.0
        return (0..<count).map { _ in
            x += Double.random(in: 0.5...40, using: &rng)
            y = monotone ? y + Double.random(in: 0.1...50, using: &rng) : Double.random(in: 0...300, using: &rng)
            return Point(x, y)
        }
    }

    /// The direction the path arrives at (`in`) and leaves (`out`) each interior data point: the last control
    /// point to the point, and the point to the next interval's first control point.
    static func jointTangents(_ path: Path, _ points: [Point]) -> [(in: Point, out: Point)] {
        (1..<(points.count - 1)).map { i in
            func controls(_ e: PathElement) -> [Point] {
                switch e {
                case .quad(let c, _): [c]
                case .cubic(let c1, let c2, _): [c1, c2]
                default: []
                }
            }
            let before = controls(path.elements[i]), after = controls(path.elements[i + 1])
            return (points[i] - (before.last ?? points[i - 1]), (after.first ?? points[i + 1]) - points[i])
        }
    }

    @Test func quadraticHasNoShelvesOnMonotoneRuns() {
        // The old quadratic put a control level with every point: zero slope at each datum, a staircase of
        // shelves on a steady rise. Now both sides of every interior point rise, at least half the secant.
        var rng = SeededRandom(seed: 11)
        for _ in 0..<50 {
            let points = Self.randomSeries(&rng, count: 12, monotone: true)
            var path = Path()
            CurveBuilder.append(points, curve: .quadratic, to: &path)
            for (i, t) in Self.jointTangents(path, points).enumerated() {
                let p = points[i], q = points[i + 1], r = points[i + 2]
                let secantIn = (q.y - p.y) / (q.x - p.x), secantOut = (r.y - q.y) / (r.x - q.x)
                #expect(t.in.y / t.in.x >= secantIn / 2 - 1e-9, "flat arrival at point \(i + 1)")
                #expect(t.out.y / t.out.x >= secantOut / 2 - 1e-9, "flat departure at point \(i + 1)")
            }
        }
        // A steady rise is a straight line.
        var path = Path()
        CurveBuilder.append([Point(0, 0), Point(10, 5), Point(20, 10)], curve: .quadratic, to: &path)
        #expect(path.elements.dropFirst() == [.quad(Point(5, 2.5), Point(10, 5)), .quad(Point(15, 7.5), Point(20, 10))])
    }

    @Test(arguments: [Curve.cubic, .monotone])
    func smoothCurvesAreTangentContinuousWhereLimited(_ curve: Curve) {
        // The spike made the old cubic's clamped control arrive flat (0°) and leave at −34°.
        var rng = SeededRandom(seed: 5)
        var cases = [[Point(0, 100), Point(10, 100), Point(20, 0), Point(30, 100), Point(40, 100)], Self.uneven]
        for _ in 0..<40 { cases.append(Self.randomSeries(&rng, count: 10, monotone: false)) }
        for points in cases {
            var path = Path()
            CurveBuilder.append(points, curve: curve, to: &path)
            for (i, t) in Self.jointTangents(path, points).enumerated() {
                let cross = t.in.x * t.out.y - t.in.y * t.out.x, dot = t.in.x * t.out.x + t.in.y * t.out.y
                let scale = (t.in.x * t.in.x + t.in.y * t.in.y).squareRoot()
                    * (t.out.x * t.out.x + t.out.y * t.out.y).squareRoot()
                #expect(abs(cross) <= 1e-9 * scale && dot > 0, "\(curve) kinks at point \(i + 1) of \(points)")
            }
        }
    }

    @Test(arguments: Curve.allCases)
    func rescalingTheYAxisRescalesThePath(_ curve: Curve) {
        // y ↦ a + k·y is what a different axis extent (and the screen's flip) does to the points; the path must
        // follow exactly, so a curve's shape never depends on the axis.
        var rng = SeededRandom(seed: 3)
        let points = Self.randomSeries(&rng, count: 15, monotone: false) + [Point(700, 120), Point(710, 120)]
        for (a, k) in [(0.0, 2.5), (400.0, -0.7), (-3.0, 0.01)] {
            func map(_ p: Point) -> Point { Point(p.x, a + k * p.y) }
            var original = Path(), scaled = Path()
            CurveBuilder.append(points, curve: curve, to: &original)
            CurveBuilder.append(points.map(map), curve: curve, to: &scaled)
            #expect(original.elements.count == scaled.elements.count)
            for (e, f) in zip(original.elements, scaled.elements) {
                for (p, q) in zip(coordinates(of: e).map(map), coordinates(of: f)) {
                    #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9 * max(1, abs(q.y)), "\(curve) k = \(k)")
                }
            }
        }
    }

    @Test func stepVariantsPlaceTheirJumps() {
        let points = [Point(0, 10), Point(6, 20), Point(10, 15)]
        func elements(_ curve: Curve) -> [PathElement] {
            var path = Path()
            CurveBuilder.append(points, curve: curve, to: &path)
            return Array(path.elements.dropFirst())
        }
        // Mid-step: the value changes halfway.
        #expect(elements(.step) == [.line(Point(3, 10)), .line(Point(3, 20)), .line(Point(6, 20)),
                                    .line(Point(8, 20)), .line(Point(8, 15)), .line(Point(10, 15))])
        // Chart.js 'before': 10 holds until x = 6, where the line jumps to 20 (sample and hold).
        #expect(elements(.stepBefore) == [.line(Point(6, 10)), .line(Point(6, 20)),
                                          .line(Point(10, 20)), .line(Point(10, 15))])
        // Chart.js 'after': the line jumps at the previous x, so 20 already holds from x = 0.
        #expect(elements(.stepAfter) == [.line(Point(0, 20)), .line(Point(6, 20)),
                                         .line(Point(6, 15)), .line(Point(10, 15))])
    }

    @Test func stackedXDoesNotProduceNaN() {
        let points = [Point(0, 0), Point(0, 50), Point(10, 20), Point(10, 20)]
        for curve in Curve.allCases {
            var path = Path()
            CurveBuilder.append(points, curve: curve, to: &path)
            for e in path.elements { for p in coordinates(of: e) { #expect(p.x.isFinite && p.y.isFinite) } }
        }
    }

    @Test func arcLengthOfAStraightCubicIsItsChord() {
        let e = PathElement.cubic(Point(10, 0), Point(20, 0), Point(30, 0))
        #expect(abs(ArcLength.length(of: e, from: .zero) - 30) < 1e-9)
        let q = PathElement.quad(Point(5, 5), Point(10, 10))
        #expect(abs(ArcLength.length(of: q, from: .zero) - 200.0.squareRoot()) < 1e-9)
    }
}
