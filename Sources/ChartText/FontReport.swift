/// What text is drawn with, as chartd's startup check, its log and `GET /v1/info` report it: the loaded font files,
/// the scripts they draw correctly, and — when text cannot be drawn as configured — why.
///
/// `scripts` follows `WritingScript`'s rule: a script is listed when the loaded faces have a glyph for every one of
/// its sample characters, and — for a script that needs shaping (Arabic, Hebrew, the Indic and South-East Asian
/// scripts) — the faces drawing it are shaped by HarfBuzz. So DejaVu Sans alone lists Arabic and Hebrew besides
/// Latin, Greek and Cyrillic.
///
/// `degraded` is set when text is not drawn as configured: no font could be loaded at all (text is measured with
/// approximate metrics and left out of every raster and PDF image), a named or found file could not be loaded (a
/// typo in `CHART_FONTS` must not silently drop a face), or the faces cannot draw Latin letters and digits (every
/// axis label would be `.notdef` boxes).
public struct FontReport: Sendable, Equatable {
    /// One loaded face.
    public struct File: Sendable, Equatable {
        /// The file, with `#N` for face N of a collection (the `CHART_FONTS` syntax).
        public var path: String
        /// The family name from the font's `name` table ("DejaVu Sans").
        public var family: String

        public init(path: String, family: String) {
            self.path = path
            self.family = family
        }
    }

    /// The faces in lookup order: regular, bold (when separate), fallbacks, the fallbacks' bold faces. Empty when
    /// no font loaded.
    public var files: [File]
    /// The families a spec's `font.family` may name (`FontCatalogue`), in load order.
    public var families: [String]
    /// Notes from loading that do not degrade the service: files under `--fonts-dir` skipped, and why.
    public var notes: [String]
    /// Scripts every glyph of which the loaded faces can draw *correctly* with today's text engine (no shaping:
    /// Arabic, Hebrew, Devanagari, Thai... are not listed even if the font has their glyphs).
    public var scripts: [String]
    /// Why text is degraded (no usable font, a configured file missing); nil when all is well.
    public var degraded: String?
    /// Configured font files that could not be read, with the reason.
    public var missing: [String]

    public init(files: [File], families: [String] = [], scripts: [String], degraded: String?, missing: [String],
                notes: [String] = []) {
        self.files = files
        self.families = families
        self.notes = notes
        self.scripts = scripts
        self.degraded = degraded
        self.missing = missing
    }
}

extension TextEngine {
    /// The report on these fonts (see `FontReport`).
    public var fontReport: FontReport {
        switch self {
        case .approximate(_, let missing):
            let why = missing.isEmpty
                ? "no font file at the default locations (\(FontSet.defaultRegularPaths[0]), …); install "
                    + "fonts-dejavu-core or set CHART_FONTS"
                : "font files not loaded: " + missing.joined(separator: "; ")
            return FontReport(files: [], scripts: [], degraded: "no usable font: \(why); text is measured "
                                + "approximately and left out of PNG, PDF, WebP, JPEG, APNG and GIF images",
                              missing: missing)
        case .fonts(let set):
            let files = set.faces.map { face in
                let path = face.path ?? face.name
                return FontReport.File(path: face.faceIndex == 0 ? path : "\(path)#\(face.faceIndex)",
                                       family: face.familyName)
            }
            let scripts = set.coverageReport.coveredScripts
            let degraded: String? = if !set.missingFiles.isEmpty {
                "font files not loaded: " + set.missingFiles.joined(separator: "; ")
            } else if !scripts.contains("Latin") {
                "the loaded fonts cannot draw Latin letters and digits: axis labels would be drawn as boxes"
            } else {
                nil
            }
            let notes = set.problems.filter { !set.missingFiles.contains($0) }
            return FontReport(files: files, families: set.catalogue.names, scripts: scripts, degraded: degraded,
                              missing: set.missingFiles, notes: notes)
        }
    }
}
