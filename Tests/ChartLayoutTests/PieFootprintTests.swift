#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartScene
import Testing
@testable import ChartLayout

/// The bounding box of a partial disc, against hand-worked boxes and against a brute-force oracle: the box of
/// densely sampled points of the sector's outline.
struct PieFootprintTests {
    @Test(arguments: [
        // start, sweep, hole share → minX, minY, maxX, maxY
        (-90.0, 180.0, 0.0, (-1.0, -1.0, 1.0, 0.0)),    // half gauge over the top: twice as wide as tall
        (270, 180, 0.6, (-1, -1, 1, 0)),                // the same gauge written as 270°
        (0, 90, 0, (0, -1, 1, 0)),                      // the top-right quarter, corner at the center
        (90, 180, 0, (-1, 0, 1, 1)),                    // the lower half
        (0, 360, 0.5, (-1, -1, 1, 1)),                  // a whole ring
    ])
    func handWorkedBoxes(start: Double, sweep: Double, hole: Double,
                         expected: (Double, Double, Double, Double)) {
        let box = PieFootprint(start: start, sweep: sweep, innerShare: hole)
        for (got, want) in [(box.minX, expected.0), (box.minY, expected.1), (box.maxX, expected.2),
                            (box.maxY, expected.3)] {
            #expect(abs(got - want) < 1e-12, "\(box)")
        }
    }

    /// A whole disc is exactly [−1, 1]², so a whole pie is laid out exactly as before rotation existed.
    @Test func aWholeDiscIsExactlyTheSquare() {
        #expect(PieFootprint(start: 123, sweep: 360, innerShare: 0.3)
            == PieFootprint(start: 0, sweep: 360, innerShare: 0))
        #expect(PieFootprint(start: 0, sweep: 360, innerShare: 0).mid == .init(0, 0))
    }

    @Test(arguments: [(10.0, 30.0, 0.0), (10, 30, 0.7), (-200, 250, 0.4), (45, 90, 0.5), (300, 100, 0),
                      (-360, 359, 0.9), (359, 1, 0), (0, 1, 0.2), (180, 180, 0), (-45, 270, 0.6)])
    func matchesTheBoxOfSampledOutlinePoints(start: Double, sweep: Double, hole: Double) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        let steps = 20_000
        for i in 0...steps {
            let a = (start + sweep * Double(i) / Double(steps)) * .pi / 180
            for r in [1, hole] {
                minX = min(minX, r * sin(a))
                maxX = max(maxX, r * sin(a))
                minY = min(minY, -r * cos(a))
                maxY = max(maxY, -r * cos(a))
            }
        }
        let box = PieFootprint(start: start, sweep: sweep, innerShare: hole)
        // Sampling every sweep/20 000 degrees misses an extreme by at most 1 − cos(step / 2) < 1e-9.
        for (got, sampled) in [(box.minX, minX), (box.minY, minY), (box.maxX, maxX), (box.maxY, maxY)] {
            #expect(abs(got - sampled) < 1e-6, "\(box) vs sampled \((minX, minY, maxX, maxY))")
        }
    }
}
