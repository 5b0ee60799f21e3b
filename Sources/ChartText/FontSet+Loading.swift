#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a `FontSet` comes from: the standard Debian locations, `CHART_FONTS`, and files named by the caller.
extension FontSet {
    /// The Debian/Ubuntu (and Fedora/Arch) locations searched by `loadDefault` when `CHART_FONTS` is unset.
    public static let defaultRegularPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    ]
    public static let defaultBoldPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf", "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf",
    ]
    public static let defaultFallbackPaths = [
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
        "/usr/share/fonts-droid-fallback/truetype/DroidSansFallbackFull.ttf",
    ]

    /// The value of the `CHART_FONTS` environment variable, if set and non-empty.
    public static var environmentFontList: String? {
        guard let raw = getenv("CHART_FONTS") else { return nil }
        let value = String(cString: raw)
        return value.isEmpty ? nil : value
    }

    /// Loads the standard faces, skipping files that are absent or unreadable (and recording them in `missingFiles`
    /// when `fontList` named them or they exist but do not parse; `FontReport` calls such a set degraded).
    ///
    /// `fontList` (default: the `CHART_FONTS` environment variable) is a colon-separated list
    /// `regular:bold:fallback1:fallback2…`; an empty bold entry means "no bold face", and entries may end in `#N` for
    /// a collection face. Without it the standard Debian locations are searched. When the regular face cannot be
    /// loaded the first loadable fallback becomes the primary face. Throws `noFontAvailable`, listing every file
    /// tried, when no face loads at all — callers then measure with `ApproximateMetrics` and cannot draw glyphs
    /// (see `TextEngine`).
    public static func loadDefault(fontList: String? = environmentFontList) throws(FontError) -> FontSet {
        try load(fontList: fontList).result.get()
    }

    /// What `loadDefault` found: the set or the error, and the files that could not be loaded.
    struct LoadAttempt {
        var result: Result<FontSet, FontError>
        var missingFiles: [String]
    }

    /// `loadDefault` without throwing, keeping the files that failed (`TextEngine` reports them).
    static func load(fontList: String?) -> LoadAttempt {
        var regularPaths = defaultRegularPaths, boldPaths = defaultBoldPaths, fallbackPaths = defaultFallbackPaths
        if let fontList {
            let entries = fontList.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            regularPaths = entries.first.map { $0.isEmpty ? [] : [$0] } ?? []
            boldPaths = entries.count > 1 && !entries[1].isEmpty ? [entries[1]] : []
            fallbackPaths = entries.dropFirst(2).filter { !$0.isEmpty }
        }
        var missing: [String] = []
        func firstLoadable(_ paths: [String]) -> FontFace? {
            for path in paths {
                guard FontFile.exists(Self.split(path).path) else {
                    if fontList != nil { missing.append("\(path): \(FontFile.absence(Self.split(path).path))") }
                    continue
                }
                do {
                    return try loadFace(path)
                } catch {
                    missing.append("\(path): \(error.message)")
                }
            }
            return nil
        }
        let regular = firstLoadable(regularPaths)
        let bold = firstLoadable(boldPaths)
        var fallbacks: [FontFace] = []
        var seen = Set<String>()
        for path in fallbackPaths {
            // Debian ships Droid Sans Fallback at two paths; load it once.
            let file = path.split(separator: "/").last.map(String.init) ?? path
            guard !seen.contains(file), let face = firstLoadable([path]) else { continue }
            seen.insert(file)
            fallbacks.append(face)
        }
        if let regular {
            let set = FontSet(regular: regular, bold: bold, fallbacks: fallbacks, problems: missing,
                              missingFiles: missing)
            return LoadAttempt(result: .success(set), missingFiles: missing)
        }
        if let primary = bold ?? fallbacks.first {
            let note = "no regular face loaded; using \(primary.name) as the primary face"
            let rest = bold == nil ? Array(fallbacks.dropFirst()) : fallbacks
            let set = FontSet(regular: primary, bold: bold, fallbacks: rest, problems: missing + [note],
                              missingFiles: missing)
            return LoadAttempt(result: .success(set), missingFiles: missing)
        }
        let tried = (regularPaths + boldPaths + fallbackPaths).joined(separator: ", ")
        let why = missing.isEmpty ? "" : " (" + missing.joined(separator: "; ") + ")"
        let error = FontError(.noFontAvailable, "no font could be loaded from: \(tried)\(why)")
        return LoadAttempt(result: .failure(error), missingFiles: missing)
    }

    /// Splits `path#N` into the file path and face index N (0 when absent).
    static func split(_ entry: String) -> (path: String, faceIndex: Int) {
        if let hash = entry.lastIndex(of: "#"), let index = Int(entry[entry.index(after: hash)...]) {
            return (String(entry[..<hash]), index)
        }
        return (entry, 0)
    }

    static func loadFace(_ entry: String) throws(FontError) -> FontFace {
        let (path, faceIndex) = split(entry)
        return try FontFace(path: path, faceIndex: faceIndex)
    }
}
