import CBuildInfo

/// What this binary is: its version, and the commit and date the build was given (`CBuildInfo`).
public enum BuildInfo {
    /// The release version; raise it with every release.
    public static let version = "0.16.0"

    /// The git commit built from (`-Xcc -DCHART_GIT_COMMIT=…`), or `unknown`; at most 64 visible ASCII characters.
    public static let commit = sanitized(String(cString: chart_build_commit()))

    /// The build date (`-Xcc -DCHART_BUILD_DATE=…`), or `unknown`; at most 64 visible ASCII characters.
    public static let buildDate = sanitized(String(cString: chart_build_date()))

    /// `chartd --version`: `chartd 0.16.0 (commit abc123def456, built 2026-12-02T10:00:00Z)`.
    public static var versionLine: String {
        "chartd \(version) (commit \(commit), built \(buildDate))"
    }

    /// A build flag is ours, but it still ends up in JSON, a metric label and a header-like line: keep it to
    /// visible ASCII without quotes or backslashes, and short.
    static func sanitized(_ value: String) -> String {
        let kept = value.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }
        let text = String(String.UnicodeScalarView(kept.prefix(64)))
        return text.isEmpty ? "unknown" : text
    }
}
