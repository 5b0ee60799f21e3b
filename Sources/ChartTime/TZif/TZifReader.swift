/// Reads TZif files (RFC 8536, versions 1 to 4), the compiled time zone files of `/usr/share/zoneinfo`.
///
/// Version 2 and later files hold the data twice; the reader skips the 32-bit block and reads the 64-bit one and the
/// POSIX TZ footer after it. Version 1 files give their 32-bit table and no footer. Leap-second records and the
/// standard/UT indicators are skipped (they matter only to `right/` zones and to POSIX rules without dates).
///
/// Every read is bounds-checked and every count limited (`Limits`) before anything is allocated, so truncated, huge
/// or garbled bytes only ever throw a `TZifError`.
public enum TZifReader {
    /// The most the reader accepts; real zones stay far below (the longest tzdata 2025 history has under 400
    /// transitions, at most 20 types and 60 bytes of designations).
    public enum Limits {
        public static let maxTransitions = 4096
        public static let maxTypes = 256
        public static let maxDesignationBytes = 1024
        public static let maxLeapSeconds = 1000
        /// Transitions outside ±2^59 seconds are refused (zic writes −2^59 as the "big bang").
        public static let maxAbsTransition: Int64 = 1 << 59
    }

    /// The zone described by `bytes`.
    public static func parse(_ bytes: [UInt8]) throws(TZifError) -> ZoneRules {
        var data = Cursor(bytes: bytes)
        let first = try Header(&data)
        if first.version == 0 {
            return try block(&data, first, timeSize: 4, footer: false)
        }
        try data.skip(first.blockLength(timeSize: 4), "version 1 data block")
        let second = try Header(&data)
        guard second.version == first.version else {
            throw TZifError(.unsupportedVersion, "the second header's version differs from the first's")
        }
        return try block(&data, second, timeSize: 8, footer: true)
    }

    /// One data block (and, for version 2+, the footer after it).
    private static func block(_ data: inout Cursor, _ h: Header, timeSize: Int, footer readsFooter: Bool)
        throws(TZifError) -> ZoneRules
    {
        try data.require(h.blockLength(timeSize: timeSize), "data block")
        var times: [Int64] = []
        times.reserveCapacity(h.timecnt)
        for _ in 0..<h.timecnt {
            let t = timeSize == 8 ? try data.i64() : Int64(try data.i32())
            guard t >= -Limits.maxAbsTransition, t <= Limits.maxAbsTransition else {
                throw TZifError(.badOffset, "transition time \(t) is beyond ±2^59 seconds")
            }
            if let last = times.last, t <= last {
                throw TZifError(.unsorted, "transition \(times.count) is not after the one before it")
            }
            times.append(t)
        }
        var indices: [UInt8] = []
        indices.reserveCapacity(h.timecnt)
        for k in 0..<h.timecnt {
            let i = try data.u8()
            guard Int(i) < h.typecnt else {
                throw TZifError(.badIndex, "transition \(k) names type \(i) of \(h.typecnt)")
            }
            indices.append(i)
        }
        var raw: [(offset: Int32, isDaylight: Bool, designation: Int)] = []
        for k in 0..<h.typecnt {
            let offset = try data.i32()
            let isdst = try data.u8()
            let designation = Int(try data.u8())
            guard (-89_999...93_599).contains(offset) else {
                throw TZifError(.badOffset, "type \(k) has a UT offset of \(offset) s")
            }
            guard isdst <= 1 else { throw TZifError(.badIndex, "type \(k) has a daylight flag of \(isdst)") }
            guard designation < h.charcnt else {
                throw TZifError(.badIndex, "type \(k) names designation byte \(designation) of \(h.charcnt)")
            }
            raw.append((offset, isdst == 1, designation))
        }
        let chars = Array(try data.bytes(h.charcnt))
        var types: [LocalTimeType] = []
        for (k, r) in raw.enumerated() {
            guard let end = chars[r.designation...].firstIndex(of: 0) else {
                throw TZifError(.badIndex, "type \(k)'s designation is not NUL-terminated")
            }
            let text = chars[r.designation..<end].prefix(16).map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }
            types.append(LocalTimeType(utcOffset: Int(r.offset), isDaylight: r.isDaylight,
                                       abbreviation: String(decoding: text, as: UTF8.self)))
        }
        try data.skip(h.leapcnt * (timeSize + 4) + h.isstdcnt + h.isutcnt, "leap second and indicator records")
        var rule: PosixTZRule?
        if readsFooter {
            guard try data.u8() == UInt8(ascii: "\n") else {
                throw TZifError(.badFooter, "no newline before the footer")
            }
            let rest = data.remaining
            guard let end = rest.prefix(PosixTZRule.maxLength + 1).firstIndex(of: UInt8(ascii: "\n")) else {
                throw TZifError(.badFooter, "the footer is not closed by a newline within 128 bytes")
            }
            let text = rest[rest.startIndex..<end]
            if !text.isEmpty { rule = try PosixTZRule(parsing: text) }
        }
        return ZoneRules(types: types, transitionTimes: times, transitionTypes: indices, footer: rule)
    }

    /// The 44-byte header, its counts checked against the format and the limits.
    private struct Header {
        var version: UInt8
        var isutcnt: Int, isstdcnt: Int, leapcnt: Int, timecnt: Int, typecnt: Int, charcnt: Int

        init(_ data: inout Cursor) throws(TZifError) {
            let magic = try data.bytes(4)
            guard magic.elementsEqual("TZif".utf8) else { throw TZifError(.notTZif, "no TZif magic") }
            version = try data.u8()
            guard version == 0 || (UInt8(ascii: "2")...UInt8(ascii: "4")).contains(version) else {
                throw TZifError(.unsupportedVersion, "version byte \(version)")
            }
            try data.skip(15, "header")
            isutcnt = Int(try data.u32())
            isstdcnt = Int(try data.u32())
            leapcnt = Int(try data.u32())
            timecnt = Int(try data.u32())
            typecnt = Int(try data.u32())
            charcnt = Int(try data.u32())
            guard typecnt > 0, charcnt > 0 else { throw TZifError(.badCount, "no local time types or designations") }
            guard isutcnt == 0 || isutcnt == typecnt, isstdcnt == 0 || isstdcnt == typecnt else {
                throw TZifError(.badCount, "indicator counts must be 0 or the type count")
            }
            guard timecnt <= Limits.maxTransitions, typecnt <= Limits.maxTypes,
                  charcnt <= Limits.maxDesignationBytes, leapcnt <= Limits.maxLeapSeconds else {
                throw TZifError(.tooLarge, "counts \(timecnt) transitions, \(typecnt) types, \(charcnt) designation "
                                + "bytes, \(leapcnt) leap seconds exceed the limits")
            }
        }

        /// The data block's length (all counts are limited, so this cannot overflow).
        func blockLength(timeSize: Int) -> Int {
            timecnt * (timeSize + 1) + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    /// Big-endian reads that throw `.truncated` instead of reading past the end.
    private struct Cursor {
        let bytes: [UInt8]
        var offset = 0

        var remaining: ArraySlice<UInt8> { bytes[offset...] }

        func require(_ length: Int, _ what: String) throws(TZifError) {
            guard length >= 0, length <= bytes.count - offset else {
                throw TZifError(.truncated, "\(what) needs \(length) bytes at offset \(offset) of \(bytes.count)")
            }
        }

        mutating func skip(_ length: Int, _ what: String) throws(TZifError) {
            try require(length, what)
            offset += length
        }

        mutating func bytes(_ length: Int) throws(TZifError) -> ArraySlice<UInt8> {
            try require(length, "field")
            defer { offset += length }
            return bytes[offset..<offset + length]
        }

        mutating func u8() throws(TZifError) -> UInt8 {
            try require(1, "byte")
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func u32() throws(TZifError) -> UInt32 {
            try require(4, "32-bit field")
            defer { offset += 4 }
            return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }

        mutating func i32() throws(TZifError) -> Int32 { Int32(bitPattern: try u32()) }

        mutating func i64() throws(TZifError) -> Int64 {
            try require(8, "64-bit field")
            defer { offset += 8 }
            return Int64(bitPattern: bytes[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) })
        }
    }
}
