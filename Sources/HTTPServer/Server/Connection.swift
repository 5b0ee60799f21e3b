/// Why a connection is not being read while request input is at its cap (`maxBufferedInputBytes`).
enum InputWait: Equatable {
    case none
    /// Its next read does not fit: part of a header section (`.head`), or of a chunked body (`.body`).
    case room(InputBudget.Use)
    /// Its request's declared body does not fit yet; the body is not read until it is admitted whole.
    case bodyAdmission

    /// The room it waits for.
    var use: InputBudget.Use? {
        switch self {
        case .none: nil
        case .room(let use): use
        case .bodyAdmission: .body
        }
    }
}

/// One client connection's state. Owned and touched only by the I/O thread, hence a plain class without a lock.
final class Connection {
    enum Phase {
        /// Between requests, no byte of the next one yet (idle timeout).
        case idle
        /// Part of a header section has arrived (header timeout, counted from its first byte).
        case head
        /// The header section is in; reading the body (body timeout).
        case body
        /// The request is with a worker; the socket is not read (backpressure on pipelined requests).
        case processing
        /// The response is being written (write timeout).
        case writing
        /// Response sent, write side shut; discarding input briefly so the client sees the response, not a reset.
        case lingering
    }

    let fd: Int32
    /// Unique for the server's lifetime, so a late worker result never reaches a reused descriptor.
    let id: UInt64
    /// The peer's address as text (see `HTTPRequest.peerAddress`).
    let peerAddress: String
    var parser: HTTPParser
    var phase = Phase.idle
    /// Monotonic nanoseconds at which the current phase times out; 0 = none.
    var deadline: UInt64 = 0
    /// What the poller currently watches the socket for.
    var interest: PollInterest = []
    /// Set once input arrives while a request is pending; reading resumes when the response is done.
    var readPaused = false
    /// Why the connection waits for request input to be released (`maxBufferedInputBytes`); not read meanwhile.
    var inputWait = InputWait.none
    /// Identifies the current pause in `EventLoop.inputWaiters`.
    var inputWaitTicket: UInt64 = 0
    /// Bytes of this connection's parser counted in the server's input total (`EventLoop.syncInput`).
    var countedInput = 0
    /// Whether the declared body of the current request was admitted, so its unreceived bytes are counted and read.
    var bodyAdmitted = false
    /// `100 Continue` is owed once the body is admitted.
    var continueOwed = false
    /// The client shut its sending side (FIN): the complete requests already buffered are still answered, in
    /// order, and the connection closes after the last of them.
    var inputClosed = false
    /// Requests answered on this connection so far; 0 means it is still within its first-byte timeout.
    var completedRequests = 0
    /// When a connection that has not started a request is closed (accept time + `firstByteTimeout`).
    var firstByteDeadline: UInt64 = 0
    /// When the connection went idle after its last response (monotonic ns), to find the longest idle.
    var idleSince: UInt64 = 0

    /// The request with a worker (phase `.processing`), so the I/O thread can cancel it.
    var inFlight: RequestCancellation?

    /// The request being served.
    var head: HTTPRequestHead?
    var requestID = ""
    var requestStart: UInt64 = 0

    /// Bytes waiting to be sent; `outputOffset` is how far into `output[0]` the socket has taken.
    var output: [[UInt8]] = []
    var outputOffset = 0
    /// Set when `output` ends with a final response (not just `100 Continue`).
    var pendingLog: HTTPLogEntry?
    var closeAfterWrite = false
    /// Sum of the unsent bytes in `output` (counted in the server's total against `maxPendingOutputBytes`).
    var unsentBytes = 0
    /// When the current response started writing, and how many of its bytes have been sent since.
    var writeStartedAt: UInt64 = 0
    var sentInResponse = 0
    /// Start of the current minimum-rate window, and `sentInResponse` at that moment.
    var rateWindowStart: UInt64 = 0
    var sentAtRateWindowStart = 0

    init(fd: Int32, id: UInt64, peerAddress: String, limits: HTTPParserLimits) {
        self.fd = fd
        self.id = id
        self.peerAddress = peerAddress
        self.parser = HTTPParser(limits: limits)
    }
}
