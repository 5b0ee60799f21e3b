import Foundation
import Testing
@testable import ChartTime

/// Zones of the system tzdata against Foundation's time zones (an independent reader with its own data) where the
/// rules have been stable since 2008, so both databases agree. scripts/check-timezones compares 20 zones with
/// Python's zoneinfo from 1970 to 2100.
struct ChartTimeZoneTests {
    static let stable = ["America/New_York", "America/Chicago", "America/Los_Angeles", "Europe/Paris", "Europe/London",
                         "Europe/Berlin", "Australia/Sydney", "Australia/Lord_Howe", "Asia/Kathmandu", "Asia/Kolkata",
                         "Asia/Tokyo", "Asia/Shanghai"]

    /// Offsets agree with Foundation at every transition 2008–2035 (one second before, at and after it) and at noon
    /// UTC every 5 days in between.
    @Test(arguments: stable)
    func offsetsMatchFoundation(name: String) throws {
        let zone = try ChartTimeZone(identifier: name)
        let reference = try #require(TimeZone(identifier: name))
        let from = Date(timeIntervalSince1970: 1_199_145_600)  // 2008-01-01
        let until = Date(timeIntervalSince1970: 2_051_222_400)  // 2035-01-01
        var cursor = from
        var transitions = 0
        while let next = reference.nextDaylightSavingTimeTransition(after: cursor), next < until {
            for dt in [-1.0, 0, 1] {
                let t = next.addingTimeInterval(dt)
                #expect(zone.offsetSeconds(atUTC: t.timeIntervalSince1970 * 1000) == reference.secondsFromGMT(for: t),
                        "\(name) at \(t)")
            }
            transitions += 1
            cursor = next
        }
        let ours = zone.transitions(fromUTC: Int64(from.timeIntervalSince1970), toUTC: Int64(until.timeIntervalSince1970))
        #expect(ours.count == transitions, "\(name)")
        for t in stride(from: from.timeIntervalSince1970 + 43_200, to: until.timeIntervalSince1970, by: 5 * 86_400) {
            let date = Date(timeIntervalSince1970: t)
            #expect(zone.offsetSeconds(atUTC: t * 1000) == reference.secondsFromGMT(for: date), "\(name) at \(date)")
        }
    }

    /// History: New York's 2005 summer time began on April 3 (the rule before 2007), not in March.
    @Test func newYorkIn2005FollowsThatYearsRule() throws {
        let zone = try ChartTimeZone(identifier: "America/New_York")
        let march15 = 1_110_888_000_000.0  // 2005-03-15T12:00Z
        let april2 = 1_112_443_200_000.0   // 2005-04-02T12:00Z
        let april4 = 1_112_616_000_000.0   // 2005-04-04T12:00Z
        #expect(zone.offsetSeconds(atUTC: march15) == -18_000)
        #expect(zone.offsetSeconds(atUTC: april2) == -18_000)
        #expect(zone.offsetSeconds(atUTC: april4) == -14_400)
        #expect(zone.localTimeType(atUTC: april4).abbreviation == "EDT")
    }

    /// Wall-clock → instant: unambiguous times are exact; the repeated hour takes the earlier instant; the skipped
    /// hour moves forward by the shift; Lord Howe's half-hour switch too.
    @Test func localToUTCAroundSwitches() throws {
        let paris = try ChartTimeZone(identifier: "Europe/Paris")
        let h = 3_600_000.0
        let march29 = 1_774_742_400_000.0   // 2026-03-29T00:00 as local ms
        #expect(paris.utcMilliseconds(fromLocal: march29 + 1.5 * h) == march29 + 0.5 * h)
        #expect(paris.utcMilliseconds(fromLocal: march29 + 3.5 * h) == march29 + 1.5 * h)
        #expect(paris.utcMilliseconds(fromLocal: march29 + 2.5 * h) == march29 + 1.5 * h)   // skipped: 03:30 CEST
        let october25 = 1_792_886_400_000.0  // 2026-10-25T00:00 as local ms
        #expect(paris.utcMilliseconds(fromLocal: october25 + 2.5 * h) == october25 + 0.5 * h)  // repeated: first
        #expect(paris.utcMilliseconds(fromLocal: october25 + 3.5 * h) == october25 + 2.5 * h)
        let lordHowe = try ChartTimeZone(identifier: "Australia/Lord_Howe")
        let april5 = 1_775_347_200_000.0     // 2026-04-05T00:00 as local ms; 02:00 +11 → 01:30 +10:30
        #expect(lordHowe.utcMilliseconds(fromLocal: april5 + 1.75 * h) == april5 + 1.75 * h - 11 * h)
        #expect(lordHowe.utcMilliseconds(fromLocal: april5 + 2.25 * h) == april5 + 2.25 * h - 10.5 * h)
    }

    @Test(arguments: stable)
    func localRoundTripsOutsideTheSkippedHour(name: String) throws {
        let zone = try ChartTimeZone(identifier: name)
        for t in stride(from: 1_100_000_000_000.0, to: 2_200_000_000_000, by: 35_999_000) {
            let local = zone.localMilliseconds(fromUTC: t)
            let back = zone.utcMilliseconds(fromLocal: local)
            // Either the same instant, or the earlier reading of a repeated wall time (one shift before).
            #expect(back == t || back == t - 3_600_000 || back == t - 1_800_000, "\(name) at \(t)")
        }
    }

    @Test(arguments: [("+08:00", 28_800), ("-05:00", -18_000), ("+05:45", 20_700), ("+00:00", 0), ("-18:00", -64_800),
                      ("Etc/GMT+5", -18_000), ("Etc/GMT-14", 50_400), ("UTC", 0), ("GMT", 0), ("Etc/UTC", 0)])
    func fixedZones(text: String, seconds: Int) throws {
        let zone = try ChartTimeZone(identifier: text, database: ZoneDatabase(directory: "/nonexistent"))
        #expect(zone.offsetSeconds(atUTC: 1_772_000_000_000) == seconds)
        #expect(zone.identifier == text)
    }

    @Test(arguments: ["Europe/Parsi", "utc", "+8:00", "+08", "+0800", "+19:00", "+08:60", "08:00", "Mars/Olympus",
                      "UTC+8", "Etc/GMT+13", "Etc/GMT-15"])
    func unknownZonesAreErrors(name: String) {
        #expect(throws: TimeZoneError.self) { try ChartTimeZone(identifier: name) }
    }

    @Test(arguments: [
        (1_112_590_800_000.0, "America/Chicago", "2005-04-04T00:00:00-05:00"),
        (1_112_590_800_250.0, "America/Chicago", "2005-04-04T00:00:00.250-05:00"),
        (0.0, "Asia/Kathmandu", "1970-01-01T05:30:00+05:30"),
        (1_775_313_900_000.0, "Australia/Lord_Howe", "2026-04-05T01:45:00+11:00"),
        (1_775_315_700_000.0, "Australia/Lord_Howe", "2026-04-05T01:45:00+10:30"),
        (-2_208_988_800_000.0, "UTC", "1900-01-01T00:00:00+00:00"),
    ])
    func iso8601WithTheOffsetInEffect(t: Double, name: String, expected: String) throws {
        #expect(try ChartTimeZone(identifier: name).iso8601(utcMilliseconds: t) == expected)
    }

    /// The round trip through ISO 8601 text: Foundation reads our text back to the same instant.
    @Test func iso8601ReadsBackInFoundation() throws {
        let zone = try ChartTimeZone(identifier: "Pacific/Chatham")
        let formatter = ISO8601DateFormatter()
        for t in stride(from: 0.0, to: 2_000_000_000_000, by: 86_399_000 * 37) {
            let text = zone.iso8601(utcMilliseconds: t)
            #expect(formatter.date(from: text)?.timeIntervalSince1970 == t / 1000, "\(text)")
        }
    }

    @Test func nonFiniteInstantsGetTheOffsetAtTheEpoch() throws {
        let zone = try ChartTimeZone(identifier: "America/New_York")
        #expect(zone.offsetSeconds(atUTC: .nan) == -18_000)
        #expect(zone.offsetSeconds(atUTC: .infinity) == -18_000)
        #expect(zone.offsetSeconds(atUTC: 1e300) == zone.offsetSeconds(atUTC: ChartTimeZone.maxAbsMilliseconds))
    }
}
