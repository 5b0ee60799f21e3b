import Foundation
import Testing
@testable import ChartLayout
import ChartTime

struct ISO8601TimestampTests {
    /// Expected instants come from Foundation's calendar, not from our own arithmetic.
    static func reference(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0,
                          nanos: Int = 0, offset: Int = 0) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? calendar.timeZone
        let c = DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
        let base = calendar.date(from: c)?.timeIntervalSince1970 ?? .nan
        return base * 1000 + Double(nanos) / 1e6
    }

    static let valid: [(String, Double)] = [
        ("2026-03-01", reference(2026, 3, 1)),
        ("1970-01-01", 0),
        ("1969-12-31", -86_400_000),
        ("2024-02-29", reference(2024, 2, 29)),
        ("2000-02-29", reference(2000, 2, 29)),
        ("2026-03-01T09:30", reference(2026, 3, 1, 9, 30)),
        ("2026-03-01T09:30:00Z", reference(2026, 3, 1, 9, 30)),
        ("2026-03-01T09:30:15", reference(2026, 3, 1, 9, 30, 15)),
        ("2026-03-01T23:59:59Z", reference(2026, 3, 1, 23, 59, 59)),
        ("2026-03-01T09:30:00+08:00", reference(2026, 3, 1, 9, 30, offset: 28_800)),
        ("2026-03-01T09:30:00-05:00", reference(2026, 3, 1, 9, 30, offset: -18_000)),
        ("2026-03-01T09:30:00+05:45", reference(2026, 3, 1, 9, 30, offset: 20_700)),
        ("2026-03-01T00:30:00+01:00", reference(2026, 2, 28, 23, 30)),
        ("2026-03-01T09:30:00.125Z", reference(2026, 3, 1, 9, 30, nanos: 125_000_000)),
        ("2026-03-01T09:30:00.5+08:00", reference(2026, 3, 1, 9, 30, nanos: 500_000_000, offset: 28_800)),
        ("2026-03-01T09:30:00.123456789Z", reference(2026, 3, 1, 9, 30, nanos: 123_456_789)),
        ("9999-12-31T23:59:59Z", reference(9999, 12, 31, 23, 59, 59)),
    ]

    @Test(arguments: valid)
    func parsesAcceptedForms(text: String, expected: Double) {
        #expect(ISO8601Timestamp.parse(text) == expected)
    }

    /// Foundation's calendar is Julian before 1582, so the year-1 date is checked against the well-known proleptic
    /// Gregorian value (−62 135 596 800 s, as in Java's `Instant` and .NET's `DateTime.MinValue`).
    @Test func yearOneIsProlepticGregorian() {
        #expect(ISO8601Timestamp.parse("0001-01-01T00:00:00Z") == -62_135_596_800_000)
    }

    @Test(arguments: [
        "", "2026", "2026-03", "2026-3-01", "2026-03-1", "26-03-01", "+2026-03-01", " 2026-03-01", "2026-03-01 ",
        "2026-02-29", "1900-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-10", "2026-03-00",
        "2026-03-01T", "2026-03-01T9:30", "2026-03-01T24:00", "2026-03-01T09:60", "2026-03-01T09:30:60",
        "2026-03-01t09:30Z", "2026-03-01T09:30z", "2026-03-01 09:30", "2026-03-01T09:30:00.", "2026-03-01T09:30:00.Z",
        "2026-03-01T09:30:00.1234567890Z", "2026-03-01T09:30:00+0800", "2026-03-01T09:30:00+08",
        "2026-03-01T09:30:00+19:00", "2026-03-01T09:30:00+08:60", "2026-03-01T09:30:00+08:00x", "2026-03-01Z",
        "20260301", "2026/03/01", "abc", "２０２６-03-01", "2026-03-01T09:30:00ZZ", "2026-03-01T09:30:0",
        "2026-03-01T09:30:00.000000000000000000000000000000Z", String(repeating: "9", count: 100),
    ])
    func rejectsEverythingElse(text: String) {
        #expect(ISO8601Timestamp.parse(text) == nil)
    }

    @Test func offsetLessTimesAreWallClockInTheZone() throws {
        let berlin = try ChartTimeZone(identifier: "Europe/Berlin")
        // Winter (+01:00) and summer (+02:00) midnights.
        #expect(ISO8601Timestamp.parse("2026-03-01", in: berlin) == Self.reference(2026, 2, 28, 23))
        #expect(ISO8601Timestamp.parse("2026-07-01T12:00", in: berlin) == Self.reference(2026, 7, 1, 10))
        // An explicit offset wins over the zone.
        #expect(ISO8601Timestamp.parse("2026-07-01T12:00Z", in: berlin) == Self.reference(2026, 7, 1, 12))
    }
}
