import ChartTime
import Foundation

// chart timezone NAME [--from YEAR] [--to YEAR] [--zoneinfo-dir DIR]: the zone's transitions, as chartd reads them.
// chart timezone --list [--zoneinfo-dir DIR]: every zone name of the database.

let timeZoneUsage = """
    usage: chart timezone NAME [--from YEAR] [--to YEAR] [--zoneinfo-dir DIR]
           chart timezone --list [--zoneinfo-dir DIR]

      NAME              an IANA zone (America/Chicago), UTC, Etc/GMT+5 or an offset like +05:45
      --from, --to      the years to list, inclusive (UTC years; default 1970 to 2037, at most -9999 to 9999)
      --zoneinfo-dir    the tzdata directory (default: $ZONEINFO, else $TZDIR, else /usr/share/zoneinfo)
      --list            print the database's zone names, one a line

    Prints one line per change of local time, tab-separated: the instant in seconds since 1970, the instant in
    UTC, the offset and abbreviation before, the offset and abbreviation after, and "daylight" or "standard" for
    the time after. Unknown names exit 1 naming close ones.

    """

struct TimeZoneCommand {
    var name: String?
    var fromYear = 1970
    var toYear = 2037
    var directory: String?
    var list = false

    init(arguments: [String]) {
        var args = arguments[...]
        func value(_ flag: String) -> String {
            guard let value = args.popFirst() else { fail("chart timezone: \(flag) needs a value\n" + timeZoneUsage, code: 2) }
            return value
        }
        func year(_ flag: String) -> Int {
            let text = value(flag)
            guard let y = Int(text), (-9999...9999).contains(y) else {
                fail("chart timezone: \(flag) takes a year from -9999 to 9999, not \(text)\n", code: 2)
            }
            return y
        }
        while let arg = args.popFirst() {
            switch arg {
            case "--from": fromYear = year(arg)
            case "--to": toYear = year(arg)
            case "--zoneinfo-dir": directory = value(arg)
            case "--list": list = true
            case "-h", "--help":
                print(timeZoneUsage, terminator: "")
                exit(0)
            default:
                guard name == nil, !arg.hasPrefix("--") else {
                    fail("chart timezone: unexpected \(arg)\n" + timeZoneUsage, code: 2)
                }
                name = arg
            }
        }
        guard list || name != nil else { fail(timeZoneUsage, code: 2) }
        guard fromYear <= toYear else { fail("chart timezone: --from is after --to\n", code: 2) }
    }

    func run() {
        let database = ZoneDatabase(directory: directory ?? ZoneDatabase.environmentDirectory)
        if list {
            let names = database.names
            guard !names.isEmpty else { fail("chart timezone: no zone files in \(database.directory)\n", code: 1) }
            print(names.joined(separator: "\n"))
            return
        }
        let zone: ChartTimeZone
        do throws(TimeZoneError) {
            zone = try ChartTimeZone(identifier: name ?? "", database: database)
        } catch {
            fail("chart timezone: \(error)\n", code: 1)
        }
        let from = Int64(CivilDate(year: fromYear, month: 1, day: 1).daysSinceEpoch) * 86_400
        let to = Int64(CivilDate(year: toYear + 1, month: 1, day: 1).daysSinceEpoch) * 86_400 - 1
        var out = ""
        for t in zone.transitions(fromUTC: from, toUTC: to) {
            let utc = ChartTimeZone.utc.iso8601(utcMilliseconds: Double(t.utcSeconds) * 1000)
            out += "\(t.utcSeconds)\t\(utc.dropLast(6))Z\t\(ChartTimeZone.offsetText(t.before.utcOffset))\t"
                + "\(t.before.abbreviation)\t\(ChartTimeZone.offsetText(t.after.utcOffset))\t\(t.after.abbreviation)\t"
                + (t.after.isDaylight ? "daylight" : "standard") + "\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }
}
