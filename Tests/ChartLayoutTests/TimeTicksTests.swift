import Foundation
import Testing
@testable import ChartLayout
import ChartTime

struct TimeTicksTests {
    static func ms(_ s: String) -> Double { ISO8601Timestamp.parse(s) ?? .nan }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var start: String
        var end: String
        var step: TimeStep
        var labels: [String]
        var description: String { name }
    }

    /// About five ticks over each range, with the step and labels worked out by hand from the rules
    /// (2026-03-03 is a Tuesday; 2026-03-01 a Sunday).
    static let table: [Case] = [
        Case(name: "30 seconds", start: "2026-03-03T09:30:00Z", end: "2026-03-03T09:30:30Z", step: TimeStep(5, .second),
             labels: ["09:30", "09:30:05", "09:30:10", "09:30:15", "09:30:20", "09:30:25", "09:30:30"]),
        Case(name: "10 minutes", start: "2026-03-03T09:00:00Z", end: "2026-03-03T09:10:00Z", step: TimeStep(2, .minute),
             labels: ["09:00", "09:02", "09:04", "09:06", "09:08", "09:10"]),
        Case(name: "6 hours", start: "2026-03-03T06:00:00Z", end: "2026-03-03T12:00:00Z", step: TimeStep(1, .hour),
             labels: ["06:00", "07:00", "08:00", "09:00", "10:00", "11:00", "12:00"]),
        Case(name: "3 days", start: "2026-03-03", end: "2026-03-06", step: TimeStep(12, .hour),
             labels: ["Tue 3", "12:00", "Wed 4", "12:00", "Thu 5", "12:00", "Fri 6"]),
        Case(name: "2 months", start: "2026-03-01", end: "2026-05-01", step: TimeStep(1, .week),
             labels: ["Mar 2", "Mar 9", "Mar 16", "Mar 23", "Mar 30", "Apr 6", "Apr 13", "Apr 20", "Apr 27"]),
        Case(name: "1 year", start: "2026-01-01", end: "2027-01-01", step: TimeStep(3, .month),
             labels: ["2026", "Apr", "Jul", "Oct", "2027"]),
        Case(name: "30 years", start: "2000-01-01", end: "2030-01-01", step: TimeStep(5, .year),
             labels: ["2000", "2005", "2010", "2015", "2020", "2025", "2030"]),
        Case(name: "300 years", start: "1800-06-01", end: "2100-01-01", step: TimeStep(50, .year),
             labels: ["1850", "1900", "1950", "2000", "2050", "2100"]),
    ]

    @Test(arguments: table)
    func tickTable(_ c: Case) {
        let start = Self.ms(c.start), end = Self.ms(c.end)
        #expect(TimeStep.choose(span: end - start, count: 5) == c.step)
        let ticks = TimeTicks.ticks(from: start, to: end, count: 5)
        #expect(ticks.map(\.label) == c.labels)
        #expect(ticks.allSatisfy { $0.value >= start && $0.value <= end })
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.value < $1.value })
    }

    /// 2-day steps restart on the 1st, so the month start is a tick and names the month.
    @Test func monthNameAtMonthStartAmongDayTicks() {
        let ticks = TimeTicks.ticks(from: Self.ms("2026-02-20"), to: Self.ms("2026-03-10"), step: TimeStep(2, .day))
        #expect(ticks.map(\.label) == ["Sat 21", "Mon 23", "Wed 25", "Fri 27", "Mar", "Tue 3", "Thu 5", "Sat 7", "Mon 9"])
        #expect(ticks.map(\.isBoundary) == [false, false, false, false, true, false, false, false, false])
    }

    @Test func yearNameAtYearStartAmongMonthTicks() {
        let ticks = TimeTicks.ticks(from: Self.ms("2025-11-01"), to: Self.ms("2026-03-01"), step: TimeStep(1, .month))
        #expect(ticks.map(\.label) == ["Nov 2025", "Dec", "2026", "Feb", "Mar"])
        #expect(ticks.map(\.isBoundary) == [true, false, true, false, false])
    }

    /// A multi-year axis names the first tick's year, whatever its unit; one year's ticks do not.
    static let multiYear: [(String, String, TimeStep, String, String)] = [
        ("2025-12-29", "2026-01-02", TimeStep(1, .day), "Mon 29", "Dec 29, 2025"),
        ("2025-12-31T18:00:00Z", "2026-01-01T06:00:00Z", TimeStep(6, .hour), "18:00", "Dec 31, 2025 18:00"),
        ("2024-04-01", "2026-04-01", TimeStep(6, .month), "Jul", "Jul 2024"),
        ("2026-02-01", "2026-11-01", TimeStep(3, .month), "Apr", "Apr"),
        ("2026-01-01", "2027-01-01", TimeStep(3, .month), "2026", "2026"),
    ]

    @Test(arguments: multiYear)
    func firstTickOfAMultiYearAxisShowsTheYear(start: String, end: String, step: TimeStep, plain: String,
                                               expected: String) {
        let ticks = TimeTicks.ticks(from: Self.ms(start), to: Self.ms(end), step: step)
        #expect(TimeTicks.label(ticks[0].value, step: step).0 == plain)
        #expect(ticks.first?.label == expected)
    }

    @Test func dayNameAtMidnightAmongHourTicks() {
        let ticks = TimeTicks.ticks(from: Self.ms("2026-03-03T18:00:00Z"), to: Self.ms("2026-03-04T06:00:00Z"),
                                    step: TimeStep(6, .hour))
        #expect(ticks.map(\.label) == ["18:00", "Wed 4", "06:00"])
        #expect(ticks.map(\.isBoundary) == [false, true, false])
    }

    /// Whatever the span, the chosen step gives a tick count near the target (the ladder's widest gap, one week to
    /// one month, is about 4.3×, so the count is within a factor of about 2.1 of the target).
    @Test(arguments: [3, 5, 10])
    func aboutTheRequestedCount(count: Int) {
        var span = 10_000.0
        let start = Self.ms("2026-03-03T09:17:23Z")
        while span < 2e13 {
            let ticks = TimeTicks.ticks(from: start, to: start + span, count: count)
            let n = Double(ticks.count)
            #expect(n >= Double(count) / 2.2 - 1 && n <= Double(count) * 2.2 + 1, "span \(span) ms: \(ticks.count)")
            span *= 1.37
        }
    }

    @Test func degenerateAndHostileDomains() {
        #expect(TimeTicks.ticks(from: .nan, to: 1, count: 5).isEmpty)
        #expect(TimeTicks.ticks(from: 0, to: .infinity, count: 5).isEmpty)
        // A zero-length domain on a whole second still gets its tick; reversed bounds are accepted.
        #expect(TimeTicks.ticks(from: 60_000, to: 60_000, count: 5).map(\.value) == [60_000])
        #expect(TimeTicks.ticks(from: 120_000, to: 0, count: 2).map(\.value) == [0, 60_000, 120_000])
        // Huge domains and counts stay bounded.
        let wide = TimeTicks.ticks(from: -1e300, to: 1e300, count: 1_000_000)
        #expect(!wide.isEmpty && wide.count <= TimeTicks.maxTicks)
        #expect(TimeTicks.ticks(from: 0, to: 1e12, step: TimeStep(1, .second)).count == TimeTicks.maxTicks)
    }

    @Test func fixedOffsetZoneTicksAtLocalMidnight() throws {
        let zone = try ChartTimeZone(identifier: "+08:00")
        let ticks = TimeTicks.ticks(from: Self.ms("2026-03-03T00:00:00Z"), to: Self.ms("2026-03-06T00:00:00Z"),
                                    step: TimeStep(1, .day), zone: zone)
        #expect(ticks.map(\.value) == ["2026-03-03T16:00:00Z", "2026-03-04T16:00:00Z", "2026-03-05T16:00:00Z"]
            .map(Self.ms))
        #expect(ticks.map(\.label) == ["Wed 4", "Thu 5", "Fri 6"])
    }

    @Test func labelsOfSingleInstants() {
        #expect(TimeTicks.label(Self.ms("2026-03-03T09:30:15Z"), step: TimeStep(15, .second)).0 == "09:30:15")
        #expect(TimeTicks.label(Self.ms("2026-03-03T09:00:00Z"), step: TimeStep(15, .second)).0 == "09:00")
        #expect(TimeTicks.label(Self.ms("2026-03-02T00:00:00Z"), step: TimeStep(1, .day)).0 == "Mon 2")
        #expect(TimeTicks.label(Self.ms("2026-03-02T00:00:00Z"), step: TimeStep(1, .week)).0 == "Mar 2")
        #expect(TimeTicks.label(Self.ms("2026-03-01T00:00:00Z"), step: TimeStep(1, .week)).0 == "Mar")
        #expect(TimeTicks.label(Self.ms("2026-01-01T00:00:00Z"), step: TimeStep(1, .hour)).0 == "2026")
    }

    @Test func floorAndCeilLandOnSteps() {
        let t = Self.ms("2026-05-17T13:47:12Z")
        #expect(TimeTicks.floor(t, step: TimeStep(15, .minute)) == Self.ms("2026-05-17T13:45:00Z"))
        #expect(TimeTicks.ceil(t, step: TimeStep(15, .minute)) == Self.ms("2026-05-17T14:00:00Z"))
        #expect(TimeTicks.floor(t, step: TimeStep(6, .hour)) == Self.ms("2026-05-17T12:00:00Z"))
        #expect(TimeTicks.floor(t, step: TimeStep(1, .week)) == Self.ms("2026-05-11"))
        #expect(TimeTicks.floor(t, step: TimeStep(3, .month)) == Self.ms("2026-04-01"))
        #expect(TimeTicks.ceil(t, step: TimeStep(3, .month)) == Self.ms("2026-07-01"))
        #expect(TimeTicks.floor(t, step: TimeStep(10, .year)) == Self.ms("2020-01-01"))
        #expect(TimeTicks.floor(Self.ms("1969-05-01"), step: TimeStep(10, .year)) == Self.ms("1960-01-01"))
        #expect(TimeTicks.ceil(Self.ms("2026-04-01"), step: TimeStep(3, .month)) == Self.ms("2026-04-01"))
    }
}

/// Ticks across daylight-saving switches stay on local midnights and local hours; Foundation's `TimeZone` is the
/// independent reference (in the tests only).
struct TimeTicksDaylightSavingTests {
    struct Switch: Sendable, CustomStringConvertible {
        var zone: String
        var day: String       // the switch day, local
        var hoursLong: Int    // its length
        var description: String { "\(zone) \(day)" }
    }

    static let switches = [
        Switch(zone: "Europe/Berlin", day: "2026-03-29", hoursLong: 23),
        Switch(zone: "Europe/Berlin", day: "2026-10-25", hoursLong: 25),
        Switch(zone: "America/New_York", day: "2026-03-08", hoursLong: 23),
        Switch(zone: "America/New_York", day: "2026-11-01", hoursLong: 25),
    ]

    static func components(_ t: Double, _ zone: String) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? calendar.timeZone
        return calendar.dateComponents([.day, .hour, .minute, .second], from: Date(timeIntervalSince1970: t / 1000))
    }

    @Test(arguments: switches)
    func dayTicksStayAtLocalMidnight(_ s: Switch) throws {
        let zone = try ChartTimeZone(identifier: s.zone)
        // From local midnight three days before the switch to local midnight three days after it.
        let localDay = try #require(ISO8601Timestamp.parse(s.day))
        let from = zone.utcMilliseconds(fromLocal: localDay - 3 * 86_400_000)
        let to = zone.utcMilliseconds(fromLocal: localDay + 3 * 86_400_000)
        let ticks = TimeTicks.ticks(from: from, to: to, step: TimeStep(1, .day), zone: zone)
        #expect(ticks.count == 7)
        for tick in ticks {
            let c = Self.components(tick.value, s.zone)
            #expect(c.hour == 0 && c.minute == 0 && c.second == 0, "\(tick)")
        }
        let lengths = zip(ticks, ticks.dropFirst()).map { Int(($1.value - $0.value) / 3_600_000) }
        #expect(lengths.filter { $0 != 24 } == [s.hoursLong])
    }

    @Test(arguments: switches)
    func sixHourTicksStayOnLocalHours(_ s: Switch) throws {
        let zone = try ChartTimeZone(identifier: s.zone)
        let day = try #require(ISO8601Timestamp.parse(s.day, in: zone))
        let next = day + Double(s.hoursLong) * 3_600_000
        let ticks = TimeTicks.ticks(from: day, to: next, step: TimeStep(6, .hour), zone: zone)
        #expect(ticks.map { Self.components($0.value, s.zone).hour } == [0, 6, 12, 18, 0])
        #expect(ticks.map(\.label).dropFirst().dropLast() == ["06:00", "12:00", "18:00"])
    }

    /// Hourly ticks over the switch day: one per real hour (23 or 25 of them), each on a whole local hour, labelled
    /// with Foundation's local hour; the skipped hour never appears and the repeated one appears twice.
    @Test(arguments: switches)
    func hourlyTicksFollowRealHours(_ s: Switch) throws {
        let zone = try ChartTimeZone(identifier: s.zone)
        let day = try #require(ISO8601Timestamp.parse(s.day, in: zone))
        let ticks = TimeTicks.ticks(from: day, to: day + Double(s.hoursLong - 1) * 3_600_000, step: TimeStep(1, .hour),
                                    zone: zone)
        #expect(ticks.count == s.hoursLong)
        for tick in ticks.dropFirst() {
            let c = Self.components(tick.value, s.zone)
            #expect(c.minute == 0 && tick.label == String(format: "%02d:00", c.hour ?? -1), "\(tick)")
        }
        let hours = ticks.map { Self.components($0.value, s.zone).hour ?? -1 }
        #expect(Set(hours).count == (s.hoursLong == 23 ? 23 : 24))
    }

    /// São Paulo's summer time of 2018 began at midnight: 4 November started at 01:00. Its day tick is that
    /// instant (Foundation's start of the day) and is labelled with the date, not "01:00".
    @Test func aDayWithoutMidnightStartsAtItsFirstInstant() throws {
        let zone = try ChartTimeZone(identifier: "America/Sao_Paulo")
        let ticks = TimeTicks.ticks(from: TimeTicksTests.ms("2018-11-02T12:00Z"), to: TimeTicksTests.ms("2018-11-06T12:00Z"),
                                    step: TimeStep(1, .day), zone: zone)
        #expect(ticks.map(\.label) == ["Sat 3", "Sun 4", "Mon 5", "Tue 6"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "America/Sao_Paulo"))
        for tick in ticks {
            let date = Date(timeIntervalSince1970: tick.value / 1000)
            #expect(calendar.startOfDay(for: date) == date, "\(tick)")
        }
    }

    /// Lord Howe's summer time is half an hour: hourly ticks stay on whole local hours on both sides of each
    /// switch (Foundation's local minute is 0), never drifting to :30.
    @Test(arguments: [("2026-04-04T12:00Z", "2026-04-04T20:00Z"), ("2026-10-03T12:00Z", "2026-10-03T20:00Z")])
    func lordHoweHourlyTicksStayOnWholeHours(from: String, to: String) throws {
        let zone = try ChartTimeZone(identifier: "Australia/Lord_Howe")
        let ticks = TimeTicks.ticks(from: TimeTicksTests.ms(from), to: TimeTicksTests.ms(to), step: TimeStep(1, .hour),
                                    zone: zone)
        #expect(ticks.count >= 7)
        for tick in ticks {
            #expect(Self.components(tick.value, "Australia/Lord_Howe").minute == 0, "\(tick)")
        }
        #expect(Set(ticks.map { zone.offsetSeconds(atUTC: $0.value) }) == [37_800, 39_600])
    }

    @Test func sydneySummerSpansTheNewYear() throws {
        let zone = try ChartTimeZone(identifier: "Australia/Sydney")
        let ticks = TimeTicks.ticks(from: TimeTicksTests.ms("2025-12-15"), to: TimeTicksTests.ms("2026-05-01"),
                                    step: TimeStep(1, .month), zone: zone)
        #expect(ticks.map(\.label) == ["2026", "Feb", "Mar", "Apr", "May"])
        for tick in ticks {
            let c = Self.components(tick.value, "Australia/Sydney")
            #expect(c.day == 1 && c.hour == 0)
        }
    }
}
