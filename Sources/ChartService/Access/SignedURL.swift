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
        let items = query.split(separator: "&", omittingEmptySubsequences: false)
        let named = items.indices.filter { isSig(items[$0]) }
        guard let last = named.last else { return .failure(.unsigned) }
        guard named.count == 1, last == items.count - 1, items[last].hasPrefix("sig=") else {
            return .failure(.signatureNotLast)
        }
        let item = items[last]
        // The signed part ends before the `&` that precedes `sig=` (and is empty when `sig` is all there is).
        let signedEnd = last == 0 ? item.startIndex : query.index(before: item.startIndex)
        return .success(Parts(signed: query[..<signedEnd], signature: item.dropFirst(4)))
    }

    private static func isSig(_ item: Substring) -> Bool {
        let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard name.utf8.count <= 9 else { return false }  // "sig" with each letter percent-encoded at most
        let decoded = (try? QueryString.percentDecode(name.utf8, parameter: "")) ?? []
        return decoded == Array("sig".utf8)
    }
}
