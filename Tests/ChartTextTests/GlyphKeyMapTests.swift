import Testing
@testable import ChartText

struct GlyphKeyMapTests {
    @Test(arguments: [0, 1, 2, 3, 100, 4096])
    func everyKeyMapsToItsValueAndOthersToNil(count: Int) {
        var generator = SystemRandomNumberGenerator()
        var entries: [UInt32: Int16] = [:]
        // Pair keys, plus keys that collide in the low bits (multiples of a large power of two).
        while entries.count < count {
            let key = entries.count % 3 == 0 ? UInt32(entries.count) << 20 : UInt32.random(in: 0..<0xFFFF_FFFF,
                                                                                            using: &generator)
            entries[key] = Int16.random(in: .min ... .max, using: &generator)
        }
        let map = GlyphKeyMap(entries)
        #expect(map.count == entries.count)
        for (key, value) in entries { #expect(map[key] == value) }
        for _ in 0..<1000 {
            let key = UInt32.random(in: 0..<0xFFFF_FFFF, using: &generator)
            #expect(map[key] == entries[key])
        }
    }

    @Test func theEmptySlotKeyIsNeverFound() {
        let map = GlyphKeyMap<Int16>([0xFFFF_FFFF: 7, 1: 2])
        #expect(map.count == 1)
        #expect(map[0xFFFF_FFFF] == nil)
        #expect(map[1] == 2)
    }
}
