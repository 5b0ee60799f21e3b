import CCrypto

/// SHA-256 (FIPS 180-4) from OpenSSL's libcrypto, through its EVP interface: the hash behind every cache key, memo
/// key and ETag, so that no client can build two inputs that share one (FNV-1a can be collided in seconds).
///
/// A class because the EVP context is a heap object that must be freed once; use one hasher on one thread.
public final class SHA256Hasher {
    /// The digest length in bytes.
    public static let byteCount = 32

    private let context: OpaquePointer

    /// Traps only when OpenSSL cannot allocate a context or has no SHA-256, as Swift itself traps when it
    /// cannot allocate: a key that silently hashed nothing would serve one client's image to another.
    public init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto: no SHA-256 digest context")
        }
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Feeds `bytes` into the hash.
    public func update(_ bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { raw in
            _ = EVP_DigestUpdate(context, raw.baseAddress, raw.count)
        }
    }

    /// The 32-byte digest; the hasher is spent afterwards.
    public func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Self.byteCount)
        var length: UInt32 = 0
        digest.withUnsafeMutableBufferPointer { out in
            _ = EVP_DigestFinal_ex(context, out.baseAddress, &length)
        }
        return digest
    }

    /// The digest of `bytes` in one call.
    public static func hash(_ bytes: some ContiguousBytes) -> [UInt8] {
        let hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }
}

/// Contiguous bytes a digest can read without copying.
public protocol ContiguousBytes {
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension Array: ContiguousBytes where Element == UInt8 {}
extension ArraySlice: ContiguousBytes where Element == UInt8 {}
extension UnsafeRawBufferPointer: ContiguousBytes {
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try body(self) }
}
