import Testing
@testable import ChartLayout

struct LTTBTests {
    @Test(arguments: [10, 100, 997])
    func keepsEndsAndExtremes(_ threshold: Int) {
        var rng = SeededRandom(seed: UInt64(threshold))
        let n = 20_000
        let xs = (0..<n).map(Double.init)
        var ys = (0..<n).map { _ in Double.random(in: -1...1, using: &rng) }
        ys[12_345] = 50  // a lone spike
        ys[777] = -40  // a lone dip
        let kept = LTTB.downsample(xs: xs, ys: ys, threshold: threshold)
        #expect(kept.first == 0)
        #expect(kept.last == n - 1)
        #expect(kept.contains(12_345))
        #expect(kept.contains(777))
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
        #expect(kept.count <= threshold + 2 && kept.count >= threshold - 2)
    }

    @Test func shortInputIsReturnedWhole() {
        #expect(LTTB.downsample(xs: [0, 1, 2], ys: [1, 2, 3], threshold: 10) == [0, 1, 2])
        #expect(LTTB.downsample(xs: [0, 1, 2, 3], ys: [1, 2, 3, 4], threshold: 2) == [0, 1, 2, 3])
        #expect(LTTB.downsample(xs: [], ys: [], threshold: 5) == [])
    }

    @Test func picksThePeakOfEachBucketShape() {
        // A square wave: the kept points must include both levels, or the wave would be lost.
        let xs = (0..<1000).map(Double.init)
        let ys = xs.map { Int($0 / 50) % 2 == 0 ? 0.0 : 10.0 }
        let kept = LTTB.downsample(xs: xs, ys: ys, threshold: 50)
        let levels = Set(kept.map { ys[$0] })
        #expect(levels == [0, 10])
    }
}
