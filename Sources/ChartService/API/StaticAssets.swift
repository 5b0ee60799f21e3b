import Glibc
import HTTPServer

/// Files served verbatim from the assets directory (only fixed names, so no path from a request reaches the file
/// system). Read on each request so the preview page can be edited without a restart; at most `maxBytes`.
struct StaticAssets: Sendable {
    var directory: String
    static let maxBytes = 4 * 1024 * 1024

    /// The file's bytes, or nil if it is missing, unreadable or too large.
    func read(_ name: String) -> [UInt8]? {
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= Self.maxBytes else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) }
            guard n > 0 else { break }
            offset += n
        }
        return Array(bytes[0..<offset])
    }

    /// `page` with the Content-Security-Policy of its own `<meta http-equiv>` tag also sent as a header, plus
    /// `frame-ancestors 'none'` (which a meta policy cannot carry) so no other site can frame the page.
    ///
    /// The page keeps its policy in a meta tag so it is protected when opened from disk too; the header, taken from
    /// the very bytes being sent, can never disagree with it and covers the page from its first byte. A page
    /// without the tag (or a 404) is returned as it is.
    static func withContentSecurityPolicy(_ page: HTTPResponse) -> HTTPResponse {
        guard page.status == 200, let policy = contentSecurityPolicy(ofHTML: page.body) else { return page }
        var page = page
        page.headers.set("Content-Security-Policy", policy + "; frame-ancestors 'none'")
        return page
    }

    /// The `content` of the first `<meta http-equiv="Content-Security-Policy">` in the document's head, or nil.
    ///
    /// A small tag scanner (attribute names case-insensitive, values quoted with `"` or `'` or unquoted), enough
    /// for our own page: character references are not decoded (a policy has no use for `&`), and control
    /// characters become spaces, so the value is always a valid header field.
    static func contentSecurityPolicy(ofHTML html: [UInt8]) -> String? {
        func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D }
        func text(_ range: Range<Int>) -> String { String(decoding: html[range], as: UTF8.self) }
        var i = 0
        func at(_ prefix: [UInt8]) -> Bool {
            i + prefix.count <= html.count && zip(html[i..<(i + prefix.count)], prefix).allSatisfy { lower($0) == $1 }
        }
        let meta = Array("<meta".utf8), headEnd = Array("</head".utf8), body = Array("<body".utf8)
        let tagOpen: UInt8 = 0x3C, slash: UInt8 = 0x2F, equals: UInt8 = 0x3D, close: UInt8 = 0x3E
        while i < html.count {
            guard html[i] == tagOpen else {
                i += 1
                continue
            }
            if at(headEnd) || at(body) { return nil }  // a meta policy only counts in the head
            guard at(meta), i + 5 < html.count, isSpace(html[i + 5]) || html[i + 5] == slash else {
                i += 1
                continue
            }
            i += 5
            var attributes: [String: String] = [:]  // the first of a repeated name wins, as in HTML
            while i < html.count && html[i] != close {
                if isSpace(html[i]) || html[i] == slash {
                    i += 1
                    continue
                }
                let nameStart = i
                while i < html.count, !isSpace(html[i]), ![equals, close, slash].contains(html[i]) { i += 1 }
                let name = String(decoding: html[nameStart..<i].map(lower), as: UTF8.self)
                while i < html.count && isSpace(html[i]) { i += 1 }
                var value = ""
                if i < html.count && html[i] == equals {
                    i += 1
                    while i < html.count && isSpace(html[i]) { i += 1 }
                    if i < html.count, html[i] == 0x22 || html[i] == 0x27 {  // " or '
                        let end = html[(i + 1)...].firstIndex(of: html[i]) ?? html.count
                        value = text((i + 1)..<end)
                        i = min(end + 1, html.count)
                    } else {
                        let start = i
                        while i < html.count, !isSpace(html[i]), html[i] != close { i += 1 }
                        value = text(start..<i)
                    }
                }
                if attributes[name] == nil { attributes[name] = value }
            }
            guard i < html.count else { return nil }  // a tag cut off by the end of the file is no tag
            let equiv = attributes["http-equiv"]?.lowercased()
            if equiv == "content-security-policy", let content = attributes["content"] {
                let scalars = content.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }
                return String(String.UnicodeScalarView(scalars)).trimmingSpaces
            }
        }
        return nil
    }
}
