import Testing
@testable import ChartLayout

struct TimeScaleTests {
    static func ms(_ s: String) -> Double { ISO8601Timestamp.parse(s) ?? .nan }

    @Test func mapsLinearlyAndInverts() {
        let scale = TimeScale(start: Self.ms("2026-03-01"), end: Self.ms("2026-03-11"), rangeStart: 40, rangeEnd: 640)
        #expect(scale.position(of: Self.ms("2026-03-01")) == 40)
        #expect(scale.position(of: Self.ms("2026-03-11")) == 640)
        #expect(scale.position(of: Self.ms("2026-03-06")) == 340)
        for x in stride(from: 40.0, through: 640, by: 37) {
            #expect(abs(scale.position(of: scale.value(at: x)) - x) < 1e-6)
        }
    }

    @Test func zeroLengthDomainMapsToTheMiddle() {
        let scale = TimeScale(start: 5, end: 5, rangeStart: 0, rangeEnd: 100)
        #expect(scale.position(of: 5) == 50)
        #expect(scale.position(of: 1e12) == 50)
    }

    @Test func nicedDomainEndsOnTicks() {
        let scale = TimeScale(start: Self.ms("2026-03-03T09:17:00Z"), end: Self.ms("2026-03-03T14:41:00Z"),
                              rangeStart: 0, rangeEnd: 600)
        let niced = scale.niced(count: 5)
        #expect(niced.start == Self.ms("2026-03-03T09:00:00Z"))
        #expect(niced.end == Self.ms("2026-03-03T15:00:00Z"))
        let ticks = niced.ticks(count: 5)
        #expect(ticks.first?.value == niced.start && ticks.last?.value == niced.end)
    }

    @Test func extentSkipsGapsAndNonFinite() {
        #expect(TimeScale.extent(of: [nil, 3, .nan, -2, 7, .infinity])! == (-2, 7))
        #expect(TimeScale.extent(of: [nil, .nan]) == nil)
    }

    @Test func hostileBoundsAreClamped() {
        let scale = TimeScale(start: -.infinity, end: 1e300, rangeStart: 0, rangeEnd: 100)
        #expect(scale.start == 0 && scale.end == TimeTicks.maxAbsMilliseconds)
        #expect(scale.ticks(count: 5).count <= TimeTicks.maxTicks)
    }
}
