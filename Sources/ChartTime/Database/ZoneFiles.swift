#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File access for the zone database with the C library, so the time layer needs no Foundation.
enum ZoneFiles {
    /// The largest zone file read (real ones are under 4 KiB).
    static let maxFileBytes = 64 * 1024
    /// The most names listed, and the deepest directory nesting walked (`America/Argentina/Buenos_Aires` is 3).
    static let maxNames = 5000
    static let maxDepth = 3

    /// Why a file could not be read.
    enum ReadError: Error {
        case missing
        case failed(String)
    }

    /// The bytes of the file at `path`, at most `maxFileBytes`.
    static func read(_ path: String) throws(ReadError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw errno == ENOENT || errno == ENOTDIR ? .missing : .failed("cannot open it (errno \(errno))")
        }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: maxFileBytes + 1)
        let count = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, maxFileBytes + 1, file) }
        guard ferror(file) == 0 else { throw .failed("reading it failed (errno \(errno))") }
        guard count <= maxFileBytes else { throw .failed("it is larger than \(maxFileBytes) bytes") }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Whether the file at `path` starts with the TZif magic.
    static func isTZif(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var magic = [UInt8](repeating: 0, count: 4)
        let count = magic.withUnsafeMutableBytes { fread($0.baseAddress, 1, 4, file) }
        return count == 4 && magic == Array("TZif".utf8)
    }

    /// The zone names under `directory`: regular TZif files, walked at most `maxDepth` deep, whose every path part
    /// starts with a capital letter and is a valid name (this leaves out `posix/`, `right/`, `posixrules`,
    /// `localtime`, `zone.tab` and the other lower-case files). At most `maxNames`, sorted.
    static func names(in directory: String) -> [String] {
        var out: [String] = []
        walk(directory, prefix: "", depth: 1, into: &out)
        return out.sorted()
    }

    private static func walk(_ path: String, prefix: String, depth: Int, into out: inout [String]) {
        guard depth <= maxDepth, let dir = opendir(path) else { return }
        defer { closedir(dir) }
        var entries: [String] = []
        while let entry = readdir(dir), entries.count < maxNames {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
                  ZoneName.problem(name) == nil else { continue }
            entries.append(name)
        }
        for name in entries.sorted() where out.count < maxNames {
            let full = path + "/" + name, zone = prefix + name
            guard zone.utf8.count <= ZoneName.maxLength else { continue }
            var info = stat()
            guard stat(full, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(full, prefix: zone + "/", depth: depth + 1, into: &out)
            } else if (info.st_mode & S_IFMT) == S_IFREG, isTZif(full) {
                out.append(zone)
            }
        }
    }
}
