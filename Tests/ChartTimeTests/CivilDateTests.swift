import Foundation
import Testing
@testable import ChartTime

struct CivilDateTests {
    @Test func epochAndKnownDates() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
        #expect(CivilDate(year: 1969, month: 12, day: 31).daysSinceEpoch == -1)
        #expect(CivilDate(year: 2000, month: 3, day: 1).daysSinceEpoch == 11_017)
        #expect(CivilDate(daysSinceEpoch: 0) == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate(year: 1970, month: 1, day: 1).weekday == 4)  // Thursday
        #expect(CivilDate(year: 2026, month: 3, day: 1).weekday == 0)  // Sunday
    }

    /// Consecutive day counts walk the calendar one day at a time, across leap days, centuries and year 0.
    @Test func roundTripsAndStepsOneDayAtATime() {
        var previous = CivilDate(daysSinceEpoch: -800_000)
        for days in -799_999...800_000 {
            let d = CivilDate(daysSinceEpoch: days)
            let expected = previous.day < CivilDate.daysInMonth(year: previous.year, month: previous.month)
                ? CivilDate(year: previous.year, month: previous.month, day: previous.day + 1)
                : previous.month < 12 ? CivilDate(year: previous.year, month: previous.month + 1, day: 1)
                : CivilDate(year: previous.year + 1, month: 1, day: 1)
            let weekdayStep = CivilDate.weekday(daysSinceEpoch: days)
                == (CivilDate.weekday(daysSinceEpoch: days - 1) + 1) % 7
            if d != expected || d.daysSinceEpoch != days || !weekdayStep {
                Issue.record("day \(days): \(d) follows \(previous)")
                return
            }
            previous = d
        }
    }

    @Test func matchesFoundationGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // Foundation switches to the Julian calendar before 1582, so compare from 1600 on.
        for days in stride(from: -135_000, through: 150_000, by: 97) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let c = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let d = CivilDate(daysSinceEpoch: days)
            #expect([d.year, d.month, d.day, d.weekday + 1] == [c.year, c.month, c.day, c.weekday])
        }
    }

    @Test func leapYearsAndMonthLengths() {
        #expect(CivilDate.isLeapYear(2024) && CivilDate.isLeapYear(2000) && !CivilDate.isLeapYear(1900))
        #expect(CivilDate.daysInMonth(year: 2026, month: 2) == 28)
        #expect(CivilDate.daysInMonth(year: 2024, month: 2) == 29)
        #expect(CivilDate.daysInMonth(year: 2026, month: 4) == 30)
        #expect(CivilDate.daysInMonth(year: 2026, month: 12) == 31)
    }

    @Test func nthAndLastSunday() {
        #expect(CivilDate.nthWeekday(0, nil, year: 2026, month: 3) == 29)  // EU summer time starts
        #expect(CivilDate.nthWeekday(0, nil, year: 2026, month: 10) == 25)
        #expect(CivilDate.nthWeekday(0, 2, year: 2026, month: 3) == 8)     // US
        #expect(CivilDate.nthWeekday(0, 1, year: 2026, month: 11) == 1)
        #expect(CivilDate.nthWeekday(0, 1, year: 2026, month: 3) == 1)
    }
}
