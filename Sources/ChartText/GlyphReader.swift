import ChartScene

/// Decodes `glyf` entries (located through `loca`) into `GlyphOutline`s: simple glyphs and nested composites.
///
/// Composites are resolved recursively with a depth limit, a cycle guard (a glyph may not contain itself) and a point
/// budget, so a hostile font cannot make decoding loop or allocate without bound.
struct GlyphReader: Sendable {
    /// Deepest composite nesting accepted (real fonts use 1–3 levels).
    static let maximumDepth = 8
    /// Most points plus component references one glyph may expand to (a composite repeating a composite of empty
    /// glyphs adds no points, so each component counts as one too).
    static let maximumPoints = 1 << 16

    let data: FontData
    let glyf: TableRange
    /// Start offset of glyph i (relative to `glyf`); `numGlyphs + 1` entries.
    let offsets: [Int]

    init(data: FontData, glyf: TableRange, loca: TableRange, numGlyphs: Int, shortOffsets: Bool) throws(FontError) {
        self.data = data
        self.glyf = glyf
        let count = numGlyphs + 1
        try loca.require(0, count * (shortOffsets ? 2 : 4), "loca (\(count) entries)")
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for i in 0..<count {
            // Short loca stores offset / 2.
            let value = shortOffsets
                ? Int(try data.u16(loca.offset + 2 * i)) * 2
                : Int(try data.u32(loca.offset + 4 * i))
            offsets.append(min(value, glyf.length))
        }
        self.offsets = offsets
    }

    /// The outline of `glyph` with composites expanded.
    func outline(of glyph: UInt16) throws(FontError) -> GlyphOutline {
        var points = 0
        var stack: [UInt16] = []
        return try decode(glyph, depth: 0, stack: &stack, points: &points)
    }

    /// Byte range of `glyph` relative to `glyf`, nil when the glyph is empty (like a space).
    private func range(of glyph: UInt16) throws(FontError) -> Range<Int>? {
        let i = Int(glyph)
        guard i + 1 < offsets.count else {
            throw FontError(.invalid, "glyph \(glyph) is beyond the font's \(offsets.count - 1) glyphs")
        }
        let start = offsets[i], end = offsets[i + 1]
        guard start < end else { return nil }  // Empty, or a descending (corrupt) loca entry: draw nothing.
        return start..<end
    }

    private func decode(_ glyph: UInt16, depth: Int, stack: inout [UInt16],
                        points: inout Int) throws(FontError) -> GlyphOutline {
        points += 1
        guard points <= Self.maximumPoints else {
            throw FontError(.compositeTooComplex, "glyph \(glyph) expands past \(Self.maximumPoints) points/components")
        }
        guard let r = try range(of: glyph) else { return GlyphOutline(contours: [], declaredBounds: nil) }
        try glyf.require(r.lowerBound, 10, "glyph \(glyph) header")
        let base = glyf.offset + r.lowerBound
        let limit = glyf.offset + r.upperBound
        let contourCount = Int(try data.i16(base))
        let xMin = Double(try data.i16(base + 2)), yMin = Double(try data.i16(base + 4))
        let xMax = Double(try data.i16(base + 6)), yMax = Double(try data.i16(base + 8))
        let bounds = Rect(x: xMin, y: yMin, width: xMax - xMin, height: yMax - yMin)
        if contourCount >= 0 {
            let contours = try decodeSimple(glyph, at: base + 10, limit: limit, contourCount: contourCount,
                                            points: &points)
            return GlyphOutline(contours: contours, declaredBounds: bounds)
        }
        guard depth < Self.maximumDepth else {
            throw FontError(.compositeTooComplex, "glyph \(glyph): composites nest deeper than \(Self.maximumDepth)")
        }
        guard !stack.contains(glyph) else {
            throw FontError(.compositeTooComplex, "glyph \(glyph) contains itself")
        }
        stack.append(glyph)
        defer { stack.removeLast() }
        let contours = try decodeComposite(glyph, at: base + 10, limit: limit, depth: depth, stack: &stack,
                                           points: &points)
        return GlyphOutline(contours: contours, declaredBounds: bounds)
    }

    private func decodeSimple(_ glyph: UInt16, at start: Int, limit: Int, contourCount: Int,
                              points: inout Int) throws(FontError) -> [[GlyphOutline.Point]] {
        guard contourCount > 0 else { return [] }
        let bytes = try Bytes(data: data, limit: limit, glyph: glyph)
        var o = start
        var ends: [Int] = []
        ends.reserveCapacity(contourCount)
        try bytes.require(o, contourCount * 2)
        for _ in 0..<contourCount {
            let end = Int(try bytes.u16(o))
            // Contour end indices must increase strictly.
            guard end > (ends.last ?? -1) else {
                throw FontError(.invalid, "glyph \(glyph): contour end points are not increasing")
            }
            ends.append(end)
            o += 2
        }
        let pointCount = (ends.last ?? -1) + 1
        points += pointCount
        guard points <= Self.maximumPoints else {
            throw FontError(.compositeTooComplex, "glyph \(glyph) has more than \(Self.maximumPoints) points")
        }
        let instructionLength = Int(try bytes.u16(o))
        o += 2 + instructionLength
        // Flags, run-length encoded with the REPEAT bit; every point needs at least one flag byte, which bounds
        // the allocation by the glyph's size.
        try bytes.require(o, 0)
        guard pointCount <= limit - o else {
            throw FontError(.truncated, "glyph \(glyph): \(pointCount) points but only \(limit - o) flag bytes")
        }
        var flags = [UInt8](repeating: 0, count: pointCount)
        var i = 0
        while i < pointCount {
            let flag = try bytes.u8(o)
            o += 1
            flags[i] = flag
            i += 1
            if flag & 0x08 != 0 {
                let repeats = Int(try bytes.u8(o))
                o += 1
                for _ in 0..<repeats where i < pointCount {
                    flags[i] = flag
                    i += 1
                }
            }
        }
        // Coordinates are deltas: short (1 byte, sign from the SAME/POSITIVE bit) or long (int16, or 0 if SAME).
        var xs = [Double](repeating: 0, count: pointCount)
        var ys = [Double](repeating: 0, count: pointCount)
        var value = 0
        for k in 0..<pointCount {
            let f = flags[k]
            if f & 0x02 != 0 {
                let d = Int(try bytes.u8(o)); o += 1
                value += f & 0x10 != 0 ? d : -d
            } else if f & 0x10 == 0 {
                value += Int(try bytes.i16(o)); o += 2
            }
            xs[k] = Double(value)
        }
        value = 0
        for k in 0..<pointCount {
            let f = flags[k]
            if f & 0x04 != 0 {
                let d = Int(try bytes.u8(o)); o += 1
                value += f & 0x20 != 0 ? d : -d
            } else if f & 0x20 == 0 {
                value += Int(try bytes.i16(o)); o += 2
            }
            ys[k] = Double(value)
        }
        var contours: [[GlyphOutline.Point]] = []
        contours.reserveCapacity(contourCount)
        var first = 0
        for end in ends {
            var contour: [GlyphOutline.Point] = []
            contour.reserveCapacity(end - first + 1)
            for k in first...end { contour.append(GlyphOutline.Point(x: xs[k], y: ys[k], onCurve: flags[k] & 1 != 0)) }
            contours.append(contour)
            first = end + 1
        }
        return contours
    }

    private func decodeComposite(_ glyph: UInt16, at start: Int, limit: Int, depth: Int, stack: inout [UInt16],
                                 points: inout Int) throws(FontError) -> [[GlyphOutline.Point]] {
        let bytes = try Bytes(data: data, limit: limit, glyph: glyph)
        var o = start
        var result: [[GlyphOutline.Point]] = []
        var placed: [GlyphOutline.Point] = []  // `result` flattened, for point matching in linear time.
        var more = true
        while more {
            let flags = try bytes.u16(o)
            let child = try bytes.u16(o + 2)
            o += 4
            more = flags & 0x0020 != 0
            let argsAreWords = flags & 0x0001 != 0, argsAreOffsets = flags & 0x0002 != 0
            var arg1 = 0, arg2 = 0
            if argsAreWords {
                arg1 = argsAreOffsets ? Int(try bytes.i16(o)) : Int(try bytes.u16(o))
                arg2 = argsAreOffsets ? Int(try bytes.i16(o + 2)) : Int(try bytes.u16(o + 2))
                o += 4
            } else {
                arg1 = argsAreOffsets ? Int(try bytes.i8(o)) : Int(try bytes.u8(o))
                arg2 = argsAreOffsets ? Int(try bytes.i8(o + 1)) : Int(try bytes.u8(o + 1))
                o += 2
            }
            // Transform x' = a·x + c·y, y' = b·x + d·y (F2Dot14 values).
            var a = 1.0, b = 0.0, c = 0.0, d = 1.0
            func f2dot14(_ at: Int) throws(FontError) -> Double { Double(try bytes.i16(at)) / 16384 }
            if flags & 0x0008 != 0 {  // WE_HAVE_A_SCALE
                a = try f2dot14(o); d = a; o += 2
            } else if flags & 0x0040 != 0 {  // WE_HAVE_AN_X_AND_Y_SCALE
                a = try f2dot14(o); d = try f2dot14(o + 2); o += 4
            } else if flags & 0x0080 != 0 {  // WE_HAVE_A_TWO_BY_TWO
                a = try f2dot14(o); b = try f2dot14(o + 2); c = try f2dot14(o + 4); d = try f2dot14(o + 6); o += 8
            }
            let component = try decode(child, depth: depth + 1, stack: &stack, points: &points)
            var dx = 0.0, dy = 0.0
            if argsAreOffsets {
                dx = Double(arg1); dy = Double(arg2)
                if flags & 0x0800 != 0 {  // SCALED_COMPONENT_OFFSET: the offset is transformed too.
                    (dx, dy) = (a * dx + c * dy, b * dx + d * dy)
                }
            } else {
                // Point matching: align the child's point arg2 with the already placed point arg1.
                let childPoints = component.contours.flatMap { $0 }
                guard arg1 < placed.count, arg2 < childPoints.count else {
                    throw FontError(.invalid, "glyph \(glyph): anchor points \(arg1)/\(arg2) out of range")
                }
                let q = childPoints[arg2]
                dx = placed[arg1].x - (a * q.x + c * q.y)
                dy = placed[arg1].y - (b * q.x + d * q.y)
            }
            for contour in component.contours {
                let moved = contour.map { p in
                    GlyphOutline.Point(x: a * p.x + c * p.y + dx, y: b * p.x + d * p.y + dy, onCurve: p.onCurve)
                }
                result.append(moved)
                placed.append(contentsOf: moved)
            }
        }
        return result
    }

    /// Reads limited to one glyph's bytes, so a glyph cannot read into its neighbour or past `glyf`.
    private struct Bytes {
        let data: FontData
        let limit: Int
        let glyph: UInt16

        init(data: FontData, limit: Int, glyph: UInt16) throws(FontError) {
            self.data = data
            self.limit = min(limit, data.count)
            self.glyph = glyph
        }

        func require(_ o: Int, _ n: Int) throws(FontError) {
            guard o >= 0, n >= 0, o <= limit, n <= limit - o else {
                throw FontError(.truncated, "glyph \(glyph): data ends before offset \(o + n)")
            }
        }

        func u8(_ o: Int) throws(FontError) -> UInt8 { try require(o, 1); return try data.u8(o) }
        func i8(_ o: Int) throws(FontError) -> Int8 { try require(o, 1); return try data.i8(o) }
        func u16(_ o: Int) throws(FontError) -> UInt16 { try require(o, 2); return try data.u16(o) }
        func i16(_ o: Int) throws(FontError) -> Int16 { try require(o, 2); return try data.i16(o) }
    }
}
