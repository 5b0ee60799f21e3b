import Testing
@testable import ChartTime

/// Builds TZif bytes field by field, so tests can state exactly what a file says (and break it on purpose).
struct TZifBuilder {
    var version: UInt8 = UInt8(ascii: "2")
    var times: [Int64] = []
    var indices: [UInt8] = []
    var types: [(offset: Int32, isDaylight: UInt8, designation: UInt8)] = [(0, 0, 0)]
    var designations = Array("UTC\0".utf8)
    var footer = "UTC0"
    /// Counts to write instead of the real ones (to lie about sizes).
    var timecnt: UInt32?
    var typecnt: UInt32?

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        func u32(_ v: UInt32) { out += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func i64(_ v: Int64) { let u = UInt64(bitPattern: v); out += (0..<8).map { UInt8(u >> (56 - 8 * $0) & 0xFF) } }
        func header() {
            out += Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
            let counts: [UInt32] = [0, 0, 0, timecnt ?? UInt32(times.count), typecnt ?? UInt32(types.count),
                                    UInt32(designations.count)]
            for v in counts { u32(v) }
        }
        func block(wide: Bool) {
            for t in times { if wide { i64(t) } else { u32(UInt32(bitPattern: Int32(truncatingIfNeeded: t))) } }
            out += indices
            for t in types {
                u32(UInt32(bitPattern: t.offset))
                out += [t.isDaylight, t.designation]
            }
            out += designations
        }
        header()
        block(wide: false)
        guard version != 0 else { return out }
        header()
        block(wide: true)
        out += Array("\n\(footer)\n".utf8)
        return out
    }

    /// A small US-like zone: EST until 2005-04-03T07:00Z, then EDT, then the US rule as footer.
    static var eastern: TZifBuilder {
        var b = TZifBuilder()
        b.types = [(-18_000, 0, 0), (-14_400, 1, 4)]
        b.designations = Array("EST\0EDT\0".utf8)
        b.times = [1_112_511_600, 1_130_652_000]
        b.indices = [1, 0]
        b.footer = "EST5EDT,M3.2.0,M11.1.0"
        return b
    }
}

struct TZifReaderTests {
    @Test func readsTableAndFooter() throws {
        let rules = try TZifReader.parse(TZifBuilder.eastern.bytes())
        #expect(rules.transitionTimes == [1_112_511_600, 1_130_652_000])
        #expect(rules.localTimeType(atUTC: 1_112_511_599).abbreviation == "EST")
        #expect(rules.localTimeType(atUTC: 1_112_511_600).abbreviation == "EDT")
        #expect(rules.localTimeType(atUTC: 1_130_652_000).utcOffset == -18_000)
        // After the table, the footer: 2026's switches are March 8 07:00Z and November 1 06:00Z.
        #expect(rules.localTimeType(atUTC: 1_772_953_199).utcOffset == -18_000)
        #expect(rules.localTimeType(atUTC: 1_772_953_200).utcOffset == -14_400)
        #expect(rules.localTimeType(atUTC: 1_793_512_799).utcOffset == -14_400)
        #expect(rules.localTimeType(atUTC: 1_793_512_800).utcOffset == -18_000)
        // Before the first transition: type 0.
        #expect(rules.localTimeType(atUTC: -4_000_000_000).abbreviation == "EST")
    }

    @Test func versionOneUsesItsOwnTableWithoutFooter() throws {
        var b = TZifBuilder.eastern
        b.version = 0
        let rules = try TZifReader.parse(b.bytes())
        #expect(rules.footer == nil)
        #expect(rules.localTimeType(atUTC: 1_800_000_000).abbreviation == "EST")
    }

    @Test(arguments: ["3", "4"])
    func laterVersionsRead(version: Character) throws {
        var b = TZifBuilder.eastern
        b.version = version.asciiValue ?? 0
        #expect(try TZifReader.parse(b.bytes()).transitionTimes.count == 2)
    }

    /// Each broken file fails with its code, never a trap.
    @Test func brokenFilesFailWithTheirCode() {
        func code(_ edit: (inout TZifBuilder) -> Void, bytes: (([UInt8]) -> [UInt8])? = nil) -> TZifError.Code? {
            var b = TZifBuilder.eastern
            edit(&b)
            do {
                _ = try TZifReader.parse(bytes.map { $0(b.bytes()) } ?? b.bytes())
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code({ _ in }, bytes: { Array("TZXf".utf8) + $0.dropFirst(4) }) == .notTZif)
        #expect(code({ $0.version = UInt8(ascii: "9") }) == .unsupportedVersion)
        #expect(code({ $0.timecnt = 0xFFFF_FFFF }) == .tooLarge)
        #expect(code({ $0.typecnt = 0 }) == .badCount)
        #expect(code({ $0.version = 0; $0.timecnt = 3 }) == .truncated)
        #expect(code({ $0.timecnt = 3 }) == .notTZif)  // the second header is not where the first's counts say
        #expect(code({ $0.indices = [1, 7] }) == .badIndex)
        #expect(code({ $0.types[1].designation = 200 }) == .badIndex)
        #expect(code({ $0.designations = Array("EST\0EDTX".utf8) }) == .badIndex)
        #expect(code({ $0.times = [1_130_652_000, 1_112_511_600] }) == .unsorted)
        #expect(code({ $0.times = [Int64.min, 0] }) == .badOffset)
        #expect(code({ $0.types[0].offset = 100_000 }) == .badOffset)
        #expect(code({ $0.types[0].isDaylight = 2 }) == .badIndex)
        #expect(code({ _ in }, bytes: { Array($0.dropLast()) }) == .badFooter)
        #expect(code({ $0.footer = String(repeating: "A", count: 300) }) == .badFooter)
    }

    @Test(arguments: ["", "EST", "E5", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0",
                      "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,J0,J100", "EST5EDT,366,0", "EST99", "<+05>", "<+0\u{1}5>-5",
                      "EST5EDT,M3.2.0/168,M11.1.0", "EST5EDT,M3.2.0,M11.1.0x", "EST5:60", "EST5EDT,,"])
    func garbageFootersAreRejected(footer: String) {
        #expect(throws: TZifError.self) { try PosixTZRule(parsing: Array(footer.utf8)) }
    }

    /// Every prefix of a real zone file, and every single-byte change of its header and first records, fails
    /// cleanly or reads (a changed byte may still be a valid file); none traps.
    @Test func everyTruncationAndByteFlipIsHandled() throws {
        let bytes = (try? ZoneFiles.read("/usr/share/zoneinfo/America/New_York")) ?? TZifBuilder.eastern.bytes()
        #expect(throws: Never.self) { try TZifReader.parse(bytes) }
        var failed = 0
        for n in 0..<bytes.count {
            do { _ = try TZifReader.parse(Array(bytes.prefix(n))) } catch { failed += 1 }
        }
        #expect(failed == bytes.count)  // no prefix is complete: the footer's final newline is the last byte
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var copy = bytes
            let i = Int(state >> 33) % min(bytes.count, 200)
            copy[i] = UInt8(truncatingIfNeeded: state >> 17)
            _ = try? TZifReader.parse(copy)
        }
    }
}
