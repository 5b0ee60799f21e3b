/// GIF's variable-length-code LZW (GIF89a specification, appendix F): codes grow from `minimumCodeSize + 1` to 12
/// bits, a clear code starts over when the 4,096-entry table is full, and the codes are packed least significant
/// bit first into 255-byte sub-blocks. The string table is a small open-addressing hash of (prefix code, next index)
/// pairs, reset on each clear.
struct LZWEncoder {
    private let minimumCodeSize: Int
    private var keys: [Int32]
    private var codes: [UInt16]
    private static let slots = 8192  // twice the most entries, so probes stay short

    init(minimumCodeSize: Int) {
        self.minimumCodeSize = minimumCodeSize
        keys = [Int32](repeating: -1, count: Self.slots)
        codes = [UInt16](repeating: 0, count: Self.slots)
    }

    /// The image data of `indices` (each below 2^minimumCodeSize): the code-size byte, the sub-blocks and the
    /// block terminator, appended to `out`.
    mutating func encode(_ indices: [UInt8], into out: inout [UInt8]) {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var packed: [UInt8] = []
        packed.reserveCapacity(indices.count / 2 + 16)
        var bits: UInt64 = 0, count = 0
        var width = minimumCodeSize + 1, next = end + 1
        // Writes `code` at the current width; then widens when the next code to assign no longer fits (the decoder
        // widens one entry later, after it has added the entry this code implies).
        func emit(_ code: Int) {
            bits |= UInt64(code) << count
            count += width
            while count >= 8 {
                packed.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                count -= 8
            }
            if next >= 1 << width && width < 12 { width += 1 }
        }
        emit(clear)
        if var prefix = indices.first.map(Int.init) {
            keys.withUnsafeMutableBufferPointer { keys in
                codes.withUnsafeMutableBufferPointer { codes in
                    let mask = Self.slots - 1
                    for k in 1..<max(indices.count, 1) {
                        let symbol = Int(indices[k])
                        let key = Int32(prefix << 8 | symbol)
                        var slot = (Int(key) &* 0x9E37_79B1) >> 12 & mask
                        var found = -1
                        while keys[slot] >= 0 {
                            if keys[slot] == key { found = Int(codes[slot]); break }
                            slot = (slot + 1) & mask
                        }
                        if found >= 0 {
                            prefix = found
                            continue
                        }
                        emit(prefix)
                        if next < 4096 {
                            keys[slot] = key
                            codes[slot] = UInt16(next)
                            next += 1
                        } else {
                            emit(clear)
                            for i in 0..<Self.slots { keys[i] = -1 }
                            next = end + 1
                            width = minimumCodeSize + 1
                        }
                        prefix = symbol
                    }
                }
            }
            emit(prefix)
        }
        emit(end)
        if count > 0 { packed.append(UInt8(truncatingIfNeeded: bits)) }
        // Leave the table empty for the next image.
        for i in 0..<Self.slots { keys[i] = -1 }

        out.append(UInt8(minimumCodeSize))
        var start = 0
        while start < packed.count {
            let n = min(255, packed.count - start)
            out.append(UInt8(n))
            out += packed[start..<start + n]
            start += n
        }
        out.append(0)
    }
}
