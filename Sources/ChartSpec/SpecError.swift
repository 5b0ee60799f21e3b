/// One problem found in a chart spec: where (a JSON path such as `series[1].values[3]`) and what was expected.
public struct SpecIssue: Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the field (`series[0].values[3]`); empty for the whole spec.
    public var path: String
    /// What is wrong and what was expected.
    public var message: String

    /// A problem at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// An integer as messages write it, with thousands separators: `16,777,216`.
    package static func grouped(_ value: Int) -> String {
        Diagnostics.grouped(value)
    }
}

/// A spec that could not be accepted, with every problem found (not just the first).
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem found, in input order (at most `ChartSpec.Limits.maxReportedIssues`, then a count).
    public var issues: [SpecIssue]
    /// True when the input is not JSON at all (a syntax error), rather than JSON that is not a valid spec:
    /// HTTP answers the first with 400 and the second with 422.
    public var isMalformedJSON: Bool

    /// An error listing `issues`.
    public init(issues: [SpecIssue], isMalformedJSON: Bool = false) {
        self.issues = issues
        self.isMalformedJSON = isMalformedJSON
    }

    /// An error with a single issue.
    public init(path: String, message: String, isMalformedJSON: Bool = false) {
        self.init(issues: [SpecIssue(path: path, message: message)], isMalformedJSON: isMalformedJSON)
    }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
