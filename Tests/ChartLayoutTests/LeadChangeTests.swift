import Testing
import ChartScene
@testable import ChartLayout

struct LeadChangeTests {
    @Test func differenceIsHomeMinusGuestWithGaps() {
        let d = LeadChange.difference(home: [10, 12, nil, 20, .nan, 7], guest: [8, 15, 3, 20, 1])
        #expect(d == [2, -3, nil, 0, nil, nil])
    }

    @Test func crossingsAtTheInterpolatedX() {
        let xs = [0.0, 10, 20, 30]
        let crossings = LeadChange.crossings(xs: xs, diff: [2, -2, -1, 3])
        #expect(crossings.map(\.x) == [5, 22.5])
        #expect(crossings.map(\.newSign) == [-1, 1])
        #expect(crossings.map(\.index) == [0, 2])
        #expect(LeadChange.crossings(xs: [0, 4], diff: [3, -1]).map(\.x) == [3])
    }

    @Test func touchingZeroIsNotALeadChange() {
        #expect(LeadChange.crossings(xs: [0, 1, 2, 3], diff: [1, 0, 0, 2]).isEmpty)
        #expect(LeadChange.crossings(xs: [0, 1, 2], diff: [-1, 0, -1]).isEmpty)
        #expect(LeadChange.crossings(xs: [0, 1, 2], diff: [0, 0, 0]).isEmpty)
        // Starting from a tie is not a change either.
        #expect(LeadChange.crossings(xs: [0, 1, 2], diff: [0, 3, 4]).isEmpty)
    }

    @Test func flippingThroughTiesCrossesAtTheFirstTie() {
        let c = LeadChange.crossings(xs: [0, 1, 2, 3, 4], diff: [2, 0, 0, -1, -2])
        #expect(c == [LeadCrossing(index: 1, x: 1, newSign: -1)])
    }

    @Test func noCrossingAcrossAGap() {
        #expect(LeadChange.crossings(xs: [0, 1, 2], diff: [1, nil, -1]).isEmpty)
        #expect(LeadChange.crossings(xs: [0, 1, 2, 3], diff: [1, 0, nil, -1]).isEmpty)
        // After the gap, changes are found again.
        #expect(LeadChange.crossings(xs: [0, 1, 2, 3], diff: [1, nil, -1, 1]).map(\.x) == [2.5])
        // Mismatched lengths use the common prefix.
        #expect(LeadChange.crossings(xs: [0, 1], diff: [1, -1, 5, -5]).map(\.x) == [0.5])
    }

    /// Area enclosed by a polygon (shoelace, absolute).
    static func area(_ points: [Point]) -> Double {
        var s = 0.0
        for i in 0..<points.count {
            let a = points[i], b = points[(i + 1) % points.count]
            s += a.x * b.y - b.x * a.y
        }
        return abs(s) / 2
    }

    /// Integral of max(±f, 0) for the piecewise-linear f, computed independently by fine sampling.
    static func sideIntegral(xs: [Double], diff: [Double], sign: Double) -> Double {
        var total = 0.0
        for i in 0..<(xs.count - 1) {
            let steps = 10_000
            let dx = (xs[i + 1] - xs[i]) / Double(steps)
            for k in 0..<steps {
                let t = (Double(k) + 0.5) / Double(steps)
                let y = diff[i] + (diff[i + 1] - diff[i]) * t
                total += max(sign * y, 0) * dx
            }
        }
        return total
    }

    @Test func areasSplitAtZeroAndCoverEachSide() {
        let xs = [0.0, 1, 2, 3, 4, 5, 6]
        let diff: [Double] = [3, 1, -2, -1, 0, 2, -1]
        let areas = LeadChange.areas(xs: xs, diff: diff.map { $0 })
        #expect(areas.map(\.sign) == [1, -1, 1, -1])
        for a in areas {
            #expect(a.points.first?.y == 0 && a.points.last?.y == 0)
            #expect(a.points.allSatisfy { Double(a.sign) * $0.y >= 0 })
        }
        // The first polygon closes at the interpolated crossing x = 1 + 1/3.
        #expect(abs((areas[0].points.last?.x ?? 0) - 4.0 / 3) < 1e-12)
        for sign in [1, -1] {
            let polygons = areas.filter { $0.sign == sign }.reduce(0) { $0 + Self.area($1.points) }
            let expected = Self.sideIntegral(xs: xs, diff: diff, sign: Double(sign))
            #expect(abs(polygons - expected) < 1e-6, "sign \(sign)")
        }
    }

    @Test func areasStopAtGapsAndSkipFlatRuns() {
        let areas = LeadChange.areas(xs: [0, 1, 2, 3, 4, 5, 6], diff: [1, 2, nil, 5, nil, 0, 0])
        #expect(areas.count == 1)  // the lone 5 encloses nothing, the zero run has no side
        #expect(areas.first?.points == [Point(0, 0), Point(0, 1), Point(1, 2), Point(1, 0)])
        #expect(LeadChange.areas(xs: [], diff: []).isEmpty)
    }

    @Test func tiePointBetweenSidesIsTheSplit() {
        let areas = LeadChange.areas(xs: [0, 1, 2], diff: [2, 0, -2])
        #expect(areas.map(\.sign) == [1, -1])
        #expect(areas[0].points.last == Point(1, 0) && areas[1].points.first == Point(1, 0))
    }
}
