/// A Prometheus histogram's state: counts per bucket (not cumulative; the last slot is +Inf), their sum and count.
struct Histogram: Sendable, Equatable {
    /// Upper bounds in seconds, ascending.
    let bounds: [Double]
    private(set) var counts: [Int]
    private(set) var sum = 0.0
    private(set) var count = 0

    init(bounds: [Double]) {
        self.bounds = bounds
        counts = [Int](repeating: 0, count: bounds.count + 1)
    }

    mutating func observe(_ value: Double) {
        let bucket = bounds.firstIndex { value <= $0 } ?? bounds.count
        counts[bucket] += 1
        sum += value
        count += 1
    }

    /// The `_bucket`, `_sum` and `_count` lines of one series; `labels` is the series' own label list (without
    /// braces, possibly empty), already escaped.
    func lines(_ name: String, labels: String) -> String {
        let prefix = labels.isEmpty ? "" : labels + ","
        var out = ""
        var cumulative = 0
        for (index, bound) in bounds.enumerated() {
            cumulative += counts[index]
            out += "\(name)_bucket{\(prefix)le=\"\(bound)\"} \(cumulative)\n"
        }
        out += "\(name)_bucket{\(prefix)le=\"+Inf\"} \(count)\n"
        let braces = labels.isEmpty ? "" : "{\(labels)}"
        out += "\(name)_sum\(braces) \(sum)\n\(name)_count\(braces) \(count)\n"
        return out
    }
}
