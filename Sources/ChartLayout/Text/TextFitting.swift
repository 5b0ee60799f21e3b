public import ChartScene

/// Shortens text with an ellipsis so it fits a width.
public enum TextFitting {
    /// The ellipsis appended to shortened text.
    public static let ellipsis = "…"

    /// `text` itself if it fits `maxWidth`, else its longest prefix (trailing spaces dropped) plus "…" that
    /// fits, or "" when not even the ellipsis fits. Binary search over characters: O(log n) measurements.
    public static func ellipsized(_ text: String, maxWidth: Double, size: Double, weight: FontWeight = .regular,
                                  metrics: any TextMeasuring) -> String {
        guard maxWidth.isFinite, maxWidth > 0 else { return "" }
        if metrics.width(of: text, size: size, weight: weight) <= maxWidth { return text }
        if metrics.width(of: ellipsis, size: size, weight: weight) > maxWidth { return "" }
        // The end of each prefix: a candidate is one copy of the text's bytes, not a string built character by
        // character (1,000 labels of 200 characters spent a fifth of a chart's layout there).
        let ends = Array(text.indices)
        func candidate(_ k: Int) -> String {
            var prefix = text[..<ends[k]]
            while prefix.last == " " { prefix.removeLast() }
            return prefix + ellipsis
        }
        var lo = 0, hi = ends.count - 1  // lo always fits (the bare ellipsis)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if metrics.width(of: candidate(mid), size: size, weight: weight) <= maxWidth {
                lo = mid
            } else {
                hi = mid - 1
            }
        }
        return candidate(lo)
    }
}
