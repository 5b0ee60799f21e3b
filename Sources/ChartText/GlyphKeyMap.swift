/// A read-only map from 32-bit glyph keys (a glyph id, or a pair `left << 16 | right`) to small integers, by open
/// addressing with a Fibonacci hash and linear probing.
///
/// Why not `Dictionary`: kerning looks up every neighbouring glyph pair of every label, up to four maps per pair,
/// and `Dictionary` hashes each integer key with SipHash, several times the cost of one multiply. Built once per
/// font from the reader's dictionaries; at most half full, so a miss ends after a probe or two.
struct GlyphKeyMap<Value: FixedWidthInteger & Sendable>: Sendable {
    /// The key of an empty slot. Glyph ids are below 65535, so only a hostile font's pair (65535, 65535) could have
    /// it; such an entry is dropped.
    private static var empty: UInt32 { .max }

    private let keys: [UInt32]
    private let values: [Value]
    /// 32 − log2(slot count): the hash keeps the product's top bits.
    private let shift: UInt32
    let count: Int

    init(_ entries: [UInt32: Value]) {
        var slots = 2
        while slots < 2 * entries.count { slots *= 2 }
        shift = UInt32(32 - slots.trailingZeroBitCount)
        var keys = [UInt32](repeating: Self.empty, count: slots)
        var values = [Value](repeating: 0, count: slots)
        var count = 0
        for (key, value) in entries where key != Self.empty {
            var slot = Self.slot(key, shift)
            while keys[slot] != Self.empty { slot = (slot &+ 1) & (slots &- 1) }
            keys[slot] = key
            values[slot] = value
            count += 1
        }
        self.keys = keys
        self.values = values
        self.count = count
    }

    @inline(__always)
    private static func slot(_ key: UInt32, _ shift: UInt32) -> Int {
        Int((key &* 2_654_435_769) >> shift)  // 2^32 / φ
    }

    subscript(key: UInt32) -> Value? {
        guard key != Self.empty else { return nil }
        let mask = keys.count &- 1
        var slot = Self.slot(key, shift)
        while true {
            let k = keys[slot]
            if k == key { return values[slot] }
            if k == Self.empty { return nil }
            slot = (slot &+ 1) & mask
        }
    }
}
