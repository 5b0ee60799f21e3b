/// What the event loop wants to hear about for a descriptor.
struct PollInterest: OptionSet, Equatable {
    let rawValue: UInt8
    static let read = PollInterest(rawValue: 1)
    static let write = PollInterest(rawValue: 2)
}

/// One ready descriptor, as reported by `Poller.wait`.
struct PollEvent {
    var fd: Int32
    /// Data (or an end of stream) can be read.
    var readable = false
    /// The send buffer has room.
    var writable = false
    /// The peer hung up (both directions are closed, or the connection was reset).
    var hangUp = false
    /// An error is pending on the socket (or, with poll(2), the descriptor is not open).
    var error = false

    init(fd: Int32) { self.fd = fd }
}
