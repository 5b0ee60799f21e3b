/// Request ids for `X-Request-Id`: the client's own when it is sane, else `<process prefix>-<counter>`.
struct RequestIDGenerator {
    private let prefix: String
    private var counter: UInt64 = 0

    init() {
        var rng = SystemRandomNumberGenerator()
        let hex = String(rng.next() as UInt32, radix: 16)
        prefix = String(repeating: "0", count: 8 - hex.count) + hex
    }

    mutating func next() -> String {
        counter &+= 1
        let hex = String(counter, radix: 16)
        return prefix + "-" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }

    /// Whether a client-supplied id is safe to echo and log: 1…128 characters of `[A-Za-z0-9._:-]`.
    static func isSane(_ id: String) -> Bool {
        let utf8 = id.utf8
        return (1...128).contains(utf8.count) && utf8.allSatisfy { byte in
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: ":"):
                true
            default: false
            }
        }
    }
}
