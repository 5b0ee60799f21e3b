import Synchronization

/// Shaped text kept for reuse, so a label measured by layout and then drawn by a backend (and the same tick labels
/// in every chart) is shaped once.
///
/// Bounded in entries and bytes: two generations, each at most `maxEntries` entries and `maxBytes` bytes (texts'
/// UTF-8 plus glyphs); a lookup that hits the older generation moves the entry to the current one, and when the
/// current generation is full it becomes the older one and the oldest is dropped — least recently used, roughly,
/// at the cost of one dictionary per generation. Text longer than `maxTextBytes` is not kept, so one hostile label
/// cannot push the rest out. State behind a `Mutex`, as `ChartCache` keeps its own.
final class ShapedRunCache: Sendable {
    /// The text, compared and hashed by its UTF-8 bytes: shaping depends on the exact scalars, so canonically
    /// equivalent strings (a precomposed "é" and "e" + U+0301, equal as `String`s) are different keys. Bytes are
    /// also cheaper to hash than `String`'s normalizing hash.
    struct Key: Hashable, Sendable {
        var text: String
        var bold: Bool
        var rightToLeft: Bool

        static func == (a: Key, b: Key) -> Bool {
            guard a.bold == b.bold, a.rightToLeft == b.rightToLeft, a.text.utf8.count == b.text.utf8.count else {
                return false
            }
            var left = a.text, right = b.text
            return left.withUTF8 { l in right.withUTF8 { r in l.elementsEqual(r) } }
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(bold)
            hasher.combine(rightToLeft)
        }
    }

    private struct Generation {
        var entries: [Key: ShapedText] = [:]
        var bytes = 0
    }

    private struct State {
        var current = Generation()
        var previous = Generation()
    }

    /// Most entries per generation.
    static let maxEntries = 2048
    /// Most bytes per generation.
    static let maxBytes = 1 << 20
    /// Longest text (UTF-8 bytes) that is kept.
    static let maxTextBytes = 1024

    private let state = Mutex(State())

    init() {}

    /// The cached shaping of `key`, or `shape()`'s (kept when small enough).
    func shaped(_ key: Key, shape: () -> ShapedText) -> ShapedText {
        if let hit = cached(key) { return hit }
        // Shaped outside the lock so other threads are not held up; a race shapes twice and keeps both (equal).
        let shaped = shape()
        store(key, shaped)
        return shaped
    }

    /// The cached shaping of `key`, if any. (`shaped(_:shape:)` in two calls, for callers whose shaping closure
    /// would capture — and so copy — a large value on every hit.)
    func cached(_ key: Key) -> ShapedText? {
        guard key.text.utf8.count <= Self.maxTextBytes else { return nil }
        return state.withLock { state in
            if let hit = state.current.entries[key] { return hit }
            guard let old = state.previous.entries.removeValue(forKey: key) else { return nil }
            let bytes = key.text.utf8.count + old.byteCount
            state.previous.bytes -= bytes
            Self.insert(key, old, bytes: bytes, into: &state)
            return old
        }
    }

    /// Keeps `shaped` as the shaping of `key` when the text is short enough.
    func store(_ key: Key, _ shaped: ShapedText) {
        let textBytes = key.text.utf8.count
        guard textBytes <= Self.maxTextBytes else { return }
        state.withLock { state in Self.insert(key, shaped, bytes: textBytes + shaped.byteCount, into: &state) }
    }

    private static func insert(_ key: Key, _ shaped: ShapedText, bytes: Int, into state: inout State) {
        guard state.current.entries[key] == nil else { return }
        if state.current.entries.count >= maxEntries || state.current.bytes + bytes > maxBytes {
            state.previous = state.current
            state.current = Generation()
        }
        state.current.entries[key] = shaped
        state.current.bytes += bytes
    }

    /// Entries and bytes held, both generations (for tests).
    var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.current.entries.count + $0.previous.entries.count, $0.current.bytes + $0.previous.bytes) }
    }
}
