/// The rules that bound what slow readers can cost: a minimum send rate per connection, and a cap on the
/// unsent response bytes of all connections together. Pure functions of numbers, so they are tested without
/// sockets or clocks; `EventLoop` feeds them.
enum OutputPolicy {
    /// Whether a writing connection kept up over the window that just ended: it sent `sent` bytes in
    /// `elapsedNanoseconds` and must average `minBytesPerSecond` (0 = no minimum).
    static func keptMinimumRate(sent: Int, elapsedNanoseconds: UInt64, minBytesPerSecond: Int) -> Bool {
        guard minBytesPerSecond > 0 else { return true }
        // sent / seconds >= rate, without division: sent * 1e9 >= rate * nanoseconds (in Double: no overflow).
        return Double(sent) * 1e9 >= Double(minBytesPerSecond) * Double(elapsedNanoseconds)
    }

    /// A writing connection that could be reset to make room.
    struct Writer: Equatable {
        /// Identifies the connection to the caller.
        var id: UInt64
        /// Its response bytes not yet sent (what resetting it frees).
        var unsentBytes: Int
        /// Bytes of its current response sent so far, per second since it started writing it.
        var bytesPerSecond: Double
    }

    /// Writers younger than this have not shown their pace yet and are never reset to make room.
    static let minimumWriterAge: UInt64 = 1_000_000_000

    /// The writers to reset, slowest first, so that `pending + incoming <= cap` afterwards; nil when resetting
    /// every candidate would still not make room (then no one is reset and the newcomer is refused).
    /// An empty list means the response fits as it is.
    static func writersToReset(candidates: [Writer], pending: Int, incoming: Int, cap: Int) -> [UInt64]? {
        var excess = pending + incoming - cap
        guard excess > 0 else { return [] }
        guard incoming <= cap, candidates.reduce(0, { $0 + $1.unsentBytes }) >= excess else { return nil }
        var victims: [UInt64] = []
        for writer in candidates.sorted(by: { ($0.bytesPerSecond, $0.id) < ($1.bytesPerSecond, $1.id) }) {
            guard excess > 0 else { break }
            victims.append(writer.id)
            excess -= writer.unsentBytes
        }
        return victims
    }
}
