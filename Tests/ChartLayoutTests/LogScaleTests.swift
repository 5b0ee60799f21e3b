import Foundation
import Testing
@testable import ChartLayout

struct LogScaleTests {
    @Test func reportsTheFirstNonPositiveValue() throws {
        let bad = try #require(LogScale.checkedExtent(of: [1, nil, 10, 0, -3]))
        guard case .failure(let error) = bad else {
            Issue.record("zero accepted")
            return
        }
        #expect(error.index == 3 && error.value == 0)
        #expect(error.description == "log scale needs positive values")
        for (values, index) in [([-1.0], 0), ([2, .nan], 1), ([2, -.infinity], 1), ([5, .infinity], 1)] {
            guard case .failure(let e) = LogScale.checkedExtent(of: values) else {
                Issue.record("\(values) accepted")
                continue
            }
            #expect(e.index == index)
        }
    }

    @Test func extentOfPositiveValues() throws {
        guard case .success(let extent) = try #require(LogScale.checkedExtent(of: [3, nil, 0.5, 700])) else {
            Issue.record("rejected")
            return
        }
        #expect(extent == (0.5, 700))
        #expect(LogScale.checkedExtent(of: [nil, nil]) == nil)
        #expect(LogScale.checkedExtent(of: []) == nil)
    }

    @Test func majorTicksAtPowersOfTenWithMinorsBetween() {
        let ticks = LogScale(lower: 1, upper: 1000, rangeStart: 0, rangeEnd: 300).ticks()
        #expect(ticks.filter(\.isMajor).map(\.label) == ["1", "10", "100", "1000"])
        #expect(ticks.filter(\.isMajor).map(\.value) == [1, 10, 100, 1000])
        let minors = ticks.filter { !$0.isMajor }
        #expect(minors.count == 24 && minors.allSatisfy { $0.label.isEmpty })
        #expect(minors.map(\.value).prefix(8) == [2, 3, 4, 5, 6, 7, 8, 9])
        #expect(minors.map(\.value).suffix(2) == [800, 900])
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.value < $1.value })
    }

    @Test func labelsAcrossManyDecades() {
        let ticks = LogScale(lower: 0.01, upper: 1e6, rangeStart: 0, rangeEnd: 300).ticks()
        #expect(ticks.filter(\.isMajor).map(\.label) == ["0.01", "0.1", "1", "10", "100", "1000", "10K", "100K", "1M"])
        // 0.03 is the double nearest 3/100, not 3 × 0.01 accumulated.
        #expect(ticks.contains { $0.value == 0.03 } && ticks.contains { $0.value == 0.7 })
    }

    @Test func veryWideDomainsThinTheDecades() {
        let ticks = LogScale(lower: 1e-10, upper: 1e30, rangeStart: 0, rangeEnd: 300).ticks()
        let majors = ticks.filter(\.isMajor)
        #expect(majors.count >= 2 && majors.count <= LogScale.maxMajorTicks)
        #expect(majors.map(\.label).contains("1"))
        #expect(majors.map(\.label).contains("1e-8"))
        #expect(ticks.count == 41)  // every decade marked, no 2…9 minors
    }

    @Test func underADecadeUsesOneTwoFive() {
        let ticks = LogScale(lower: 2, upper: 80, rangeStart: 0, rangeEnd: 300).ticks()
        #expect(ticks.filter(\.isMajor).map(\.label) == ["2", "5", "10", "20", "50"])
        let narrow = LogScale(lower: 2, upper: 8, rangeStart: 0, rangeEnd: 300).ticks()
        #expect(narrow.filter(\.isMajor).map(\.value) == [2, 5])
        #expect(narrow.filter { !$0.isMajor }.map(\.value) == [3, 4, 6, 7, 8])
    }

    @Test func narrowerDomainsFallBackToIntegersThenLinearSteps() {
        let ticks = LogScale(lower: 3, upper: 7, rangeStart: 0, rangeEnd: 300).ticks()
        #expect(ticks.map(\.label) == ["3", "4", "5", "6", "7"])
        #expect(ticks.allSatisfy { $0.isMajor })
        let tight = LogScale(lower: 3.1, upper: 3.9, rangeStart: 0, rangeEnd: 300).ticks()
        #expect(tight.map(\.label) == ["3.2", "3.4", "3.6", "3.8"])
        let point = LogScale(lower: 42, upper: 42, rangeStart: 0, rangeEnd: 300).ticks()
        #expect(point.map(\.label) == ["42"])
        #expect(LogScale(lower: 4.25, upper: 4.25, rangeStart: 0, rangeEnd: 300).ticks().map(\.label) == ["4.25"])
    }

    @Test(arguments: [(1, 3, "1000"), (5, 4, "50K"), (1, 6, "1M"), (2, 9, "2B"), (3, 12, "3T"), (1, 14, "100T"),
                      (1, 15, "1e+15"), (1, 21, "1e+21"),
                      (2, -2, "0.02"), (1, -4, "0.0001"), (1, -5, "1e-5"), (7, 0, "7"), (3, 2, "300")])
    func compactLabels(mantissa: Int, exponent: Int, expected: String) {
        #expect(LogScale.label(mantissa: mantissa, exponent: exponent) == expected)
    }

    @Test func positionIsLogarithmicAndInverts() {
        let scale = LogScale(lower: 1, upper: 10_000, rangeStart: 400, rangeEnd: 0)
        #expect(scale.position(of: 1) == 400)
        #expect(abs(scale.position(of: 100) - 200) < 1e-9)
        #expect(abs(scale.position(of: 10_000)) < 1e-9)
        #expect(scale.position(of: 0) == 400 && scale.position(of: -5) == 400)
        for v in [1.5, 20, 333, 9999] {
            #expect(abs(scale.value(at: scale.position(of: v)) / v - 1) < 1e-12)
        }
    }

    @Test func nicedWidensToPowersOfTen() {
        let s = LogScale(lower: 3, upper: 700, rangeStart: 0, rangeEnd: 1).niced()
        #expect(s.lower == 1 && s.upper == 1000)
        let exact = LogScale(lower: 10, upper: 100, rangeStart: 0, rangeEnd: 1).niced()
        #expect(exact.lower == 10 && exact.upper == 100)
    }

    @Test func hostileBoundsAreClamped() {
        let s = LogScale(lower: -5, upper: .infinity, rangeStart: 0, rangeEnd: 1)
        #expect(s.lower == LogScale.minValue && s.upper == 1)
        #expect(!s.ticks().isEmpty && s.ticks().count < 100)
    }
}
