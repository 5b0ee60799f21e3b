import Testing
@testable import ChartLayout

struct StackLayoutTests {
    @Test func positivesStackUpAndNegativesDown() {
        let s = StackLayout.stack([[3, -2, nil], [4, -1, 5], [-6, 2, .nan]])
        #expect(s[0] == [StackSegment(lower: 0, upper: 3), StackSegment(lower: -2, upper: 0),
                         StackSegment(lower: 0, upper: 0)])
        #expect(s[1] == [StackSegment(lower: 3, upper: 7), StackSegment(lower: -3, upper: -2),
                         StackSegment(lower: 0, upper: 5)])
        #expect(s[2] == [StackSegment(lower: -6, upper: 0), StackSegment(lower: 0, upper: 2),
                         StackSegment(lower: 5, upper: 5)])
        #expect(StackLayout.extent(s) == (-6, 7))
    }

    /// The top of each positive stack equals the running sum of positives; the bottom of each negative stack the
    /// running sum of negatives; segment heights are the absolute values.
    @Test func topsAreRunningSums() {
        var state: UInt64 = 99
        func next() -> Double? {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Double(state >> 11) / Double(1 << 53)
            return r < 0.1 ? nil : (r - 0.4) * 100
        }
        let series: [[Double?]] = (0..<5).map { _ in (0..<12).map { _ in next() } }
        let stacks = StackLayout.stack(series)
        for c in 0..<12 {
            var pos = 0.0, neg = 0.0
            for s in 0..<5 {
                let v = series[s][c] ?? 0
                let seg = stacks[s][c]
                #expect(abs(seg.height - abs(v)) < 1e-9)
                if v >= 0 { pos += v; #expect(abs(seg.upper - pos) < 1e-9) } else { neg += v; #expect(abs(seg.lower - neg) < 1e-9) }
            }
        }
    }

    @Test func raggedSeriesAddNothingWhereTheyEnd() {
        let s = StackLayout.stack([[1], [2, 3], [4, -5, 6]])
        #expect(s.map(\.count) == [1, 2, 3])
        #expect(s[1] == [StackSegment(lower: 1, upper: 3), StackSegment(lower: 0, upper: 3)])
        #expect(s[2] == [StackSegment(lower: 3, upper: 7), StackSegment(lower: -5, upper: 0),
                         StackSegment(lower: 0, upper: 6)])
        #expect(StackLayout.stack([]).isEmpty)
        #expect(StackLayout.extent([]) == (0, 0))
    }
}
