/// How many things (open connections, queued requests) each client holds, for the per-client caps.
/// A client whose count drops to zero is forgotten, so the table never outgrows what is held right now.
struct ClientCounts {
    private var counts: [String: Int] = [:]

    /// What `client` holds now.
    func count(_ client: String) -> Int { counts[client] ?? 0 }

    /// Takes one more for `client` unless it already holds `limit`; false when refused.
    mutating func take(_ client: String, limit: Int) -> Bool {
        let current = counts[client] ?? 0
        guard current < limit else { return false }
        counts[client] = current + 1
        return true
    }

    /// Gives one back.
    mutating func release(_ client: String) {
        guard let current = counts[client] else { return }
        counts[client] = current > 1 ? current - 1 : nil
    }

    /// Clients holding anything.
    var clientCount: Int { counts.count }
}
