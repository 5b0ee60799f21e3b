import Testing
@testable import ChartTime

/// POSIX TZ footers: the rule forms and the unusual zones (dates are the published 2026 switches).
struct PosixTZRuleTests {
    struct Case: Sendable, CustomStringConvertible {
        var rule: String
        /// Switch instants in 2026 (UTC seconds) with the offsets before and after.
        var switches: [(at: Int64, before: Int, after: Int)]
        var description: String { rule }
    }

    static let cases = [
        Case(rule: "EST5EDT,M3.2.0,M11.1.0", switches: [(1_772_953_200, -18_000, -14_400), (1_793_512_800, -14_400, -18_000)]),
        // Lord Howe: +10:30 standard, +11 summer, half-hour switches in April and October.
        Case(rule: "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
             switches: [(1_775_314_800, 39_600, 37_800), (1_791_041_400, 37_800, 39_600)]),
        // Dublin: summer (IST, +1) is standard, winter GMT the "daylight" time — negative DST.
        Case(rule: "IST-1GMT0,M10.5.0,M3.5.0/1", switches: [(1_774_746_000, 0, 3600), (1_792_890_000, 3600, 0)]),
        // The same US switches written as day numbers: J67 = March 8, J305 = November 1 in a common year; 0-based
        // 66 and 304 likewise.
        Case(rule: "EST5EDT,J67,J305", switches: [(1_772_953_200, -18_000, -14_400), (1_793_512_800, -14_400, -18_000)]),
        Case(rule: "EST5EDT,66,304", switches: [(1_772_953_200, -18_000, -14_400), (1_793_512_800, -14_400, -18_000)]),
        // Times past 24 hours and negative ones (RFC 8536): March 7 at 26:00 is March 8 02:00; November 1 at
        // -22:00 is October 31 02:00.
        Case(rule: "EST5EDT,M3.1.6/26,M11.1.0/-22",
             switches: [(1_772_953_200, -18_000, -14_400), (1_793_426_400, -14_400, -18_000)]),
    ]

    @Test(arguments: cases)
    func switchesAtTheRightInstants(_ c: Case) throws {
        let rule = try PosixTZRule(parsing: Array(c.rule.utf8))
        for s in c.switches {
            #expect(rule.localTimeType(atUTC: s.at - 1).utcOffset == s.before, "\(c.rule) before \(s.at)")
            #expect(rule.localTimeType(atUTC: s.at).utcOffset == s.after, "\(c.rule) at \(s.at)")
        }
        let listed = rule.transitions(fromYear: 2026, toYear: 2026)
        #expect(listed.map(\.utcSeconds) == c.switches.map(\.at))
        #expect(listed.map(\.after.utcOffset) == c.switches.map(\.after))
    }

    @Test func fixedRulesWithOddOffsets() throws {
        #expect(try PosixTZRule(parsing: Array("<+0545>-5:45".utf8)).localTimeType(atUTC: 0).utcOffset == 20_700)
        #expect(try PosixTZRule(parsing: Array("<-0330>3:30".utf8)).localTimeType(atUTC: 0).utcOffset == -12_600)
        #expect(try PosixTZRule(parsing: Array("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45".utf8))
            .localTimeType(atUTC: 1_783_000_000).utcOffset == 45_900)
    }

    /// RFC 8536's example of daylight time all year: no switch is ever listed and every instant is EDT.
    @Test func daylightAllYear() throws {
        let rule = try PosixTZRule(parsing: Array("EST5EDT,0/0,J365/25".utf8))
        #expect(rule.transitions(fromYear: 2020, toYear: 2030).isEmpty)
        for t in stride(from: Int64(1_577_836_800), to: 1_893_456_000, by: 86_399 * 7) {
            #expect(rule.localTimeType(atUTC: t).abbreviation == "EDT")
        }
    }

    @Test func farInstantsAreClamped() throws {
        let rule = try PosixTZRule(parsing: Array("EST5EDT,M3.2.0,M11.1.0".utf8))
        #expect([-18_000, -14_400].contains(rule.localTimeType(atUTC: .max).utcOffset))
        #expect([-18_000, -14_400].contains(rule.localTimeType(atUTC: .min).utcOffset))
    }
}
