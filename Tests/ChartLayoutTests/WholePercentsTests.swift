import Testing
@testable import ChartLayout

/// Pie percentages by the largest remainder method: they add up to 100 where rounding each share gives 99 or 101.
struct WholePercentsTests {
    /// Shares, what rounding each one alone gives (for the record: the sum is off) and the apportioned result.
    @Test(arguments: [
        ([1.0 / 3, 1.0 / 3, 1.0 / 3], [33, 33, 33], [34, 33, 33]),  // 99 → 100; ties go to the earlier share
        ([0.335, 0.335, 0.33], [34, 34, 33], [34, 33, 33]),  // 101 → 100
        ([0.125, 0.125, 0.375, 0.375], [13, 13, 38, 38], [12, 12, 38, 38]),  // 102 → 100; ties to the larger
        ([0.004, 0.996], [0, 100], [0, 100]),
        ([1], [100], [100]),
        ([0.07, 0.186, 0.744], [7, 19, 74], [7, 19, 74]),
    ] as [([Double], [Int], [Int])])
    func percentsAddUpTo100(fractions: [Double], rounded: [Int], expected: [Int]) {
        #expect(fractions.map { Int(($0 * 100).rounded()) } == rounded)
        #expect(WholePercents.of(fractions) == expected)
        #expect(WholePercents.of(fractions).reduce(0, +) == 100)
    }
}
