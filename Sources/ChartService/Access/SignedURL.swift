import ChartCrypto

/// Signed chart URLs: `/v1/chart?c=…&format=png&kid=<key id>&exp=<unix seconds>&sig=<signature>`.
///
/// The signature is the unpadded base64url of HMAC-SHA256(secret, message), where the message is the path, `?`,
/// and the query exactly as sent up to (not including) `&sig=`. It must be the last parameter, so it covers every
/// other one: changing `c`, `format`, `kid` or `exp`, reordering them, or adding one breaks it.
public enum SignedURL {
    /// The signature of `message` (path + `?` + the query before `&sig=`) under `secret`.
    public static func signature(secret: [UInt8], message: some StringProtocol) -> String {
        Base64URL.encode(HMACSHA256.authenticationCode(key: secret, message: Array(message.utf8)))
    }

    /// `target` (path and query) with `&sig=` appended: for tests, benchmarks and clients written in Swift.
    public static func sign(_ target: String, secret: [UInt8]) -> String {
        target + "&sig=" + signature(secret: secret, message: target)
    }

    /// A query split into the signed part and the signature.
    struct Parts {
        /// The query before `&sig=`.
        var signed: Substring
        /// The raw (still percent-encoded) value of `sig`.
        var signature: Substring
    }

    /// Why a query is not a well-formed signed query.
    enum Malformed: Error, Equatable {
        /// No `sig` parameter at all.
        case unsigned
        /// `sig` is not the last parameter, or appears more than once.
        case signatureNotLast
    }

    /// Splits `query` at its final `&sig=`. Parameter names are compared after percent-decoding, so `%73ig` is
    /// `sig` too and cannot hide a second signature.
    static func split(_ query: Substring) -> Result<Parts, Malformed> {
        let items = Self.items(query)
        let named = items.indices.filter { isNamed(items[$0].name, "sig") }
        guard let last = named.last else { return .failure(.unsigned) }
        guard named.count == 1, last == items.count - 1, items[last].name.utf8.elementsEqual("sig".utf8),
            let signature = items[last].value
        else { return .failure(.signatureNotLast) }
        // The signed part ends before the `&` that precedes `sig=` (and is empty when `sig` is all there is).
        let nameStart = items[last].name.startIndex
        let signedEnd = last == 0 ? nameStart : query.utf8.index(before: nameStart)
        return .success(Parts(signed: query[..<signedEnd], signature: signature))
    }

    /// The decoded values of every parameter called `name` in `query`, or nil when one of them (or a name that
    /// might be `name`) is not valid percent-encoding.
    static func values(of name: String, in query: Substring) -> [[UInt8]]? {
        var out: [[UInt8]] = []
        for item in items(query) where isNamed(item.name, name) {
            guard let value = try? QueryString.percentDecode((item.value ?? "").utf8, parameter: name) else {
                return nil
            }
            out.append(value)
        }
        return out
    }

    /// The `&`-separated items of a query as raw name and value (nil without `=`). Split on bytes, not Characters:
    /// a `c=` of many kilobytes must not be walked grapheme by grapheme.
    static func items(_ query: Substring) -> [(name: Substring, value: Substring?)] {
        var out: [(name: Substring, value: Substring?)] = []
        let utf8 = query.utf8
        var start = utf8.startIndex
        var equals: String.Index?
        var i = start
        while true {
            let atEnd = i == utf8.endIndex
            if atEnd || utf8[i] == UInt8(ascii: "&") {
                if let equals {
                    out.append((name: query[start..<equals], value: query[utf8.index(after: equals)..<i]))
                } else {
                    out.append((name: query[start..<i], value: nil))
                }
                if atEnd { return out }
                i = utf8.index(after: i)
                start = i
                equals = nil
                continue
            }
            if equals == nil && utf8[i] == UInt8(ascii: "=") { equals = i }
            i = utf8.index(after: i)
        }
    }

    /// Whether a raw parameter name decodes to `name` (`+` is a space, `%XX` a byte).
    private static func isNamed(_ raw: Substring, _ name: String) -> Bool {
        if raw.utf8.elementsEqual(name.utf8) { return true }
        guard raw.utf8.contains(UInt8(ascii: "%")), raw.utf8.count <= 3 * name.utf8.count else { return false }
        return (try? QueryString.percentDecode(raw.utf8, parameter: "")) == Array(name.utf8)
    }
}
