import CCrypto

/// HMAC-SHA256 (RFC 2104) from OpenSSL's libcrypto: signed URLs are checked with it.
public enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key`.
    public static func authenticationCode(key: [UInt8], message: some ContiguousBytes) -> [UInt8] {
        var code = [UInt8](repeating: 0, count: SHA256Hasher.byteCount)
        var length: UInt32 = 0
        key.withUnsafeBufferPointer { keyBytes in
            message.withUnsafeBytes { messageBytes in
                code.withUnsafeMutableBufferPointer { out in
                    _ = HMAC(EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count),
                             messageBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBytes.count,
                             out.baseAddress, &length)
                }
            }
        }
        return code
    }
}

/// Comparison of secrets in time that does not depend on where they differ (OpenSSL's `CRYPTO_memcmp`), so a
/// client cannot find a valid signature or key byte by byte from response times. Lengths are not secret.
public enum ConstantTime {
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, x.count) == 0 }
        }
    }
}
