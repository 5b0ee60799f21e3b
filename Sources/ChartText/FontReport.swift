// Placeholder with the API contract.md gives part F, so /v1/info builds before F's branch lands; the integrator keeps
// F's file.

/// What text the service can draw, for `/v1/info`, the startup log and readiness.
public struct FontReport: Sendable, Equatable {
    public struct File: Sendable, Equatable {
        public var path: String
        public var family: String

        public init(path: String, family: String) {
            self.path = path
            self.family = family
        }
    }

    public var files: [File]
    /// Scripts every glyph of which the loaded faces can draw *correctly* with today's text engine (no shaping:
    /// Arabic, Hebrew, Devanagari, Thai... are not listed even if the font has their glyphs).
    public var scripts: [String]
    /// Why text is degraded (no usable font, a configured file missing); nil when all is well.
    public var degraded: String?
    /// Configured font files that could not be read, with the reason.
    public var missing: [String]

    public init(files: [File], scripts: [String], degraded: String?, missing: [String]) {
        self.files = files
        self.scripts = scripts
        self.degraded = degraded
        self.missing = missing
    }
}

extension TextEngine {
    /// Scripts drawn one scalar to one glyph, left to right, correctly.
    private static let unshapedScripts: Set<String> = ["Latin", "Greek", "Cyrillic", "Han", "Hiragana", "Katakana",
                                                       "Hangul"]

    public var fontReport: FontReport {
        switch self {
        case .fonts(let set):
            let report = set.coverageReport
            return FontReport(files: report.faces.map { FontReport.File(path: $0, family: $0) },
                              scripts: report.coveredScripts.filter { Self.unshapedScripts.contains($0) },
                              degraded: nil, missing: report.problems)
        case .approximate(let reason):
            return FontReport(files: [], scripts: [], degraded: "no font loaded: \(reason)", missing: [])
        }
    }
}
