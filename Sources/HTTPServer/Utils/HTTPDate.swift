#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Date` header value in IMF-fixdate form (RFC 9110 §5.6.7), recomputed at most once per second.
struct HTTPDate {
    private var second: time_t = -1
    private(set) var value = ""

    /// Updates `value` if the wall-clock second has changed and returns it.
    mutating func current() -> String {
        let now = time(nil)
        if now != second {
            second = now
            value = Self.format(now)
        }
        return value
    }

    static func format(_ t: time_t) -> String {
        var t = t
        var parts = tm()
        gmtime_r(&t, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let day = days[Int(parts.tm_wday) % 7], month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
