#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer
import Synchronization

/// Files served verbatim from the assets directory (only fixed names, so no path from a request reaches the file
/// system), at most `maxBytes`. They are answered on the I/O thread, so a file is read only when it changed: each
/// request costs one `stat`, and the preview page can still be edited without a restart.
final class StaticAssets: Sendable {
    let directory: String
    static let maxBytes = 4 * 1024 * 1024

    /// A file as last read, with what identifies that version of it.
    private struct Entry {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: timespec
        var bytes: [UInt8]

        func isCurrent(_ info: stat) -> Bool {
            device == UInt64(info.st_dev) && inode == UInt64(info.st_ino) && size == Int(info.st_size)
                && modified.tv_sec == info.st_mtim.tv_sec && modified.tv_nsec == info.st_mtim.tv_nsec
        }
    }

    /// Invariant: only the fixed asset names are keys, so the cache holds at most a few files of `maxBytes`.
    private let cache = Mutex<[String: Entry]>([:])

    init(directory: String) {
        self.directory = directory
    }

    /// The file's bytes, or nil if it is missing, unreadable or too large.
    func read(_ name: String) -> [UInt8]? {
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if let cached = cache.withLock({ $0[name] }), cached.isCurrent(info) { return cached.bytes }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= Self.maxBytes else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return readDescriptor(fd, base + offset, raw.count - offset)
            }
            guard n > 0 else { break }
            offset += n
        }
        let read = Array(bytes[0..<offset])
        if offset == bytes.count {
            cache.withLock {
                $0[name] = Entry(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: offset,
                                 modified: info.st_mtim, bytes: read)
            }
        }
        return read
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

/// `read(2)`, named apart from the local `read` above (`Glibc.read` would not compile on Darwin or Musl).
private func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
