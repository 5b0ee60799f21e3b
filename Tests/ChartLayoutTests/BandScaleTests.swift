import Testing
@testable import ChartLayout

struct BandScaleTests {
    @Test(arguments: [(3, 0.2, 0.1), (1, 0.2, 0.1), (7, 0.5, 0.5), (4, 0, 0), (12, 0.1, 0.3)])
    func bandsFillTheRangeWithThePaddings(count: Int, inner: Double, outer: Double) {
        let b = BandScale(count: count, rangeStart: 40, rangeEnd: 640, paddingInner: inner, paddingOuter: outer)
        #expect(abs(b.start(0) - (40 + outer * b.step)) < 1e-9)
        #expect(abs(b.start(count - 1) + b.bandwidth - (640 - outer * b.step)) < 1e-9)
        for i in 1..<max(1, count) {
            #expect(abs(b.start(i) - b.start(i - 1) - b.step) < 1e-9)
            #expect(abs(b.start(i) - (b.start(i - 1) + b.bandwidth) - inner * b.step) < 1e-9)
        }
        #expect(abs(b.center(0) - (b.start(0) + b.bandwidth / 2)) < 1e-12)
    }

    @Test func threeBandsByHand() {
        // step = 600 / (3 − 0.2 + 0.2) = 200, bandwidth 160, first band after 20 px of outer padding.
        let b = BandScale(count: 3, rangeStart: 0, rangeEnd: 600, paddingInner: 0.2, paddingOuter: 0.1)
        #expect(b.step == 200 && b.bandwidth == 160)
        #expect([0, 1, 2].map { b.start($0) } == [20, 220, 420])
    }

    @Test func groupedBarsSplitTheBand() {
        let b = BandScale(count: 4, rangeStart: 0, rangeEnd: 800)
        let bars = (0..<3).map { b.groupedBar(category: 2, series: $0, seriesCount: 3, innerPadding: 0.1) }
        #expect(abs(bars[0].start - b.start(2)) < 1e-9)
        #expect(abs(bars[2].start + bars[2].width - (b.start(2) + b.bandwidth)) < 1e-9)
        #expect(bars.allSatisfy { abs($0.width - bars[0].width) < 1e-12 && $0.width > 0 })
        for (a, c) in zip(bars, bars.dropFirst()) { #expect(a.start + a.width < c.start) }
    }

    @Test func degenerateInputsStayFinite() {
        let empty = BandScale(count: 0, rangeStart: 0, rangeEnd: 100)
        #expect(empty.step.isFinite && empty.bandwidth.isFinite)
        let hostile = BandScale(count: -3, rangeStart: 0, rangeEnd: 100, paddingInner: .nan, paddingOuter: -1,
                                align: 7)
        #expect(hostile.count == 0 && hostile.paddingInner == 0 && hostile.paddingOuter == 0 && hostile.align == 1)
        let reversed = BandScale(count: 2, rangeStart: 100, rangeEnd: 0, paddingInner: 0, paddingOuter: 0)
        #expect(reversed.start(0) == 100 && reversed.start(1) == 50 && reversed.bandwidth == -50)
    }
}
