/// Bounds-checked big-endian reads over a font file's bytes.
///
/// Every read checks its range and throws `FontError.truncated` instead of trapping, so a truncated or hostile file
/// can only make loading fail. Offsets are `Int` (64-bit), so sums of 32-bit file offsets cannot overflow.
struct FontData: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }

    /// Throws unless `length` bytes starting at `offset` are inside the data.
    @inline(__always)
    func require(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws(FontError) {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw FontError.truncated(what(), offset: offset, length: length, size: bytes.count)
        }
    }

    @inline(__always)
    func u8(_ o: Int) throws(FontError) -> UInt8 {
        guard o >= 0, o < bytes.count else { throw FontError.truncated("uint8", offset: o, length: 1, size: count) }
        return bytes[o]
    }

    @inline(__always)
    func i8(_ o: Int) throws(FontError) -> Int8 { Int8(bitPattern: try u8(o)) }

    @inline(__always)
    func u16(_ o: Int) throws(FontError) -> UInt16 {
        guard o >= 0, o < bytes.count - 1 else {
            throw FontError.truncated("uint16", offset: o, length: 2, size: count)
        }
        return UInt16(bytes[o]) << 8 | UInt16(bytes[o + 1])
    }

    @inline(__always)
    func i16(_ o: Int) throws(FontError) -> Int16 { Int16(bitPattern: try u16(o)) }

    @inline(__always)
    func u32(_ o: Int) throws(FontError) -> UInt32 {
        guard o >= 0, o < bytes.count - 3 else {
            throw FontError.truncated("uint32", offset: o, length: 4, size: count)
        }
        return UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])
    }

    /// A four-character table or feature tag as text (non-ASCII bytes become `?`).
    func tag(_ o: Int) throws(FontError) -> String {
        try require(o, 4, "tag")
        return String(decoding: bytes[o..<o + 4].map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
    }
}

/// A byte range of one table inside the font file (offsets are file-absolute, also in collections).
struct TableRange: Sendable, Hashable {
    var offset: Int
    var length: Int

    var end: Int { offset + length }

    /// Throws unless `length` bytes at `offset` relative to the table start lie inside the table.
    func require(_ relative: Int, _ count: Int, _ what: @autoclosure () -> String) throws(FontError) {
        guard relative >= 0, count >= 0, relative <= length, count <= length - relative else {
            throw FontError.truncated(what(), offset: offset + relative, length: count, size: end)
        }
    }
}
