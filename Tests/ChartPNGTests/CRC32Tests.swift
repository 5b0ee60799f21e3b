import CPNGWriter
import Testing

/// `chart_crc32` (PNG chunk CRCs, APNG too) folds 16-byte blocks with PCLMULQDQ where the CPU has it and leaves the
/// rest to zlib. The oracle is CRC-32 by its definition (ISO 3309 / PNG 1.2 §3.4: reflected polynomial 0xEDB88320,
/// one bit at a time), not a table, so a wrong folding constant cannot agree with it by construction.
struct CRC32Tests {
    /// CRC-32 of `bytes` continuing `crc`, bit by bit.
    static func reference(_ crc: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c = ~crc
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }

    /// Deterministic bytes (a linear congruential generator), so a failure reproduces.
    static func bytes(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    static func crc(_ start: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { chart_crc32(start, $0.baseAddress, $0.count) }
    }

    @Test func checkValueOfTheStandard() {
        #expect(Self.crc(0, Array("123456789".utf8)[...]) == 0xCBF4_3926)
    }

    /// Every length up to 300 (under the 64 bytes the folding needs, whole 16-byte blocks, and 1–15 bytes past them)
    /// at three alignments, from 0 and from a running CRC.
    @Test(arguments: [0, 1, 7])
    func everyShortLengthMatchesTheDefinition(offset: Int) {
        let data = Self.bytes(300 + offset, seed: UInt32(offset) + 11)
        for length in 0...300 {
            let slice = data[offset..<(offset + length)]
            #expect(Self.crc(0, slice) == Self.reference(0, slice), "length \(length)")
            #expect(Self.crc(0x1234_5678, slice) == Self.reference(0x1234_5678, slice), "length \(length)")
        }
    }

    /// Long inputs, also split at a point that leaves both parts unaligned: continuing a CRC is the CRC of the whole.
    @Test(arguments: [(4096, 0), (65_536, 1_000), (100_003, 33_337)])
    func longInputsAndSplitsMatchTheDefinition(length: Int, split: Int) {
        let data = Self.bytes(length, seed: UInt32(length))
        let whole = Self.reference(0, data[...])
        #expect(Self.crc(0, data[...]) == whole)
        #expect(Self.crc(Self.crc(0, data[..<split]), data[split...]) == whole)
        let flat = [UInt8](repeating: 0xFF, count: length)
        #expect(Self.crc(0, flat[...]) == Self.reference(0, flat[...]))
    }
}
