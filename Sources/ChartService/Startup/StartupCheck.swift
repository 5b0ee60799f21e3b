public import ChartText

/// What chartd does about its fonts before it opens its port: start, start degraded, or refuse to start.
///
/// chartd refuses (exit status `exitStatus`, 78 = `EX_CONFIG` of sysexits.h: a configuration error) whenever the
/// `FontReport` is degraded — no font could be loaded, a file named by `CHART_FONTS` (or found at a default
/// location) could not be read, or the faces cannot draw Latin — because charts would silently lose their text or a
/// face. A `CHART_FONTS` that lists good files and a missing one is refused too: a typo must not silently drop a
/// face. With `--allow-missing-fonts` (`ALLOW_MISSING_FONTS=1`) it starts anyway and `/readyz` says why it is
/// degraded.
public enum StartupCheck {
    /// The exit status of a refused start: `EX_CONFIG` (78) from sysexits.h.
    public static let exitStatus: Int32 = 78

    /// What to do about the fonts.
    public enum FontVerdict: Sendable, Equatable {
        /// All is well.
        case start
        /// Start, and say why text is degraded (`--allow-missing-fonts` was given).
        case startDegraded(String)
        /// Do not start: the message names the files and the setting that named them.
        case refuse(String)
    }

    /// The verdict on `report`. `fontList` is the `CHART_FONTS` value in force (nil when unset: the default
    /// locations were searched), named in the message so the operator knows what to fix.
    public static func fonts(_ report: FontReport, fontList: String?, allowMissingFonts: Bool) -> FontVerdict {
        guard let degraded = report.degraded else { return .start }
        if allowMissingFonts { return .startDegraded(degraded) }
        let source = fontList.map { "CHART_FONTS=\($0)" } ?? "the default font locations (CHART_FONTS is not set)"
        return .refuse("refusing to start: \(degraded) (fonts from \(source)); fix the font files or CHART_FONTS, "
            + "or start with --allow-missing-fonts (ALLOW_MISSING_FONTS=1) to serve charts without them")
    }

    /// The startup log line on the fonts: which files, which scripts are drawn correctly, which have no glyphs and
    /// which have glyphs but are drawn incorrectly (they need shaping and HarfBuzz could not read their face).
    public static func fontSummary(_ engine: TextEngine) -> (message: String, fields: [(String, String)]) {
        let report = engine.fontReport
        var fields: [(String, String)] = [
            ("files", report.files.map { "\($0.path) (\($0.family))" }.joined(separator: ", ")),
            ("families", report.families.joined(separator: ", ")),
            ("scripts", report.scripts.joined(separator: ", ")),
        ]
        if !report.notes.isEmpty { fields.append(("skipped", report.notes.joined(separator: "; "))) }
        if let coverage = engine.fontSet?.coverageReport {
            fields.append(("no_glyphs", coverage.missingScripts.joined(separator: ", ")))
            fields.append(("drawn_incorrectly", coverage.unshapedScripts.joined(separator: ", ")))
        }
        if let degraded = report.degraded { fields.append(("degraded", degraded)) }
        let message = report.files.isEmpty
            ? "fonts: none loaded; text cannot be drawn"
            : "fonts: \(report.files.count) faces draw \(report.scripts.joined(separator: ", "))"
        return (message, fields)
    }
}
