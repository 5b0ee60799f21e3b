@testable import ChartSpec

/// Parses a spec written as a Swift string.
func parseSpec(_ text: String) throws(SpecError) -> ChartSpec {
    try ChartSpec.parse(Array(text.utf8))
}

/// The issues `text` is rejected with (empty when it is accepted).
func specIssues(_ text: String) -> [SpecIssue] {
    do throws(SpecError) {
        _ = try parseSpec(text)
        return []
    } catch {
        return error.issues
    }
}

/// A valid one-series spec with `extra` members added at the top level.
func minimalSpec(_ extra: String = "") -> String {
    #"{"series": [{"values": [1, 2, 3]}]"# + (extra.isEmpty ? "" : ", " + extra) + "}"
}

/// A valid spec whose only series gets `extra` members.
func seriesSpec(_ extra: String) -> String {
    #"{"series": [{"values": [1, 2, 3], "# + extra + "}]}"
}
