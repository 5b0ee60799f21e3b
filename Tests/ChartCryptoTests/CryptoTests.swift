import ChartCrypto
import Testing

/// Known-answer tests: FIPS 180-4 examples for SHA-256, RFC 4231 cases for HMAC-SHA256.
struct CryptoTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256KnownAnswers(input: String, digest: String) {
        #expect(Self.hex(SHA256Hasher.hash(Array(input.utf8))) == digest)
    }

    @Test func sha256InPiecesEqualsOneShot() {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let hasher = SHA256Hasher()
        hasher.update(bytes[0..<1])
        hasher.update(bytes[1..<4097])
        hasher.update(bytes[4097...])
        #expect(hasher.finalize() == SHA256Hasher.hash(bytes))
    }

    @Test func hmacRFC4231Case2() {
        let code = HMACSHA256.authenticationCode(key: Array("Jefe".utf8),
                                                 message: Array("what do ya want for nothing?".utf8))
        #expect(Self.hex(code) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func hmacRFC4231Case6LongKey() {
        let key = [UInt8](repeating: 0xaa, count: 131)
        let code = HMACSHA256.authenticationCode(
            key: key, message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        #expect(Self.hex(code) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func constantTimeEquality() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(ConstantTime.equals([], []))
    }
}
