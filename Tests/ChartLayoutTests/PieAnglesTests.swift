import Testing
@testable import ChartLayout

struct PieAnglesTests {
    static func checkTiling(_ slices: [PieSlice], start: Double = 0) {
        #expect(slices.first?.startAngle == start)
        #expect(slices.last?.endAngle == start + 360)
        for (a, b) in zip(slices, slices.dropFirst()) { #expect(a.endAngle == b.startAngle) }
        #expect(slices.allSatisfy { $0.endAngle > $0.startAngle && $0.startAngle.isFinite })
        let fractions = slices.reduce(0) { $0 + $1.fraction }
        #expect(abs(fractions - 1) < 1e-12)
    }

    @Test func anglesAreProportionalAndTileTheCircle() {
        let slices = PieAngles.slices([1, 2, 3, 4])
        Self.checkTiling(slices)
        #expect(slices.map(\.index) == [0, 1, 2, 3])
        for (s, expected) in zip(slices, [36.0, 72, 108, 144]) {
            #expect(abs((s.endAngle - s.startAngle) - expected) < 1e-9)
        }
    }

    @Test func startAngleRotatesEverything() {
        let slices = PieAngles.slices([1, 1], start: -90)
        Self.checkTiling(slices, start: -90)
        #expect(slices.map(\.endAngle) == [90, 270])
    }

    @Test func zeroEmptyAndInvalidValuesGetNoSlices() {
        #expect(PieAngles.slices([]).isEmpty)
        #expect(PieAngles.slices([0, 0, 0]).isEmpty)
        #expect(PieAngles.slices([nil, .nan, -3]).isEmpty)
        let mixed = PieAngles.slices([0, 5, nil, -2, .infinity, 5])
        Self.checkTiling(mixed)
        #expect(mixed.map(\.index) == [1, 5])
    }

    @Test func smallSlicesMergeIntoOtherLast() {
        let slices = PieAngles.slices([50, 1, 30, 1.5, 17.5], mergeBelow: 0.02)
        Self.checkTiling(slices)
        #expect(slices.map(\.index) == [0, 2, 4, nil])
        let other = slices[3]
        #expect(other.isOther && other.sourceIndices == [1, 3] && other.value == 2.5)
        #expect(abs(other.fraction - 0.025) < 1e-12)
    }

    @Test func aSingleSmallSliceKeepsItsIdentity() {
        let slices = PieAngles.slices([98, 1, 1.5], mergeBelow: 0.0125)
        #expect(slices.map(\.index) == [0, 1, 2])
        Self.checkTiling(slices)
    }

    @Test func hugeValuesDoNotOverflow() {
        let slices = PieAngles.slices([1e308, 1e308, 5e307])
        Self.checkTiling(slices)
        #expect(slices.map(\.value) == [1e308, 1e308, 5e307])
        #expect(abs(slices[2].fraction - 0.2) < 1e-12)
    }

    @Test func manyRandomValuesSumExactly() {
        var state: UInt64 = 12345
        var values: [Double?] = []
        for _ in 0..<997 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Double(state >> 11) / Double(1 << 53) * 1000)
        }
        Self.checkTiling(PieAngles.slices(values, mergeBelow: 0.001))
    }

    /// Ties cannot defeat the cap: a million equal values (the hostile pie) give `maxSlices` slices, the first
    /// 359 inputs their own, the rest one "other".
    @Test func equalValuesStillRespectTheSliceCap() {
        let slices = PieAngles.slices([Double?](repeating: 1, count: 1_000_000), maxSlices: 360)
        #expect(slices.count == 360)
        #expect(slices.prefix(359).map(\.index) == (0..<359).map { $0 })
        #expect(slices.last?.isOther == true)
        #expect(slices.last?.sourceIndices.count == 1_000_000 - 359)
        #expect(slices.last?.sourceIndices.first == 359)
        Self.checkTiling(slices)
    }

    @Test func theCapKeepsTheLargestAndTheEarliestOfTies() {
        let slices = PieAngles.slices([1, 5, 3, 5, 3, 2], maxSlices: 4)
        #expect(slices.map(\.index) == [1, 2, 3, nil])  // 5, 3 (earlier of the two), 5, then "other"
        #expect(slices.last?.sourceIndices == [0, 4, 5])
        #expect(slices.last?.value == 6)
        Self.checkTiling(slices)
    }

    @Test func theCapCountsAnExistingOtherSlice() {
        // 0.5 and 0.6 are below 10 % and merge; the cap of 3 then leaves 40 and 30 and one "other".
        let slices = PieAngles.slices([40, 30, 20, 0.5, 0.6], mergeBelow: 0.1, maxSlices: 3)
        #expect(slices.map(\.index) == [0, 1, nil])
        #expect(slices.last?.sourceIndices == [2, 3, 4])
        Self.checkTiling(slices)
    }
}
