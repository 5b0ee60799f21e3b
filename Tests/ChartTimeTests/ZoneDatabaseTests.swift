import Foundation
import Testing
@testable import ChartTime

struct ZoneDatabaseTests {
    /// A database over a fresh directory holding `files` (name → bytes).
    static func database(_ files: [String: [UInt8]], capacity: Int = 64) throws -> ZoneDatabase {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zones-\(UUID().uuidString)")
        for (name, bytes) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return ZoneDatabase(directory: dir.path, capacity: capacity)
    }

    @Test(arguments: [
        ("../../etc/passwd", "'.'"), ("/etc/passwd", "starts"), ("America//Chicago", "empty part"),
        ("America/", "ends"), ("", "not empty"), (String(repeating: "A", count: 65), "at most 64"),
        ("America/Chicago\u{0}", "only letters"), ("Europe/Zürich", "only letters"), ("Asia/Tokyo ", "only letters"),
        ("%2e%2e/etc", "only letters"), ("America\\Chicago", "only letters"),
    ])
    func hostileNamesAreRefusedBeforeTheFileSystem(name: String, problem: String) throws {
        // The directory does not exist: a refusal that mentions the syntax proves no file was looked for.
        let database = ZoneDatabase(directory: "/nonexistent-zoneinfo")
        do {
            _ = try database.rules(for: name)
            Issue.record("accepted \(name)")
        } catch {
            guard case .invalidName(let text) = error.reason else {
                Issue.record("\(name): \(error)")
                return
            }
            #expect(text.contains(problem), "\(name): \(text)")
            #expect(!error.description.utf8.contains(0) && error.description.utf8.count < 200)
        }
    }

    @Test func namesAreTheTZifFilesWithCapitalParts() throws {
        let zone = TZifBuilder.eastern.bytes()
        let database = try Self.database([
            "America/New_York": zone, "America/Argentina/Buenos_Aires": zone, "UTC": zone, "posix/America/New_York": zone,
            "right/UTC": zone, "zone.tab": Array("US\t+404251-0740023\tAmerica/New_York\n".utf8), "Factory": zone,
            "README": Array("not a zone".utf8),
        ])
        #expect(database.names == ["America/Argentina/Buenos_Aires", "America/New_York", "Factory", "UTC"])
    }

    @Test func zonesAreCachedWithABound() throws {
        let zone = TZifBuilder.eastern.bytes()
        let database = try Self.database(["A/One": zone, "A/Two": zone, "A/Three": zone], capacity: 2)
        _ = try database.rules(for: "A/One")
        _ = try database.rules(for: "A/One")
        #expect(database.statistics == ZoneDatabase.Statistics(loads: 1, hits: 1, cached: 1))
        _ = try database.rules(for: "A/Two")
        _ = try database.rules(for: "A/Three")  // evicts A/One, the least recently used
        #expect(database.statistics.cached == 2)
        _ = try database.rules(for: "A/Three")
        _ = try database.rules(for: "A/One")
        #expect(database.statistics.loads == 4)
    }

    @Test func unknownNamesSuggestCloseOnes() throws {
        let zone = TZifBuilder.eastern.bytes()
        let database = try Self.database(["America/Chicago": zone, "America/Cancun": zone, "Europe/Paris": zone])
        func suggestions(_ name: String) -> [String] {
            do {
                _ = try database.rules(for: name)
            } catch {
                if case .unknown(let s) = error.reason { return s }
            }
            return ["(no unknown-zone error)"]
        }
        #expect(suggestions("America/Chicgo") == ["America/Chicago"])
        #expect(suggestions("America/Chciago") == ["America/Chicago"])  // a swap is one edit
        #expect(suggestions("europe/paris") == ["Europe/Paris"])
        #expect(suggestions("Mars/Olympus") == [])
        #expect(database.statistics.loads == 0)
    }

    @Test func aMissingDatabaseSaysSo() {
        let database = ZoneDatabase(directory: "/nonexistent-zoneinfo")
        #expect(throws: TimeZoneError(identifier: "Europe/Paris", reason: .noDatabase)) {
            try database.rules(for: "Europe/Paris")
        }
        #expect((try? ChartTimeZone(identifier: "Etc/GMT-3", database: database))?.offsetSeconds(atUTC: 0) == 10_800)
    }

    @Test func aDamagedFileIsAnErrorWithItsCode() throws {
        var bytes = TZifBuilder.eastern.bytes()
        bytes.removeLast(30)
        let database = try Self.database(["Broken/Zone": bytes, "Good/Zone": TZifBuilder.eastern.bytes()])
        #expect(throws: TimeZoneError.self) { try database.rules(for: "Broken/Zone") }
        do {
            _ = try database.rules(for: "Broken/Zone")
        } catch {
            guard case .malformed(let e) = error.reason else { Issue.record("\(error)"); return }
            #expect(e.code == .truncated || e.code == .badFooter)
        }
    }

    /// The system database (Debian's tzdata): hundreds of zones, every one of them readable by our reader.
    @Test func everySystemZoneParses() throws {
        let database = ZoneDatabase(directory: ZoneDatabase.defaultDirectory, capacity: 8)
        let names = database.names
        try #require(names.count > 400, "tzdata is not installed (scripts/setup installs it)")
        for name in names {
            #expect(throws: Never.self, "\(name)") { _ = try database.rules(for: name) }
        }
        #expect(database.statistics.cached == 8)
    }
}
