/// Collects every problem found while decoding a spec, so one response lists them all.
///
/// The list is capped at `ChartSpec.Limits.maxReportedIssues` so a million bad values cannot produce a
/// million-line error; the overflow is counted and summarized in a final issue.
struct Diagnostics {
    private(set) var issues: [SpecIssue] = []
    private(set) var suppressed = 0

    /// True once the cap is reached; callers may skip expensive message building (e.g. suggestions).
    var isFull: Bool { issues.count >= ChartSpec.Limits.maxReportedIssues }

    var isEmpty: Bool { issues.isEmpty }

    /// Every problem reported so far, listed or not; compare before and after decoding a part to see if it failed.
    var reportedCount: Int { issues.count + suppressed }

    /// Records one problem. Both texts are built only while under the cap, so a million bad values cost a
    /// counter increment each, not a million formatted messages.
    mutating func report(_ path: @autoclosure () -> String, _ message: @autoclosure () -> String) {
        if isFull {
            suppressed += 1
        } else {
            issues.append(SpecIssue(path: path(), message: message()))
        }
    }

    /// The collected issues as an error, or nil when the spec was valid.
    var error: SpecError? {
        guard !issues.isEmpty else { return nil }
        var all = issues
        if suppressed > 0 {
            all.append(SpecIssue(path: "", message: "… and \(suppressed) more problems not listed"))
        }
        return SpecError(issues: all)
    }

    /// A number as written in messages: `9000`, `2.5`, `1e-07`.
    static func show(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(describing: value)
    }

    /// An integer with thousands separators, as written in messages: `16,777,216`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    static func show(_ range: ClosedRange<Double>) -> String {
        "between \(show(range.lowerBound)) and \(show(range.upperBound))"
    }
}
