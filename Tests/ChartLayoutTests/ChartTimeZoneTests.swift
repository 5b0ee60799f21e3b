import Foundation
import Testing
@testable import ChartLayout

struct ChartTimeZoneTests {
    static let named = ChartTimeZone.supportedNames

    /// Offsets agree with Foundation's tz database at every transition 2008–2035 (one second before and at it)
    /// and at noon UTC every 5 days in between.
    @Test(arguments: named)
    func offsetsMatchFoundation(name: String) throws {
        let zone = try ChartTimeZone(identifier: name)
        let reference = try #require(TimeZone(identifier: name))
        let from = Date(timeIntervalSince1970: 1_199_145_600)  // 2008-01-01
        let until = Date(timeIntervalSince1970: 2_051_222_400)  // 2035-01-01
        var transitions = 0
        var cursor = from
        while let next = reference.nextDaylightSavingTimeTransition(after: cursor), next < until {
            for dt in [-1.0, 0, 1] {
                let t = next.addingTimeInterval(dt)
                #expect(zone.offsetSeconds(atUTC: t.timeIntervalSince1970 * 1000) == reference.secondsFromGMT(for: t),
                        "\(name) at \(t)")
            }
            transitions += 1
            cursor = next
        }
        #expect(transitions == (name.hasPrefix("Asia") || name == "UTC" ? 0 : 54))
        for t in stride(from: from.timeIntervalSince1970 + 43_200, to: until.timeIntervalSince1970, by: 5 * 86_400) {
            let date = Date(timeIntervalSince1970: t)
            #expect(zone.offsetSeconds(atUTC: t * 1000) == reference.secondsFromGMT(for: date), "\(name) at \(date)")
        }
    }

    /// Wall-clock → instant: unambiguous times match Foundation; the repeated hour takes the earlier instant; the
    /// skipped hour moves forward by the shift.
    @Test func localToUTCAroundBerlinSwitches() throws {
        let berlin = try ChartTimeZone(identifier: "Europe/Berlin")
        func local(_ s: String) throws -> Double { try #require(ISO8601Timestamp.parse(s)) }
        func utc(_ s: String) throws -> Double { try #require(ISO8601Timestamp.parse(s)) }
        #expect(berlin.utcMilliseconds(fromLocal: try local("2026-03-29T01:30:00Z")) == (try utc("2026-03-29T00:30:00Z")))
        #expect(berlin.utcMilliseconds(fromLocal: try local("2026-03-29T03:30:00Z")) == (try utc("2026-03-29T01:30:00Z")))
        // 02:30 does not exist: read with winter time, i.e. 03:30 summer time.
        #expect(berlin.utcMilliseconds(fromLocal: try local("2026-03-29T02:30:00Z")) == (try utc("2026-03-29T01:30:00Z")))
        // 02:30 happens twice on 25 October: the first one (still summer time, 00:30 UTC).
        #expect(berlin.utcMilliseconds(fromLocal: try local("2026-10-25T02:30:00Z")) == (try utc("2026-10-25T00:30:00Z")))
        #expect(berlin.utcMilliseconds(fromLocal: try local("2026-10-25T03:30:00Z")) == (try utc("2026-10-25T02:30:00Z")))
    }

    @Test(arguments: named)
    func localRoundTripsOutsideTheSkippedHour(name: String) throws {
        let zone = try ChartTimeZone(identifier: name)
        for t in stride(from: 1_700_000_000_000.0, to: 1_800_000_000_000, by: 3_599_000) {
            let local = zone.localMilliseconds(fromUTC: t)
            let back = zone.utcMilliseconds(fromLocal: local)
            // Either the same instant, or the earlier reading of a repeated wall time (exactly one hour before).
            #expect(back == t || back == t - 3_600_000)
        }
    }

    @Test(arguments: [("+08:00", 28_800), ("-05:00", -18_000), ("+05:45", 20_700), ("+00:00", 0), ("-18:00", -64_800)])
    func fixedOffsets(text: String, seconds: Int) throws {
        let zone = try ChartTimeZone(identifier: text)
        #expect(zone.offsetSeconds(atUTC: 1_772_000_000_000) == seconds)
        #expect(zone.identifier == text)
    }

    @Test(arguments: ["Europe/Paris", "utc", "", "+8:00", "+08", "+0800", "+19:00", "+08:60", "08:00", "Mars/Olympus",
                      "+08:00 ", "UTC+8"])
    func unknownZonesAreErrors(name: String) {
        #expect(throws: TimeZoneError.self) { try ChartTimeZone(identifier: name) }
    }

    @Test func errorNamesTheSupportedSet() {
        let error = TimeZoneError(identifier: "Europe/Paris")
        #expect(error.description.contains("Europe/Berlin") && error.description.contains("+08:00"))
    }

    @Test func nonFiniteInstantsGetTheStandardOffset() throws {
        let zone = try ChartTimeZone(identifier: "America/New_York")
        #expect(zone.offsetSeconds(atUTC: .nan) == -18_000)
        #expect(zone.offsetSeconds(atUTC: .infinity) == -18_000)
    }
}
