import ChartCrypto

/// One API key from the keys file: an id that may appear in logs and metrics, a secret that never does, and
/// optional per-key rate limits that override `--rate` / `--burst`.
public struct AccessKey: Sendable, Equatable {
    /// `[A-Za-z0-9][A-Za-z0-9._-]{0,63}`: safe as a Prometheus label value, in a log line and in a URL.
    public var id: String
    /// The shared secret (HMAC key of signed URLs, the bearer token of POSTs).
    public var secret: [UInt8]
    /// SHA-256 of `secret`: bearer tokens are hashed and compared with this, so every comparison is of 32 bytes.
    public var secretDigest: [UInt8]
    /// Tokens per second; nil takes `--rate`, 0 means no limit for this key.
    public var rate: Double?
    /// Bucket size in tokens; nil takes `--burst` (or its default).
    public var burst: Double?

    public init(id: String, secret: [UInt8], rate: Double? = nil, burst: Double? = nil) {
        self.id = id
        self.secret = secret
        self.secretDigest = SHA256Hasher.hash(secret)
        self.rate = rate
        self.burst = burst
    }

    /// Whether `id` is a usable key id (see `id`).
    public static func isValidID(_ id: some StringProtocol) -> Bool {
        let bytes = Array(id.utf8)
        guard let first = bytes.first, (1...64).contains(bytes.count), isAlphanumeric(first) else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
            || $0 == UInt8(ascii: "-") }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}

/// The keys file: one key per line, `<key-id> <secret> [rate=<tokens>/s] [burst=<tokens>]`.
///
/// A `#` at the start of a line or of a whitespace-separated word starts a comment that runs to the end of the
/// line; blank lines are skipped. Secrets are at least `minimumSecretLength` visible ASCII characters and do not
/// start with `#`. Ids are unique, and so are secrets (a bearer token must name one key).
public enum AccessKeyFile {
    public static let minimumSecretLength = 32
    /// More keys than this make every bearer lookup (which compares against all of them) slow.
    public static let maximumKeys = 1000

    /// A line that cannot be used: its number (from 1) and the problem.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// The keys in `text`, or the first problem.
    public static func parse(_ text: String) throws(Invalid) -> [AccessKey] {
        var keys: [AccessKey] = []
        var lineOfID: [String: Int] = [:]
        var lineOfDigest: [[UInt8]: (Int, String)] = [:]
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            let words = Self.words(rawLine)
            guard let id = words.first else { continue }
            guard AccessKey.isValidID(id) else {
                throw Invalid(line: number, message: "the key id must be 1 to 64 of A-Z a-z 0-9 . _ - and start "
                    + "with a letter or digit")
            }
            guard words.count >= 2 else { throw Invalid(line: number, message: "key \(id) has no secret") }
            let secret = words[1]
            guard secret.utf8.count >= minimumSecretLength else {
                throw Invalid(line: number, message: "the secret of key \(id) is \(secret.utf8.count) characters; "
                    + "it must be at least \(minimumSecretLength)")
            }
            guard secret.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw Invalid(line: number, message: "the secret of key \(id) must be visible ASCII characters")
            }
            var key = AccessKey(id: String(id), secret: Array(secret.utf8))
            for option in words.dropFirst(2) {
                try apply(option, to: &key, line: number)
            }
            if let earlier = lineOfID[key.id] {
                throw Invalid(line: number, message: "key id \(key.id) is already defined on line \(earlier)")
            }
            if let (earlier, other) = lineOfDigest[key.secretDigest] {
                throw Invalid(line: number, message: "key \(key.id) has the same secret as key \(other) "
                    + "(line \(earlier)); a bearer token must name one key")
            }
            guard keys.count < maximumKeys else {
                throw Invalid(line: number, message: "more than \(maximumKeys) keys")
            }
            lineOfID[key.id] = number
            lineOfDigest[key.secretDigest] = (number, key.id)
            keys.append(key)
        }
        return keys
    }

    /// The line's words before any comment.
    static func words(_ line: Substring) -> [Substring] {
        var words: [Substring] = []
        for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if word.hasPrefix("#") { break }
            words.append(word)
        }
        return words
    }

    private static func apply(_ option: Substring, to key: inout AccessKey, line: Int) throws(Invalid) {
        let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw Invalid(line: line, message: "expected rate=<tokens>/s or burst=<tokens>, not \"\(option)\"")
        }
        switch parts[0] {
        case "rate":
            guard key.rate == nil else { throw Invalid(line: line, message: "rate is given twice") }
            guard parts[1].hasSuffix("/s"), let rate = number(parts[1].dropLast(2)), rate >= 0, rate <= 1e6 else {
                throw Invalid(line: line, message: "rate must be tokens per second from 0 to 1000000, like "
                    + "rate=10/s, not \"\(parts[1])\"")
            }
            key.rate = rate
        case "burst":
            guard key.burst == nil else { throw Invalid(line: line, message: "burst is given twice") }
            guard let burst = number(parts[1]), burst >= 1, burst <= 1e9 else {
                throw Invalid(line: line, message: "burst must be a number of tokens from 1 to 1000000000, "
                    + "not \"\(parts[1])\"")
            }
            key.burst = burst
        default:
            throw Invalid(line: line, message: "unknown option \"\(parts[0])\" (expected rate= or burst=)")
        }
    }

    /// A plain decimal number (`10`, `0.5`); no signs, exponents, infinities or NaN.
    static func number(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }),
            text.utf8.count(where: { $0 == UInt8(ascii: ".") }) <= 1, text.first != ".", text.last != "."
        else { return nil }
        return Double(text)
    }
}
