import ChartSpec

/// Builds the native spec as JSON while remembering, for every native field written, the Chart.js path it came
/// from (`PathOrigin`), and collects the ignored Chart.js paths and the problems found at the Chart.js level.
///
/// Native paths are given as key lists: `["x", "min"]`, or a series index and a key list for `series[i]`.
struct NativeSpecBuilder {
    private var root = NativeObject()
    private var series: [NativeObject] = []
    /// Where each native field came from, in the order set (a later entry for the same path wins). Kept as keys,
    /// not as path text: the text and the map of `origins` are only needed when the decoder reports a problem.
    private var originLog: [(site: OriginSite, origin: PathOrigin)] = [(.path("series"), .path("data.datasets"))]

    /// A native path as `set`, `setSeries`, `addSeries` and `register` name it.
    private enum OriginSite {
        case root([String])
        case series(Int, [String])
        case path(String)

        var text: String {
            switch self {
            case .root(let keys): NativeSpecBuilder.nativePath(keys, under: "")
            case .series(let index, let keys): NativeSpecBuilder.nativePath(keys, under: JSONPath.index("series", index))
            case .path(let path): path
            }
        }
    }

    /// Native path → origin; `series` as a whole (its count, its total points) is the datasets.
    private var origins: [String: PathOrigin] {
        var map: [String: PathOrigin] = [:]
        map.reserveCapacity(originLog.count)
        for entry in originLog { map[entry.site.text] = entry.origin }
        return map
    }
    private var ignoredSites: [(position: [Int], path: String)] = []
    /// Problems found while translating, at Chart.js paths; capped like the native decoder's.
    private(set) var issues: [SpecIssue] = []
    private var suppressedIssues = 0

    /// Sets a top-level (or nested: `["bars", "orientation"]`) native field.
    mutating func set(_ path: [String], _ value: JSONValue, from origin: PathOrigin) {
        root.set(path[...], value)
        originLog.append((.root(path), origin))
    }

    /// Maps problems at native path `path` (one built with `JSONPath`: `annotations[2].y`) to `origin`, for fields
    /// set as part of a larger value (the elements of `annotations`).
    mutating func register(_ path: String, _ origin: PathOrigin) {
        originLog.append((.path(path), origin))
    }

    /// The native field at `path`, if a translator has set it.
    func value(at path: [String]) -> JSONValue? { root.value(at: path[...]) }

    /// Appends an empty series whose problems without a closer origin map to `origin`; returns its index.
    mutating func addSeries(from origin: String) -> Int {
        series.append(NativeObject())
        originLog.append((.series(series.count - 1, []), .path(origin)))
        return series.count - 1
    }

    var seriesCount: Int { series.count }

    /// Sets field `path` of `series[index]`.
    mutating func setSeries(_ index: Int, _ path: [String], _ value: JSONValue, from origin: PathOrigin) {
        series[index].set(path[...], value)
        originLog.append((.series(index, path), origin))
    }

    /// Replaces field `path` of `series[index]`, which keeps the origin it was set from.
    mutating func replaceSeries(_ index: Int, _ path: [String], _ value: JSONValue) {
        series[index].set(path[...], value)
    }

    /// The field at `path` of `series[index]`, if set.
    func seriesValue(_ index: Int, _ path: [String]) -> JSONValue? { series[index].value(at: path[...]) }

    /// Records a Chart.js-level problem (a wrong value the native spec never sees).
    mutating func report(_ path: @autoclosure () -> String, _ message: @autoclosure () -> String) {
        if issues.count >= ChartSpec.Limits.maxReportedIssues {
            suppressedIssues += 1
        } else {
            issues.append(SpecIssue(path: path(), message: message()))
        }
    }

    /// The Chart.js-level problems as an error, or nil when there were none.
    var error: SpecError? {
        guard !issues.isEmpty else { return nil }
        guard suppressedIssues > 0 else { return SpecError(issues: issues) }
        let more = SpecIssue(path: "", message: "… and \(suppressedIssues) more problems not listed")
        return SpecError(issues: issues + [more])
    }

    /// Records a Chart.js path accepted and ignored; `position` orders it in the document.
    mutating func ignore(_ path: String, position: [Int]) {
        ignoredSites.append((position, path))
    }

    /// The ignored paths in document order.
    var ignored: [String] {
        ignoredSites.sorted { $0.position.lexicographicallyPrecedes($1.position) }.map(\.path)
    }

    /// The native spec: the top-level fields, then `series`.
    var json: JSONValue {
        var spec = root
        spec.set(["series"], .array(series.map(\.json)))
        return spec.json
    }

    /// The Chart.js path of a native path: through its longest registered prefix (ending at a `.` or `[`).
    /// A native path with no registered prefix (a translator forgot to register one) is returned unchanged.
    func chartJSPath(ofNative path: String) -> String {
        chartJSPath(ofNative: path, origins)
    }

    private func chartJSPath(ofNative path: String, _ origins: [String: PathOrigin]) -> String {
        var end = path.endIndex
        while true {
            let prefix = path[..<end]
            if let origin = origins[String(prefix)] { return origin.chartJSPath(suffix: path[end...]) }
            guard let cut = prefix.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            end = cut
        }
        return path
    }

    /// `error` with every issue path mapped from native to Chart.js coordinates.
    func mapped(_ error: SpecError) -> SpecError {
        var mapped = error
        let origins = origins
        for i in mapped.issues.indices where !mapped.issues[i].path.isEmpty {
            mapped.issues[i].path = chartJSPath(ofNative: mapped.issues[i].path, origins)
        }
        return mapped
    }

    fileprivate static func nativePath(_ keys: [String], under parent: String) -> String {
        keys.reduce(parent) { JSONPath.member($0, $1) }
    }
}
