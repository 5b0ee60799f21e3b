public import ChartScene

/// Shortens text with an ellipsis so it fits a width.
public enum TextFitting {
    /// The ellipsis appended to shortened text.
    public static let ellipsis = "…"

    /// `text` itself if it fits `maxWidth`, else its longest prefix (trailing spaces dropped) plus "…" that
    /// fits, or "" when not even the ellipsis fits. The search starts where the text's average character width says
    /// the cut falls and gallops from there before bisecting: two or three measurements for text of even width (CJK,
    /// digits), O(log n) at worst — the same prefix a plain bisection finds, as wider prefixes never fit.
    public static func ellipsized(_ text: String, maxWidth: Double, size: Double, weight: FontWeight = .regular,
                                  metrics: any TextMeasuring) -> String {
        fitted(text, maxWidth: maxWidth, size: size, weight: weight, metrics: metrics).text
    }

    /// `ellipsized`, with the advance width of the result when it is `text` itself (the width this function measured
    /// anyway), so a caller that places the text next need not measure it again; nil when the text was cut or
    /// emptied.
    public static func fitted(_ text: String, maxWidth: Double, size: Double, weight: FontWeight = .regular,
                              metrics: any TextMeasuring) -> (text: String, width: Double?) {
        guard maxWidth.isFinite, maxWidth > 0 else { return ("", nil) }
        let fullWidth = metrics.width(of: text, size: size, weight: weight)
        if fullWidth <= maxWidth { return (text, fullWidth) }
        return (cut(text, fullWidth: fullWidth, maxWidth: maxWidth, size: size, weight: weight, metrics: metrics), nil)
    }

    /// The longest prefix of `text` (wider than `maxWidth`: `fullWidth`) plus "…" that fits, or "".
    private static func cut(_ text: String, fullWidth: Double, maxWidth: Double, size: Double, weight: FontWeight,
                            metrics: any TextMeasuring) -> String {
        let ellipsisWidth = metrics.width(of: ellipsis, size: size, weight: weight)
        if ellipsisWidth > maxWidth { return "" }
        // The end of each prefix: a candidate is one copy of the text's bytes, not a string built character by
        // character (1,000 labels of 200 characters spent a fifth of a chart's layout there).
        let ends = Array(text.indices)
        func candidate(_ k: Int) -> String {
            var prefix = text[..<ends[k]]
            while prefix.last == " " { prefix.removeLast() }
            return prefix + ellipsis
        }
        func fits(_ k: Int) -> Bool { metrics.width(of: candidate(k), size: size, weight: weight) <= maxWidth }
        // The answer lies in lo…hi, and lo fits (0, the bare ellipsis, always does).
        var lo = 0, hi = ends.count - 1
        let share = fullWidth > 0 ? (maxWidth - ellipsisWidth) / fullWidth : 0
        let guess = min(max(Int(share * Double(ends.count)), 0), hi)
        if guess > 0 {
            var step = 1
            if fits(guess) {
                lo = guess
                while lo + step <= hi {
                    if fits(lo + step) { lo += step; step *= 2 } else { hi = lo + step - 1; break }
                }
            } else {
                hi = guess - 1
                while hi - step + 1 > lo {
                    let probe = hi - step + 1
                    if fits(probe) { lo = probe; break }
                    hi = probe - 1
                    step *= 2
                }
            }
        }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(mid) {
                lo = mid
            } else {
                hi = mid - 1
            }
        }
        return candidate(lo)
    }
}
