/// The server-wide budget for request input (`maxBufferedInputBytes`): the bytes held in parsers (partial heads,
/// bodies, pipelined input) and the bodies of requests queued for or running on workers. Pure arithmetic, tested
/// without sockets; `EventLoop` feeds it and decides whom to pause.
///
/// Header sections may use the whole cap; everything else (bodies, pipelined input, requests at the workers) only
/// `bodyLimit`, three quarters of it. The quarter kept back lets a small request on a new connection be read while
/// uploads fill the rest: with the defaults it holds a 16 KiB header section for each of 1024 connections.
///
/// Invariant: `held <= cap`. A read takes at most `room(for:)`, and a declared body is admitted whole, before it
/// is read, only when it fits under `bodyLimit`.
struct InputBudget {
    /// What input is for: a header section, or anything else.
    enum Use {
        case head
        case body
    }

    let cap: Int
    /// The most that bodies, pipelined input and requests at the workers may bring the total to.
    let bodyLimit: Int
    /// Bytes held right now.
    private(set) var held = 0
    /// The most held at once so far.
    private(set) var peak = 0

    init(cap: Int) {
        self.cap = max(1, cap)
        bodyLimit = self.cap - self.cap / 4
    }

    /// How many more bytes input for `use` may add now.
    func room(for use: Use) -> Int {
        max(0, (use == .head ? cap : bodyLimit) - held)
    }

    /// Whether `bytes` more for `use` fit now.
    func fits(_ bytes: Int, for use: Use) -> Bool {
        bytes <= room(for: use)
    }

    /// Whether a connection that would hold `bytes` in all with its declared body could ever be admitted, once
    /// everyone else has released what they hold. When not, waiting is pointless: the request is refused.
    func canEverAdmit(connectionTotal bytes: Int) -> Bool {
        bytes <= bodyLimit
    }

    /// Adds (or, negative, releases) bytes.
    mutating func adjust(by delta: Int) {
        held += delta
        peak = max(peak, held)
        assert(held >= 0, "input accounting released more than it took")
        assert(delta <= 0 || held <= cap, "input grew past the cap without being admitted")
    }
}
