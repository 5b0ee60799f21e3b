/// The file identifier of the trailer's `/ID` (ISO 32000-1 §14.4): 16 bytes that must differ between different
/// files. Viewers and caches use it to tell files apart; it is derived from the file's bytes (not from the clock or
/// randomness, as is common), so the same chart always gets the same identifier and the same ETag.
///
/// Two 64-bit lanes, each a multiply-rotate hash over the bytes read eight at a time (the mixing step of xxHash64,
/// Yann Collet, with its primes), finished by MurmurHash3's `fmix64` (Austin Appleby). Not cryptographic — nothing
/// here is secret — but every input bit reaches every output bit, at about a cycle per byte.
enum PDFFileID {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    /// The identifier of `bytes` as 32 lowercase hex digits.
    static func hex(of bytes: [UInt8]) -> String {
        var a: UInt64 = 0x6A09_E667_F3BC_C908, b: UInt64 = 0xBB67_AE85_84CA_A73B
        bytes.withUnsafeBytes { raw in
            var i = 0
            while i + 8 <= raw.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                a = rotated(a &+ word &* prime2, by: 31) &* prime1
                b = rotated(b ^ (word &* prime1), by: 27) &* prime2 &+ prime1
                i += 8
            }
            var tail: UInt64 = 0
            while i < raw.count {
                tail = tail << 8 | UInt64(raw[i])
                i += 1
            }
            a = rotated(a &+ tail &* prime2, by: 31) &* prime1
            b = rotated(b ^ (tail &* prime1) ^ UInt64(raw.count), by: 27) &* prime2
        }
        return digits(mixed(a ^ b >> 1)) + digits(mixed(b ^ a << 1))
    }

    private static func rotated(_ x: UInt64, by r: UInt64) -> UInt64 { x << r | x >> (64 - r) }

    /// MurmurHash3's finalizer: every input bit affects every output bit.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }

    private static func digits(_ x: UInt64) -> String {
        let hex = String(x, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
