import Glibc

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
}
