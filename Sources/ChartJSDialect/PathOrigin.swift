import ChartSpec

/// Where a native spec field came from in the Chart.js config, so a problem the native decoder finds is reported
/// at the Chart.js path the author wrote.
///
/// A native path is mapped through its longest registered prefix; what follows the prefix is carried over as
/// `suffix` (`series[0].values` ← `data.datasets[0].data`, so `series[0].values[3]` → `data.datasets[0].data[3]`).
enum PathOrigin {
    /// The Chart.js path; the native suffix is appended unchanged (indices into arrays that map one to one).
    case path(String)
    /// `series[i].points` built from Chart.js `{x, y, r}` objects: the native `[j][0]`, `[j][1]`, `[j][2]` are
    /// the Chart.js `[j].x`, `[j].y`, `[j].r`.
    case pointObjects(String)
    /// `series[i].points` built from category data on a time axis: the native `[j][0]` is Chart.js `labels[j]`
    /// and `[j][1]` is `data[j]`.
    case labelledValues(labels: String, data: String)
    /// A field that has no place in the config but in the request (`width`, `devicePixelRatio`…): suffixes dropped.
    case request(String)

    /// The Chart.js path of the native path `prefix + suffix`, where `prefix` was registered with this origin.
    func chartJSPath(suffix: Substring) -> String {
        switch self {
        case .path(let path): return path + suffix
        case .request(let name): return name
        case .labelledValues(let labels, let data):
            guard suffix.hasPrefix("["), let close = suffix.firstIndex(of: "]") else { return data + suffix }
            let element = suffix[...close]
            switch suffix[suffix.index(after: close)...].prefix(3) {
            case "[0]": return labels + element
            case "[1]": return data + element
            default: return data + suffix
            }
        case .pointObjects(let path):
            // suffix is "" | "[j]" | "[j][k]…"
            guard suffix.hasPrefix("["), let close = suffix.firstIndex(of: "]") else { return path + suffix }
            let element = suffix[...close]
            let rest = suffix[suffix.index(after: close)...]
            let field: String
            switch rest.prefix(3) {
            case "[0]": field = ".x"
            case "[1]": field = ".y"
            case "[2]": field = ".r"
            default: return path + suffix
            }
            return path + element + field + rest.dropFirst(3)
        }
    }
}
