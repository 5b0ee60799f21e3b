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
    /// The fallbacks in lookup order (CSS font-family order, so a browser given `cssFontFamily` picks the same face
    /// per character). DejaVu Sans comes first and keeps its own Arabic and Hebrew letters: a CSS list cannot put
    /// Noto Sans Arabic first for Arabic only (Noto Sans Arabic and Devanagari also map space, digits and ASCII
    /// punctuation, which would then leave DejaVu), so the Noto faces draw what DejaVu lacks — Arabic beyond its
    /// set, Hebrew points, and all of Devanagari, Bengali, Tamil and Thai. Then the CJK faces, then Symbola's
    /// monochrome emoji last.
    public static let defaultFallbackPaths = [
        "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansTamil-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
        "/usr/share/fonts-droid-fallback/truetype/DroidSansFallbackFull.ttf",
        "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
    ]
    /// The bold face of each default fallback that has one (fonts-noto-core), by the fallback's path.
    public static let defaultBoldFallbackPaths: [String: String] = [
        "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf":
            "/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf":
            "/usr/share/fonts/truetype/noto/NotoSansHebrew-Bold.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf":
            "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Bold.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf":
            "/usr/share/fonts/truetype/noto/NotoSansBengali-Bold.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansTamil-Regular.ttf":
            "/usr/share/fonts/truetype/noto/NotoSansTamil-Bold.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf":
            "/usr/share/fonts/truetype/noto/NotoSansThai-Bold.ttf",
    ]

    /// The value of the `CHART_FONTS` environment variable, if set and non-empty.
    public static var environmentFontList: String? {
        guard let raw = getenv("CHART_FONTS") else { return nil }
        let value = String(cString: raw)
        return value.isEmpty ? nil : value
    }

    /// The value of the `CHART_FONTS_DIR` environment variable (a directory of extra fonts), if set and non-empty.
    public static var environmentFontsDirectory: String? {
        guard let raw = getenv("CHART_FONTS_DIR") else { return nil }
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
    ///
    /// `fontsDirectory` (default: `CHART_FONTS_DIR`) adds every face under that directory (`FontsDirectory`, within
    /// its limits) after the fallbacks and to the catalogue of families.
    public static func loadDefault(fontList: String? = environmentFontList,
                                   fontsDirectory: String? = environmentFontsDirectory) throws(FontError) -> FontSet {
        try load(fontList: fontList, fontsDirectory: fontsDirectory).result.get()
    }

    /// What `loadDefault` found: the set or the error, and the files that could not be loaded.
    struct LoadAttempt {
        var result: Result<FontSet, FontError>
        var missingFiles: [String]
    }

    /// `loadDefault` without throwing, keeping the files that failed (`TextEngine` reports them).
    static func load(fontList: String?, fontsDirectory: String? = nil) -> LoadAttempt {
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
        var fallbacks: [FontFace] = [], boldFallbacks: [FontFace?] = []
        var seen = Set<String>()
        for path in fallbackPaths {
            // Debian ships Droid Sans Fallback at two paths; load it once.
            let file = path.split(separator: "/").last.map(String.init) ?? path
            guard !seen.contains(file), let face = firstLoadable([path]) else { continue }
            seen.insert(file)
            fallbacks.append(face)
            let boldPath = fontList == nil ? defaultBoldFallbackPaths[path] : nil
            boldFallbacks.append(boldPath.flatMap { FontFile.exists($0) ? firstLoadable([$0]) : nil })
        }
        var notes: [String] = []
        if let fontsDirectory {
            do {
                let found = try FontsDirectory.load(fontsDirectory)
                notes += found.problems
                // Each family found joins the chain after the defaults, its bold face (if any) for bold text.
                for family in FontCatalogue(faces: found.faces).families {
                    fallbacks.append(family.regular)
                    boldFallbacks.append(family.bold)
                }
            } catch {
                missing.append("\(fontsDirectory): \(error.message)")
            }
        }
        if let regular {
            let set = FontSet(regular: regular, bold: bold, fallbacks: fallbacks, boldFallbacks: boldFallbacks,
                              problems: missing + notes, missingFiles: missing)
            return LoadAttempt(result: .success(set), missingFiles: missing)
        }
        if let primary = bold ?? fallbacks.first {
            let note = "no regular face loaded; using \(primary.name) as the primary face"
            let rest = bold == nil ? Array(fallbacks.dropFirst()) : fallbacks
            let restBold = bold == nil ? Array(boldFallbacks.dropFirst()) : boldFallbacks
            let set = FontSet(regular: primary, bold: bold, fallbacks: rest, boldFallbacks: restBold,
                              problems: missing + notes + [note], missingFiles: missing)
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
