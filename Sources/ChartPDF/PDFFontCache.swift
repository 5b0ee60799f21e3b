import CPNGWriter
import Synchronization

/// The parts of embedded fonts that depend only on the face and the text drawn with it — the subset program and
/// the ToUnicode map, both deflated, the widths and the descriptor — kept across documents, so that a chart drawn
/// again (dashboards repeat the same labels) does not subset, describe and deflate its fonts again: that was half
/// the time of the standard chart's PDF (docs/benchmarks.md, "PDF text").
///
/// Bounded by the bytes it holds, oldest entries evicted first; a program larger than a quarter of the capacity (a
/// request naming thousands of CJK glyphs) is built every time and never stored.
final class PDFFontCache: Sendable {
    /// A face (told apart by its name, file checksum and glyph count) and the text each used glyph stands for.
    struct Key: Hashable, Sendable {
        var face: String
        var faceIndex: Int
        var checksum: UInt32
        var glyphCount: Int
        var text: [UInt16: String]
    }

    /// What `PDFEmbeddedFont` writes, less the object numbers.
    struct Program: Sendable {
        /// `ABCDEF+PostScriptName`.
        var name: String
        /// The `/FontDescriptor` entries after `/Type`, without `/FontFile2`.
        var descriptor: String
        /// The inside of the `/W` array.
        var widths: String
        /// The subset TrueType program, deflated, and its length before (`/Length1`); nil when it could not be made.
        var fontFile: (deflated: [UInt8], length: Int)?
        /// The ToUnicode CMap, deflated.
        var toUnicode: [UInt8]

        var bytes: Int { name.utf8.count + descriptor.utf8.count + widths.utf8.count + toUnicode.count
            + (fontFile?.deflated.count ?? 0) }
    }

    private struct State {
        var programs: [Key: Program] = [:]
        /// Keys oldest first.
        var order: [Key] = []
        var bytes = 0
    }

    /// The process-wide cache: 4 MiB holds the fonts of some hundred different Latin charts.
    static let shared = PDFFontCache(capacity: 4 << 20)

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) { self.capacity = capacity }

    /// The cached program for `key`, or `make()`'s, stored when it is small enough.
    func program(for key: Key, make: () -> Program) -> Program {
        if let cached = state.withLock({ $0.programs[key] }) { return cached }
        let program = make()
        let size = program.bytes
        guard size <= capacity / 4 else { return program }
        state.withLock { state in
            guard state.programs[key] == nil else { return }
            while state.bytes + size > capacity, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.bytes -= state.programs.removeValue(forKey: oldest)?.bytes ?? 0
            }
            state.programs[key] = program
            state.order.append(key)
            state.bytes += size
        }
        return program
    }

    /// `data` deflated in the zlib format (RFC 1950) at level 6: a program is deflated once and then cached; nil
    /// when zlib fails (out of memory).
    static func deflate(_ data: [UInt8]) -> [UInt8]? {
        var packed = chart_png_buffer(data: nil, size: 0, capacity: 0)
        defer { chart_png_free(&packed) }
        let status = data.withUnsafeBufferPointer { chart_deflate($0.baseAddress, $0.count, 6, &packed) }
        guard status == 0, let start = packed.data else { return nil }
        return Array(UnsafeBufferPointer(start: start, count: packed.size))
    }
}
