import Testing
import ChartScene
import ChartSpec
@testable import ChartLayout

struct SeriesDataTests {
    /// A long noisy series with one spike and a gap.
    func spiky(_ decimation: Decimation) -> SeriesData {
        var points = (0..<100_000).map { DataPoint(x: Double($0), y: Double($0 % 7)) }
        points[31_337].y = 1000
        points[50_000].y = nil
        var series = Series(points: points, hasNumericX: true)
        series.decimation = decimation
        return SeriesData(index: 0, series: series)
    }

    @Test func minMaxKeepsEverySpikeAndTheGap() {
        let data = spiky(.minmax)
        let (runs, decimated) = data.keptIndices(limit: 1600)
        #expect(decimated)
        #expect(runs.count == 2)
        let all = runs.flatMap { $0 }
        #expect(all.contains(31_337))
        #expect(!all.contains(50_000))
        #expect(all.count <= 1600 + 8)
        #expect(runs[0].allSatisfy { $0 < 50_000 } && runs[1].allSatisfy { $0 > 50_000 })
        #expect(all == all.sorted())
    }

    @Test func bothDecimationsEndAtTheSeriesEnds() {
        for decimation in Decimation.allCases {
            let runs = spiky(decimation).keptIndices(limit: 1600).runs
            #expect(runs.first?.first == 0 && runs.last?.last == 99_999, "\(decimation)")
        }
    }
}
