import ChartLocale

extension FieldTable.Field {
    /// A BCP 47 locale tag (`locale`): read case-insensitively with `_` as `-` and stored in canonical case
    /// (`de_at` → `de-AT`); a malformed tag, or one whose language has no shipped table, is reported with the
    /// shipped tags closest to it.
    static func locale(_ name: String, _ key: Key<String?>) -> Self {
        .custom(name, read: { target, value, path, diagnostics in
            guard case .string(let text) = value else {
                diagnostics.report(path, "expected a BCP 47 locale tag such as \"de-DE\", got \(value.kindDescription)")
                return
            }
            switch ChartLocale.resolve(text) {
            case .found(let canonical, _):
                target[keyPath: key] = canonical
            case .malformed(let suggestions):
                diagnostics.report(path, "expected a BCP 47 locale tag language[-Script][-REGION] such as \"de-DE\", "
                    + "got \(JSONPath.quoted(String(text.prefix(40))))" + Self.listing(suggestions))
            case .unknown(let canonical, let suggestions):
                diagnostics.report(path, "no locale data for \(JSONPath.quoted(canonical)) or its language"
                    + Self.listing(suggestions))
            }
        }, write: { target, w in
            if let tag = target[keyPath: key] { w.string(tag) }
        })
    }

    private static func listing(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : " (close: " + suggestions.map { "\"\($0)\"" }.joined(separator: ", ")
            + "; all: " + ChartLocale.tags.joined(separator: ", ") + ")"
    }
}
