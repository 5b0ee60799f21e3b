import Testing
@testable import ChartPDF

/// The font cache holds at most its capacity, drops the oldest programs first and never stores a large one.
struct PDFFontCacheTests {
    static func key(_ n: Int) -> PDFFontCache.Key {
        PDFFontCache.Key(face: "face", faceIndex: 0, checksum: 1, glyphCount: 10, text: [UInt16(n): "x"])
    }

    static func program(_ bytes: Int) -> PDFFontCache.Program {
        PDFFontCache.Program(name: "", descriptor: "", widths: "", fontFile: nil,
                             toUnicode: [UInt8](repeating: 0, count: bytes))
    }

    @Test func oldestProgramsGoFirstAndLargeOnesAreNotKept() {
        let cache = PDFFontCache(capacity: 1000)
        var built = 0
        func get(_ n: Int, _ bytes: Int) {
            _ = cache.program(for: Self.key(n)) { built += 1; return Self.program(bytes) }
        }
        for n in 0..<4 { get(n, 240) }  // 960 bytes
        #expect(built == 4)
        get(0, 240)
        #expect(built == 4, "a hit builds nothing")
        get(4, 240)  // evicts 0
        get(1, 240)
        #expect(built == 5, "1 is still there")
        get(0, 240)
        #expect(built == 6, "0 was evicted")
        get(9, 251)
        get(9, 251)
        #expect(built == 8, "over a quarter of the capacity: built every time")
    }
}
