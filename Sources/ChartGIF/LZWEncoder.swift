/// GIF's variable-length-code LZW (GIF89a specification, appendix F): codes grow from `minimumCodeSize + 1` to 12
/// bits, a clear code starts over when the 4,096-entry table is full, and the codes are packed least significant
/// bit first into 255-byte sub-blocks.
///
/// The string table is direct-mapped: the entry for (prefix code, next index) is slot prefix · 256 + index, holding
/// the code with the table's generation in its high bits, so a clear is one increment instead of a 4 MiB reset and a
/// lookup is one load (a hash with probing cost 19 % of the standard chart's GIF).
struct LZWEncoder {
    private let minimumCodeSize: Int
    /// generation << 12 | code, for 4,096 prefixes × 256 indices.
    private var table: [UInt32]
    private var generation: UInt32 = 1

    init(minimumCodeSize: Int) {
        self.minimumCodeSize = minimumCodeSize
        table = [UInt32](repeating: 0, count: 4096 << 8)
    }

    /// The image data of `indices` (each below 2^minimumCodeSize): the code-size byte, the sub-blocks and the
    /// block terminator, appended to `out`.
    mutating func encode(_ indices: [UInt8], into out: inout [UInt8]) {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var packed: [UInt8] = []
        packed.reserveCapacity(indices.count / 4 + 16)
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
        newGeneration()
        emit(clear)
        if var prefix = indices.first.map(Int.init) {
            var current = generation
            table.withUnsafeMutableBufferPointer { table in
                indices.withUnsafeBufferPointer { indices in
                    for k in 1..<indices.count {
                        let symbol = Int(indices[k])
                        let slot = prefix << 8 | symbol
                        let entry = table[slot]
                        if entry >> 12 == current {
                            prefix = Int(entry & 0xFFF)
                            continue
                        }
                        emit(prefix)
                        if next < 4096 {
                            table[slot] = current << 12 | UInt32(next)
                            next += 1
                        } else {
                            emit(clear)
                            current += 1
                            if current > UInt32.max >> 12 {
                                for i in table.indices { table[i] = 0 }
                                current = 1
                            }
                            next = end + 1
                            width = minimumCodeSize + 1
                        }
                        prefix = symbol
                    }
                }
            }
            generation = current
            emit(prefix)
        }
        emit(end)
        if count > 0 { packed.append(UInt8(truncatingIfNeeded: bits)) }

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

    /// A fresh, empty table: the next generation (after 2^20 of them, the slots are really zeroed and counting
    /// starts again).
    private mutating func newGeneration() {
        generation += 1
        if generation > UInt32.max >> 12 {
            for i in table.indices { table[i] = 0 }
            generation = 1
        }
    }
}
