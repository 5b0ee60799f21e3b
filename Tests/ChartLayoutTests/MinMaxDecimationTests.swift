import Testing
@testable import ChartLayout

struct MinMaxDecimationTests {
    static func signal(_ n: Int) -> (x: [Double], y: [Double]) {
        var state: UInt64 = 7
        var y: [Double] = []
        y.reserveCapacity(n)
        for i in 0..<n {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(state >> 11) / Double(1 << 53) - 0.5
            y.append(Double(i % 1000) / 100 + noise)
        }
        return ((0..<n).map { Double($0) * 0.5 }, y)
    }

    @Test func smallInputsAreKeptWhole() {
        let (x, y) = Self.signal(40)
        #expect(MinMaxDecimation.keptIndices(x: x, y: y, columns: 10) == Array(0..<40))
    }

    /// For every column the kept points include its first, last, lowest and highest point (found here by brute
    /// force); indices ascend; the first and last points survive; at most four per column.
    @Test(arguments: [1, 7, 100, 800])
    func keepsExtremesFirstAndLastPerColumn(columns: Int) {
        let (x, y) = Self.signal(50_000)
        let kept = MinMaxDecimation.keptIndices(x: x, y: y, columns: columns)
        #expect(kept.count <= 4 * columns)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
        #expect(kept.first == 0 && kept.last == x.count - 1)
        let keptSet = Set(kept)
        let lo = x[0], hi = x[x.count - 1]
        var columnsOf: [[Int]] = Array(repeating: [], count: columns)
        for i in 0..<x.count {
            columnsOf[min(columns - 1, Int((x[i] - lo) * Double(columns) / (hi - lo)))].append(i)
        }
        for members in columnsOf where !members.isEmpty {
            let minI = members.min { y[$0] < y[$1] }!
            let maxI = members.max { y[$0] < y[$1] }!
            #expect(keptSet.isSuperset(of: [members.first!, members.last!, minI, maxI]))
        }
    }

    @Test func spikesSurvive() {
        var (x, y) = Self.signal(100_000)
        y[31_337] = 1e6
        y[77_777] = -1e6
        let kept = MinMaxDecimation.keptIndices(x: x, y: y, columns: 300)
        #expect(kept.contains(31_337) && kept.contains(77_777))
        x[5] = .nan
        #expect(!MinMaxDecimation.keptIndices(x: x, y: y, columns: 300).contains(5))
    }

    @Test func gapsAreKeptSoLinesBreak() {
        var (x, y) = Self.signal(10_000)
        y[4_000] = .nan
        y[4_001] = .nan
        let kept = MinMaxDecimation.keptIndices(x: x, y: y, columns: 50)
        #expect(kept.contains(4_000))
        #expect(kept.count <= 5 * 50 + 2)
        let points = MinMaxDecimation.decimate(x: x, y: y, columns: 50)
        #expect(points.count == kept.count && points.first?.x == 0)
    }

    @Test func degenerateInputs() {
        #expect(MinMaxDecimation.keptIndices(x: [], y: [], columns: 10).isEmpty)
        let n = 1000
        let sameX = [Double](repeating: 3, count: n)
        let y = (0..<n).map { Double($0 % 17) }
        let kept = MinMaxDecimation.keptIndices(x: sameX, y: y, columns: 10)
        #expect(kept.first == 0 && kept.last == n - 1 && kept.count <= 4)
        // Extreme but finite x values do not overflow the column arithmetic.
        let extreme = (0..<n).map { $0 % 2 == 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude }
        let split = MinMaxDecimation.keptIndices(x: extreme, y: y, columns: 10)
        #expect(split.first == 0 && split.last == n - 1 && split.count <= 8)
        #expect(MinMaxDecimation.keptIndices(x: [Double](repeating: .nan, count: n), y: y, columns: 10).isEmpty)
        // Column counts are clamped, never trusted for allocation.
        #expect(MinMaxDecimation.keptIndices(x: sameX, y: y, columns: -5).count <= 4)
        #expect(MinMaxDecimation.keptIndices(x: sameX, y: y, columns: Int.max).count == n)
    }
}
