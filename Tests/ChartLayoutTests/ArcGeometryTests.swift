import Foundation
import Testing
import ChartScene
@testable import ChartLayout

struct ArcGeometryTests {
    static let center = Point(200, 150)
    static let radius = 80.0

    /// Every on-curve point of `path` with the cubic segments that start there.
    static func cubics(_ path: Path) -> [(Point, Point, Point, Point)] {
        var out: [(Point, Point, Point, Point)] = []
        var current = Point.zero
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p): current = p
            case .quad(_, let p): current = p
            case .cubic(let c1, let c2, let p):
                out.append((current, c1, c2, p))
                current = p
            case .close: break
            }
        }
        return out
    }

    static func bezier(_ s: (Point, Point, Point, Point), _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * s.0.x + b * s.1.x + c * s.2.x + d * s.3.x, a * s.0.y + b * s.1.y + c * s.2.y + d * s.3.y)
    }

    static func lastPoint(_ path: Path) -> Point? {
        for e in path.elements.reversed() {
            switch e {
            case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
            case .close: continue
            }
        }
        return nil
    }

    @Test(arguments: [(0.0, 0.0), (0.62, 223.2), (1, 360), (1.5, 360), (-0.3, 0), (Double.nan, 0), (.infinity, 360)])
    func ringEndAngles(fraction: Double, angle: Double) {
        #expect(abs(ArcGeometry.ringEndAngle(fraction: fraction) - angle) < 1e-12)
    }

    @Test func zeroRingIsEmpty() {
        #expect(ArcGeometry.ringArc(center: Self.center, radius: Self.radius, fraction: 0).isEmpty)
    }

    @Test(arguments: [0.62, 1, 1.5, 0.25, 0.001])
    func ringStartsAtTwelveAndEndsAtItsAngle(fraction: Double) throws {
        let path = ArcGeometry.ringArc(center: Self.center, radius: Self.radius, fraction: fraction)
        guard case .move(let start) = try #require(path.elements.first) else {
            Issue.record("no move")
            return
        }
        #expect(abs(start.x - 200) < 1e-9 && abs(start.y - 70) < 1e-9)
        let end = try #require(Self.lastPoint(path))
        let expected = ArcGeometry.point(center: Self.center, radius: Self.radius,
                                         angle: ArcGeometry.ringEndAngle(fraction: fraction))
        #expect(end.distance(to: expected) < 1e-9)
        // Never wraps past a full turn: at most four quarter pieces.
        #expect(Self.cubics(path).count == Int((min(fraction, 1) * 4).rounded(.up)))
    }

    @Test func clockwiseMeansTowardThreeOClock() throws {
        let path = ArcGeometry.ringArc(center: Self.center, radius: Self.radius, from: 0, to: 90)
        let piece = try #require(Self.cubics(path).first)
        let mid = Self.bezier(piece, 0.5)
        #expect(mid.x > Self.center.x && mid.y < Self.center.y)
        #expect(ArcGeometry.point(center: Self.center, radius: Self.radius, angle: 90).distance(to: Point(280, 150))
            < 1e-9)
        #expect(ArcGeometry.point(center: Self.center, radius: Self.radius, angle: 180).distance(to: Point(200, 230))
            < 1e-9)
    }

    /// On-curve points lie on the circle (1e-9) and the curve stays within 0.03 % of the radius everywhere.
    @Test(arguments: [(0.0, 10.0), (0, 45), (0, 90), (30, 165), (-45, 225), (0, 270), (10, 370), (300, 20)])
    func bezierArcsHugTheCircle(start: Double, end: Double) {
        let elements = ArcGeometry.arcElements(center: Self.center, radius: Self.radius, from: start, to: end)
        #expect(elements.count == Int((min(abs(end - start), 360) / 90).rounded(.up)))
        var current = ArcGeometry.point(center: Self.center, radius: Self.radius, angle: start)
        var maxError = 0.0
        for e in elements {
            guard case .cubic(let c1, let c2, let p) = e else {
                Issue.record("not a cubic: \(e)")
                return
            }
            #expect(abs(p.distance(to: Self.center) - Self.radius) < 1e-9)
            for i in 0...200 {
                let q = Self.bezier((current, c1, c2, p), Double(i) / 200)
                maxError = max(maxError, abs(q.distance(to: Self.center) - Self.radius))
            }
            current = p
        }
        #expect(maxError / Self.radius < 3e-4)
        let expectedEnd = ArcGeometry.point(center: Self.center, radius: Self.radius, angle: start + min(end - start, 360))
        #expect(current.distance(to: expectedEnd) < 1e-9)
    }

    /// Signed area of the path flattened at 64 samples per cubic (shoelace), positive for clockwise on screen.
    static func area(_ path: Path) -> Double {
        var total = 0.0
        var ring: [Point] = []
        var current = Point.zero
        func flush() {
            guard ring.count > 2 else { ring = []; return }
            for i in 0..<ring.count {
                let a = ring[i], b = ring[(i + 1) % ring.count]
                total += a.x * b.y - b.x * a.y
            }
            ring = []
        }
        for e in path.elements {
            switch e {
            case .move(let p): flush(); ring = [p]; current = p
            case .line(let p): ring.append(p); current = p
            case .quad(_, let p): ring.append(p); current = p
            case .cubic(let c1, let c2, let p):
                for i in 1...64 { ring.append(bezier((current, c1, c2, p), Double(i) / 64)) }
                current = p
            case .close: flush()
            }
        }
        flush()
        return total / 2
    }

    @Test(arguments: [(0.0, 0.0, 90.0), (0, 0, 200), (40, 30, 100), (40, 30, 360), (0, 30, 359.9)])
    func sliceAreasMatchTheSector(inner: Double, start: Double, end: Double) {
        let path = ArcGeometry.slice(center: Self.center, outerRadius: Self.radius, innerRadius: inner, from: start,
                                     to: end)
        let sweep = min(end - start, 360)
        let expected = Double.pi * (Self.radius * Self.radius - inner * inner) * sweep / 360
        #expect(abs(Self.area(path) - expected) / expected < 1e-3)
    }

    @Test func fullDoughnutIsTwoOppositeCircles() {
        let path = ArcGeometry.slice(center: Self.center, outerRadius: 80, innerRadius: 50, from: 0, to: 400)
        let moves = path.elements.filter { if case .move = $0 { true } else { false } }
        #expect(moves.count == 2)
        #expect(path.elements.filter { $0 == .close }.count == 2)
    }

    @Test func degenerateSlicesAreEmpty() {
        #expect(ArcGeometry.slice(center: Self.center, outerRadius: 80, from: 30, to: 30).isEmpty)
        #expect(ArcGeometry.slice(center: Self.center, outerRadius: 80, from: 30, to: 10).isEmpty)
        #expect(ArcGeometry.slice(center: Self.center, outerRadius: 40, innerRadius: 50, from: 0, to: 90).isEmpty)
        #expect(ArcGeometry.slice(center: Self.center, outerRadius: 80, from: .nan, to: 90).isEmpty)
        #expect(ArcGeometry.arcElements(center: Self.center, radius: 80, from: 0, to: .infinity).isEmpty)
    }
}
