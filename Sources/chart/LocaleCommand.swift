import ChartLayout
import ChartLocale
import ChartSpec
import ChartTime
import Foundation

// chart locale TAG: how a spec's `locale` resolves. chart locale TAG --sample: formats requests read from standard
// input with the service's own code (scripts/check-locales compares the answers with Babel's). chart locale --list.

let localeUsage = """
    usage: chart locale TAG [--sample]
           chart locale --list

      TAG       a BCP 47 tag (de-DE, de_at, zh-TW); prints the canonical tag, the table it resolves to and
                "ltr" or "rtl", tab-separated; a tag without a table exits 1 naming close ones
      --list    every shipped table's tag and the tags that name it exactly
      --sample  read requests from standard input, one a line, and answer each on one line:
                  number FORMAT VALUE          VALUE written with the spec number format FORMAT (".2f", ",.1f",
                                               ".0%", "auto") as tick labels and tooltips write it
                  date NAME YEAR MONTH DAY [HOUR MINUTE SECOND]
                                               the date with the time-tick pattern NAME (timeWithSeconds, time,
                                               year, month, monthYear, dayMonth, weekdayDay, dayMonthYear,
                                               dateTime); answers the LDML pattern, a tab, the text

    """

struct LocaleCommand {
    var tag: String?
    var sample = false
    var list = false

    init(arguments: [String]) {
        for argument in arguments {
            switch argument {
            case "--sample": sample = true
            case "--list": list = true
            case "-h", "--help":
                print(localeUsage, terminator: "")
                exit(0)
            default:
                guard tag == nil, !argument.hasPrefix("-") else { fail(localeUsage, code: 2) }
                tag = argument
            }
        }
        guard list != (tag != nil) else { fail(localeUsage, code: 2) }
    }

    func run() {
        if list {
            print(ChartLocale.allTags.joined(separator: "\n"))
            return
        }
        guard let tag else { fail(localeUsage, code: 2) }
        let locale: ChartLocale
        switch ChartLocale.resolve(tag) {
        case .found(let canonical, let found):
            locale = found
            if !sample { print("\(canonical)\t\(found.tag)\t\(found.isRightToLeft ? "rtl" : "ltr")") }
        case .malformed(let close):
            fail("chart locale: not a language[-Script][-REGION] tag; close: \(close.joined(separator: ", "))\n",
                 code: 1)
        case .unknown(let canonical, let close):
            fail("chart locale: no table for \(canonical); close: \(close.joined(separator: ", "))\n", code: 1)
        }
        guard sample else { return }
        while let line = readLine() {
            print(answer(line.split(separator: " ").map(String.init), locale: locale))
        }
    }

    func answer(_ words: [String], locale: ChartLocale) -> String {
        switch words.first {
        case "number":
            guard words.count == 3, let format = NumberFormat(specString: words[1]), let value = Double(words[2])
            else { return "error: number FORMAT VALUE" }
            return TickFormatter(format, locale: locale).string(value)
        case "date":
            let n = words.dropFirst(2).compactMap { Int($0) }
            guard words.count == 5 || words.count == 8, n.count == words.count - 2 else {
                return "error: date NAME YEAR MONTH DAY [HOUR MINUTE SECOND]"
            }
            let civil = CivilDate(year: n[0], month: n[1], day: n[2])
            let fields = LocalDateTime(year: n[0], month: n[1], day: n[2], weekday: civil.weekday,
                                       hour: n.count > 3 ? n[3] : 0, minute: n.count > 4 ? n[4] : 0,
                                       second: n.count > 5 ? n[5] : 0)
            let p = locale.patterns
            let patterns = ["timeWithSeconds": p.timeWithSeconds, "time": p.time, "year": p.year, "month": p.month,
                            "monthYear": p.monthYear, "dayMonth": p.dayMonth, "weekdayDay": p.weekdayDay,
                            "dayMonthYear": p.dayMonthYear]
            if words[1] == "dateTime" {
                let text = locale.dateTime(date: locale.format(fields, pattern: p.dayMonthYear),
                                           time: locale.format(fields, pattern: p.time))
                return "\(p.dateTime)\t\(text)"
            }
            guard let pattern = patterns[words[1]] else { return "error: unknown pattern \(words[1])" }
            return "\(pattern)\t\(locale.format(fields, pattern: pattern))"
        default:
            return "error: number … or date …"
        }
    }
}
