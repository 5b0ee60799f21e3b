#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A deployment's own fonts (`--fonts-dir`, `CHART_FONTS_DIR`): every `.ttf`, `.otf`, `.ttc` and `.otc` under a
/// directory, subdirectories included, in path order, loaded within fixed limits so that a directory cannot make
/// startup slow or memory unbounded.
///
/// The limits (`Limits.standard`): at most 64 font files and 128 faces, each file at most 64 MiB
/// (`FontFace.maximumFileSize`), 256 MiB for all faces together (a collection's bytes count once per face loaded:
/// each face keeps its own HarfBuzz copy), 8 directory levels and 10,000 directory entries looked at. What goes over
/// a limit, and every file that is not a usable font, is skipped and named in `problems` (chartd logs them at start).
public enum FontsDirectory {
    /// The bounds of one scan.
    public struct Limits: Sendable {
        public var maxFiles = 64
        public var maxFaces = 128
        public var maxFileBytes = FontFace.maximumFileSize
        public var maxTotalBytes = 256 << 20
        public var maxDepth = 8
        public var maxEntries = 10_000

        public static let standard = Limits()
        public init() {}
    }

    /// What a scan loaded and what it skipped (each `path: reason`).
    public struct Result: Sendable {
        public var faces: [FontFace] = []
        public var problems: [String] = []
    }

    /// Loads every font under `directory`. Throws when the directory itself cannot be read.
    public static func load(_ directory: String, limits: Limits = .standard) throws(FontError) -> Result {
        var result = Result()
        var files: [(path: String, size: Int)] = []
        var entries = 0
        guard isDirectory(directory) else {
            throw FontError(.unreadable, "fonts directory '\(directory)' is not a readable directory")
        }
        collect(directory, depth: 0, limits: limits, entries: &entries, files: &files, problems: &result.problems)
        files.sort { $0.path < $1.path }
        if files.count > limits.maxFiles {
            result.problems.append("\(directory): \(files.count) font files, only the first \(limits.maxFiles) "
                                   + "(by path) are loaded")
            files = Array(files.prefix(limits.maxFiles))
        }
        var total = 0
        for file in files {
            guard file.size <= limits.maxFileBytes else {
                result.problems.append("\(file.path): \(file.size) bytes (allowed ≤ \(limits.maxFileBytes))")
                continue
            }
            guard result.faces.count < limits.maxFaces else {
                result.problems.append("\(file.path): skipped, \(limits.maxFaces) faces already loaded")
                continue
            }
            let bytes: [UInt8]
            let count: Int
            do {
                bytes = try FontFile.read(file.path, limit: limits.maxFileBytes)
                count = try FontFace.faceCount(in: bytes)
            } catch {
                result.problems.append("\(file.path): \(error.message)")
                continue
            }
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
            for index in 0..<count {
                guard result.faces.count < limits.maxFaces else {
                    result.problems.append("\(file.path)#\(index): skipped, \(limits.maxFaces) faces already loaded")
                    break
                }
                guard total + bytes.count <= limits.maxTotalBytes else {
                    result.problems.append("\(file.path)#\(index): skipped, the faces loaded would exceed "
                                           + "\(limits.maxTotalBytes) bytes")
                    break
                }
                do {
                    let face = try FontFace(data: bytes, faceIndex: index, name: count == 1 ? name : "\(name)#\(index)")
                    result.faces.append(face.located(at: file.path))
                    total += bytes.count
                } catch {
                    result.problems.append("\(file.path)\(count == 1 ? "" : "#\(index)"): \(error.message)")
                }
            }
        }
        return result
    }

    /// Whether `path` names a font file by its extension.
    static func isFontFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && access(path, R_OK | X_OK) == 0
    }

    /// Appends the font files under `directory` (depth-first), within the depth and entry limits.
    private static func collect(_ directory: String, depth: Int, limits: Limits, entries: inout Int,
                                files: inout [(path: String, size: Int)], problems: inout [String]) {
        guard let handle = opendir(directory) else {
            problems.append("\(directory): cannot be opened (errno \(errno))")
            return
        }
        defer { closedir(handle) }
        var subdirectories: [String] = []
        while let entry = readdir(handle) {
            entries += 1
            guard entries <= limits.maxEntries else {
                problems.append("\(directory): stopped after \(limits.maxEntries) directory entries")
                return
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", !name.hasPrefix(".") else { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: subdirectories.append(path)
            case S_IFREG where isFontFile(name): files.append((path, Int(info.st_size)))
            default: continue
            }
        }
        for subdirectory in subdirectories.sorted() {
            guard depth + 1 < limits.maxDepth else {
                problems.append("\(subdirectory): deeper than \(limits.maxDepth) levels, not searched")
                continue
            }
            collect(subdirectory, depth: depth + 1, limits: limits, entries: &entries, files: &files,
                    problems: &problems)
        }
    }
}
