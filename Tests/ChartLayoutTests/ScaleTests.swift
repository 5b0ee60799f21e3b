import Testing
@testable import ChartLayout

struct ScaleTests {
    @Test func linearScaleMapsAndInvertsY() {
        let s = LinearScale(domain: (0, 100), range: (300, 0))
        #expect(s(0) == 300)
        #expect(s(100) == 0)
        #expect(s(50) == 150)
        #expect(s(80) < s(20), "bigger values are higher on screen")
        #expect(s.invert(75) == 75)
    }

    @Test func degenerateScalesStayFinite() {
        let flat = LinearScale(domain: (5, 5), range: (0, 100))
        #expect(flat(5) == 50)
        #expect(flat(7) == 50)
        let s = LinearScale(domain: (0, 1), range: (0, 100))
        #expect(s(.nan).isFinite)
        #expect(s(.infinity).isFinite)
        #expect(LinearScale(domain: (-1e300, 1e300), range: (0, 100))(0) == 50)
    }

    @Test func pointScalePutsEndsAtTheInsetEdges() {
        let s = PointScale(count: 5, range: (0, 100), inset: 10)
        #expect([0, 1, 2, 3, 4].map { s(Double($0)) } == [10, 30, 50, 70, 90])
        #expect(s.step == 20)
        #expect(s.linear(4) == 90)
    }

    @Test func pointScaleHandlesOneAndZeroPoints() {
        #expect(PointScale(count: 1, range: (0, 100), inset: 10)(0) == 50)
        #expect(PointScale(count: 0, range: (0, 100))(3) == 50)
        // An inset larger than half the range collapses to the middle instead of crossing over.
        let tight = PointScale(count: 3, range: (0, 10), inset: 40)
        #expect(tight(0) == 5 && tight(2) == 5)
    }
}
