/// One problem found in a chart spec: where (a JSON path such as `series[1].values[3]`) and what was expected.
public struct SpecIssue: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// A spec that could not be accepted, with every problem found (not just the first).
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
    public var issues: [SpecIssue]

    public init(issues: [SpecIssue]) {
        self.issues = issues
    }

    public init(path: String, message: String) {
        self.issues = [SpecIssue(path: path, message: message)]
    }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
