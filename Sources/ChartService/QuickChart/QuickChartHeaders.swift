import ChartSpec
import HTTPServer

/// The two headers `/chart` adds for QuickChart's clients: `X-quickchart-error` (the first problem, which
/// QuickChart's client libraries read) and `X-Chart-Ignored` (the config paths accepted and ignored).
///
/// Both carry input (paths and messages quote keys and values), so both are made header-safe here: printable ASCII
/// only (RFC 9110 §5.5: senders should generate nothing else), control characters and non-ASCII written as `\uXXXX`
/// (`\u{X…}` above U+FFFF, as `JSONPath` writes keys, so a path already escaped there reads the same), and a byte
/// bound, cut on a whole escape. The values are text for people and client logs, not a format to decode.
enum QuickChartHeaders {
    static let error = "X-quickchart-error"
    static let ignored = "X-Chart-Ignored"
    static let maxErrorBytes = 512
    static let maxIgnoredBytes = 1024

    /// Sets `X-quickchart-error` on a problem response from its first error (`path: message`) or, without errors, its
    /// detail. The problem is read back from the body, our own small document, so every refusal on `/chart` gets the
    /// header whichever layer made it (access control, the HTTP server's limits, the translation, the renderer).
    static func addError(to response: inout HTTPResponse) {
        guard response.headers["Content-Type"] == "application/problem+json",
            case .object(let members)? = try? JSONParser.parse(response.body)
        else { return }
        func member(_ name: String, of members: [JSONMember]) -> String? {
            guard case .string(let text)? = members.first(where: { $0.key == name })?.value else { return nil }
            return text
        }
        var message = member("detail", of: members) ?? HTTPStatus.reasonPhrase(response.status)
        if case .array(let errors)? = members.first(where: { $0.key == "errors" })?.value,
            case .object(let first)? = errors.first, let text = member("message", of: first) {
            let path = member("path", of: first) ?? ""
            message = path.isEmpty ? text : path + ": " + text
        }
        response.headers.set(error, headerSafe(message, maxBytes: maxErrorBytes))
    }

    /// The `X-Chart-Ignored` value for `paths` (in document order), or nil when there are none: comma-separated, at
    /// most `maxIgnoredBytes`; when they do not all fit, as many as fit followed by `... (N more)`.
    static func ignoredValue(_ paths: [String]) -> String? {
        guard !paths.isEmpty else { return nil }
        var out = ""
        for (index, path) in paths.enumerated() {
            let item = (index == 0 ? "" : ", ") + headerSafe(path, maxBytes: maxIgnoredBytes)
            let rest = paths.count - index - 1
            // Room for this item, and (unless it is the last) for the longest possible tail after it.
            let tail = rest == 0 ? 0 : ", ... (\(paths.count) more)".utf8.count
            if out.utf8.count + item.utf8.count + tail > maxIgnoredBytes {
                return out + (index == 0 ? "" : ", ") + "... (\(paths.count - index) more)"
            }
            out += item
        }
        return out
    }

    /// `text` as printable ASCII of at most `maxBytes` bytes; a cut text ends in `...`.
    static func headerSafe(_ text: String, maxBytes: Int) -> String {
        var out = ""
        var ends: [Int] = []  // where each piece ends, so a cut never splits an escape
        for scalar in text.unicodeScalars {
            var piece = String(scalar)
            if !(" "..."~").contains(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                piece = scalar.value <= 0xFFFF
                    ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex : "\\u{" + hex + "}"
            }
            if out.utf8.count + piece.utf8.count > maxBytes {
                let keep = ends.last { $0 <= maxBytes - 3 } ?? 0
                return String(decoding: out.utf8.prefix(keep), as: UTF8.self) + "..."
            }
            out += piece
            ends.append(out.utf8.count)
        }
        return out
    }
}
