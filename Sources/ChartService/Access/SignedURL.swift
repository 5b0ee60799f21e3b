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

    /// A query split into the signed part and the signature, as bytes of the request target.
    struct Parts {
        /// The query before `&sig=`.
        var signed: ArraySlice<UInt8>
        /// The raw (still percent-encoded) value of `sig`.
        var signature: ArraySlice<UInt8>
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
    static func split(_ query: ArraySlice<UInt8>) -> Result<Parts, Malformed> {
        let items = Self.items(query)
        let named = items.indices.filter { isNamed(items[$0].name, "sig") }
        guard let last = named.last else { return .failure(.unsigned) }
        guard named.count == 1, last == items.count - 1, items[last].name.elementsEqual("sig".utf8),
            let signature = items[last].value
        else { return .failure(.signatureNotLast) }
        // The signed part ends before the `&` that precedes `sig=` (and is empty when `sig` is all there is).
        let nameStart = items[last].name.startIndex
        return .success(Parts(signed: query[..<(last == 0 ? nameStart : nameStart - 1)], signature: signature))
    }

    /// The decoded values of every parameter called `name` in `query`, or nil when one of them is not valid
    /// percent-encoding.
    static func values(of name: String, in query: ArraySlice<UInt8>) -> [[UInt8]]? {
        var out: [[UInt8]] = []
        for item in items(query) where isNamed(item.name, name) {
            guard let value = try? percentDecode(item.value ?? []) else { return nil }
            out.append(value)
        }
        return out
    }

    /// The `&`-separated items of a query as raw name and value (nil without `=`). Bytes, not Characters: a `c=`
    /// of many kilobytes must cost a `memchr`, not a walk grapheme by grapheme.
    static func items(_ query: ArraySlice<UInt8>) -> [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>?)] {
        var out: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>?)] = []
        var start = query.startIndex
        while true {
            let end = query[start...].firstIndex(of: UInt8(ascii: "&")) ?? query.endIndex
            let item = query[start..<end]
            if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
                out.append((name: item[..<equals], value: item[(equals + 1)...]))
            } else {
                out.append((name: item, value: nil))
            }
            if end == query.endIndex { return out }
            start = end + 1
        }
    }

    /// Whether a raw parameter name decodes to `name` (`+` is a space, `%XX` a byte).
    private static func isNamed(_ raw: ArraySlice<UInt8>, _ name: String) -> Bool {
        if raw.elementsEqual(name.utf8) { return true }
        guard raw.contains(UInt8(ascii: "%")), raw.count <= 3 * name.utf8.count else { return false }
        return (try? percentDecode(raw)) == Array(name.utf8)
    }

    static func percentDecode(_ bytes: ArraySlice<UInt8>) throws(QueryString.DecodingError) -> [UInt8] {
        try QueryString.percentDecode(Substring(decoding: bytes, as: UTF8.self).utf8, parameter: "")
    }
}
