#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The system's IANA time zone database, read at run time from a tzdata directory (`/usr/share/zoneinfo` by
/// default, Debian's `tzdata` package).
///
/// A name is checked in three steps before its file is opened: its syntax (`ZoneName`), then membership in the list
/// of zone names, read once per database (at most 5000 names; about 600 with tzdata 2025), then the file is read
/// (at most 64 KiB) and parsed (`TZifReader`). Parsed zones are kept in a least-recently-used cache of `capacity`
/// zones: a zone takes about 3 KiB (America/New_York, 236 transitions: 9 bytes each, plus its types), at most about
/// 45 KiB at the reader's limits, so the default 64 zones hold about 200 KiB and never more than 3 MiB. Repeated
/// requests in a zone never touch the file system again; unknown names never touch it at all once the list is read.
public final class ZoneDatabase: Sendable {
    /// Where the zone files are.
    public let directory: String
    /// The most parsed zones kept.
    public let capacity: Int

    /// Counters, for tests and for measuring the cache.
    public struct Statistics: Sendable, Equatable {
        /// Zone files read and parsed.
        public var loads = 0
        /// Lookups answered from the cache.
        public var hits = 0
        /// Zones in the cache now.
        public var cached = 0
    }

    private struct Entry {
        var rules: ZoneRules
        var lastUse: Int
    }

    private struct State {
        var names: [String]?
        var nameSet: Set<String> = []
        var zones: [String: Entry] = [:]
        var clock = 0
        var statistics = Statistics()
    }

    private let state = Mutex(State())

    /// The default tzdata directory.
    public static let defaultDirectory = "/usr/share/zoneinfo"

    /// A database over `directory` keeping at most `capacity` parsed zones (at least 1).
    public init(directory: String, capacity: Int = 64) {
        self.directory = directory
        self.capacity = max(1, capacity)
    }

    /// The directory the environment names: `ZONEINFO`, else `TZDIR`, else `defaultDirectory`.
    public static var environmentDirectory: String {
        for variable in ["ZONEINFO", "TZDIR"] {
            if let value = getenv(variable).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        return defaultDirectory
    }

    private final class SharedBox: Sendable {
        let current = Mutex<ZoneDatabase?>(nil)
    }

    private static let box = SharedBox()

    /// The process-wide database that `ChartTimeZone(identifier:)` uses: over `environmentDirectory` unless
    /// `useShared(directory:)` chose another.
    public static var shared: ZoneDatabase {
        box.current.withLock { current in
            if let current { return current }
            let database = ZoneDatabase(directory: environmentDirectory)
            current = database
            return database
        }
    }

    /// Makes the shared database read `directory` from now on (chartd's `--zoneinfo-dir`), with an empty cache.
    public static func useShared(directory: String) {
        box.current.withLock { $0 = ZoneDatabase(directory: directory) }
    }

    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Every zone name in the directory, sorted (read on first use, then kept).
    public var names: [String] {
        state.withLock { state in
            if let names = state.names { return names }
            let names = ZoneFiles.names(in: directory)
            state.names = names
            state.nameSet = Set(names)
            return names
        }
    }

    /// The rules of the zone `name`, from the cache or its file.
    public func rules(for name: String) throws(TimeZoneError) -> ZoneRules {
        if let problem = ZoneName.problem(name) { throw TimeZoneError(identifier: name, reason: .invalidName(problem)) }
        let names = self.names
        let cached: ZoneRules? = state.withLock { state in
            state.clock += 1
            guard state.zones[name] != nil else { return nil }
            state.zones[name]?.lastUse = state.clock
            state.statistics.hits += 1
            return state.zones[name]?.rules
        }
        if let cached { return cached }
        guard state.withLock({ $0.nameSet.contains(name) }) else {
            throw TimeZoneError(identifier: name, reason: names.isEmpty ? .noDatabase : .unknown(suggestions:
                ZoneSuggestions.closest(to: name, among: names + ChartTimeZone.builtInNames)))
        }
        // Read outside the lock; two threads loading the same zone at once both parse it, harmlessly.
        let bytes: [UInt8]
        do throws(ZoneFiles.ReadError) {
            bytes = try ZoneFiles.read(directory + "/" + name)
        } catch {
            switch error {
            case .missing: throw TimeZoneError(identifier: name, reason: .unknown(suggestions: []))
            case .failed(let why): throw TimeZoneError(identifier: name, reason: .unreadable(why))
            }
        }
        let rules: ZoneRules
        do throws(TZifError) {
            rules = try TZifReader.parse(bytes)
        } catch {
            throw TimeZoneError(identifier: name, reason: .malformed(error))
        }
        state.withLock { state in
            state.statistics.loads += 1
            state.clock += 1
            if state.zones[name] == nil, state.zones.count >= capacity,
               let oldest = state.zones.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.zones[oldest] = nil
            }
            state.zones[name] = Entry(rules: rules, lastUse: state.clock)
            state.statistics.cached = state.zones.count
        }
        return rules
    }
}
