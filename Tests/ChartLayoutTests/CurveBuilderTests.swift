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
        let bounds = -10.0...110.0
        CurveBuilder.append(points, curve: curve, yBounds: bounds, to: &path)
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

    @Test(arguments: [Curve.monotone, .quadratic, .step, .linear])
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

    @Test func cubicIsClampedToThePlot() {
        // Catmull-Rom overshoots a spike; the clamp keeps the controls inside 0…100.
        let points = [Point(0, 100), Point(10, 100), Point(20, 0), Point(30, 100), Point(40, 100)]
        var path = Path()
        CurveBuilder.append(points, curve: .cubic, yBounds: 0...100, to: &path)
        for e in path.elements { for p in coordinates(of: e) { #expect(p.y >= 0 && p.y <= 100) } }
    }

    @Test func stackedXDoesNotProduceNaN() {
        let points = [Point(0, 0), Point(0, 50), Point(10, 20), Point(10, 20)]
        for curve in Curve.allCases {
            var path = Path()
            CurveBuilder.append(points, curve: curve, yBounds: 0...100, to: &path)
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
