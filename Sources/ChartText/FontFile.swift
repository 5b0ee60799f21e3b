#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole font files with C stdio, so the text layer needs no Foundation.
enum FontFile {
    /// Whether a regular file exists at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// Why `exists(path)` is false, in words: "not found", "permission denied"…
    static func absence(_ path: String) -> String {
        guard access(path, R_OK) != 0 else { return "readable" }
        switch errno {
        case ENOENT: return "not found"
        case EACCES: return "permission denied"
        case ENOTDIR: return "not found (a parent is not a directory)"
        default: return "not readable (errno \(errno))"
        }
    }

    /// The bytes of the file at `path`, at most `limit` bytes long.
    static func read(_ path: String, limit: Int) throws(FontError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw FontError(.unreadable, "cannot open '\(path)' (errno \(errno))")
        }
        defer { fclose(file) }
        guard fseek(file, 0, SEEK_END) == 0 else { throw FontError(.unreadable, "cannot seek in '\(path)'") }
        let size = ftell(file)
        guard size >= 0 else { throw FontError(.unreadable, "cannot size '\(path)'") }
        guard size <= limit else {
            throw FontError(.tooLarge, "'\(path)' has \(size) bytes (allowed ≤ \(limit))")
        }
        rewind(file)
        let count = Int(size)
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.baseAddress.map { fread($0, 1, count, file) } ?? 0
        }
        guard bytes.count == count else {
            throw FontError(.unreadable, "read \(bytes.count) of \(count) bytes from '\(path)'")
        }
        return bytes
    }
}
