import ChartAnimation
import ChartScene
import Foundation
import Testing

/// Arc length and trimming: lengths against closed forms, exact ends, curves kept as curves.
struct PathTrimmingTests {
    func end(_ path: Path) -> Point? {
        switch path.elements.last {
        case .move(let p)?, .line(let p)?, .quad(_, let p)?, .cubic(_, _, let p)?: p
        default: nil
        }
    }

    func near(_ a: Point?, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func polylinesAreCutWhereTheirLengthSays() {
        // 3-4-5 then 6-8-10: 15 px in all.
        let path = Path([.move(Point(0, 0)), .line(Point(3, 4)), .line(Point(9, 12))])
        #expect(abs(path.length - 15) < 1e-12)
        #expect(near(end(path.trimmed(toFraction: 1.0 / 3)), Point(3, 4)))
        #expect(near(end(path.trimmed(toFraction: 0.6)), Point(5.4, 7.2)))
        #expect(abs(path.trimmed(toFraction: 0.6).length - 9) < 1e-12)
        #expect(path.trimmed(toFraction: 0.6).elements.count == 3)
    }

    @Test func theEndsAreExact() {
        let path = Path.circle(center: Point(50, 50), radius: 20)
        #expect(path.trimmed(toFraction: 1) == path)
        #expect(path.trimmed(toFraction: 7) == path)
        #expect(path.trimmed(toFraction: 0).isEmpty)
        #expect(path.trimmed(toFraction: -1).isEmpty)
        // A path without length has nothing to draw before its end.
        #expect(Path([.move(Point(1, 1)), .line(Point(1, 1))]).trimmed(toFraction: 0.5).isEmpty)
        #expect(Path().trimmed(toFraction: 0.5).isEmpty)
    }

    @Test func circlesMeasureTheirCircumference() {
        let r = 20.0
        let path = Path.circle(center: Point(50, 50), radius: r)
        // The four-cubic circle is within 0.03 % of the true circle, so of its circumference too.
        #expect(abs(path.length - 2 * .pi * r) < 2 * .pi * r * 3e-4)
        // A quarter of the length ends at the first quarter's end point (the bottom).
        #expect(near(end(path.trimmed(toFraction: 0.25)), Point(50, 70), 1e-3))
        for fraction in [0.1, 0.3, 0.55, 0.9] {
            let part = path.trimmed(toFraction: fraction)
            #expect(abs(part.length - fraction * path.length) < 5e-3, "\(fraction)")
            // On the circle: the cut point is r from the center.
            if let p = end(part) { #expect(abs(hypot(p.x - 50, p.y - 50) - r) < 0.01) }
            if case .cubic? = part.elements.last {} else { Issue.record("the cut curve is not a cubic") }
        }
    }

    @Test func quadraticsAreCutByLengthNotParameter() {
        // A symmetric arch: half its length ends at its apex.
        let arch = Path([.move(Point(0, 0)), .quad(Point(50, -80), Point(100, 0))])
        #expect(near(end(arch.trimmed(toFraction: 0.5)), Point(50, -40), 1e-2))
        // An asymmetric curve: the first 30 % measures 30 % of the length.
        let curve = Path([.move(Point(0, 0)), .quad(Point(90, 0), Point(100, 100))])
        #expect(abs(curve.trimmed(toFraction: 0.3).length - 0.3 * curve.length) < 5e-3)
    }

    @Test func closingLinesCountAndSubpathsAreKept() {
        let square = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(abs(square.length - 40) < 1e-12)
        let cut = square.trimmed(toFraction: 0.875)
        #expect(near(end(cut), Point(0, 5)))
        #expect(cut.elements.last.map { if case .line = $0 { true } else { false } } == true)
        let two = Path([.move(Point(0, 0)), .line(Point(10, 0)), .move(Point(0, 10)), .line(Point(10, 10))])
        let half = two.trimmed(toFraction: 0.75)
        #expect(half.elements.count == 4)
        #expect(near(end(half), Point(5, 10)))
    }
}
