import ChartScene

/// Exact-area coverage for a band of 32 pixel rows, by signed-area accumulation (the idea of font-rs and
/// stb_truetype v2).
///
/// Every line adds, to each cell of each row it crosses, the change it causes in "signed area to the right of
/// the line within the pixel": a prefix sum along the row then gives, for every pixel, the integral of the winding
/// number over that pixel — exact coverage for any polygon whose boundaries do not overlap inside one pixel.
/// Only the cells a line touches are written, so work is proportional to the outline's length, not its area.
///
/// Fill rules: the prefix sum is the pixel's *average* winding number w̄. Non-zero coverage is min(|w̄|, 1) and
/// even-odd coverage folds w̄ into a triangle wave (0→0, 1→1, 2→0), as FreeType and Blend2D resolve it. Both are
/// exact wherever the winding inside a pixel takes only two neighbouring values (one boundary crossing the pixel,
/// or several boundaries of the same region), which holds for interiors, edges and clip edges alike; they are
/// approximations only in pixels where two separate boundaries of overlapping contours cross (e.g. a star's
/// inner corners), where the error is bounded by the area between those boundaries inside the pixel. The stroker
/// emits one outline per subpath rather than a union of overlapping pieces (segment boxes, join discs), so stroke
/// edges stay in the exact case everywhere except the pixel at an inner join corner (against rsvg-convert, the
/// cross-check scene differs by 0.12 levels on average).
///
/// Speed (after Blend2D): a bitmask per row records touched cells, so the sweep jumps over untouched runs and
/// hands each run to the blitter as one constant-coverage span; cells are cleared as they are consumed, so the
/// band is ready for the next shape without a full reset. Memory is 32 rows × (width + 2) floats and a bit per
/// cell. Index arithmetic in the loops wraps (`&+`, `&*`) instead of checking for overflow: every index is below
/// 32 × (16 384 + 2).
struct CoverageBand {
    static let rows = 32
    /// Visible pixel columns.
    let width: Int
    /// Cells per row: a line at the right clip edge writes up to two cells past the last pixel.
    let stride: Int
    let wordsPerRow: Int
    private var cells: [Float]
    private var touched: [UInt64]
    /// Bit r is set when row r has a touched cell; the sweep finds the row's first and last touched cells in its
    /// bitmap (cheaper than keeping a per-row extent up to date for every row piece).
    private var touchedRows: UInt64 = 0
    /// Device row of the band's first row.
    private(set) var top = 0

    init(width: Int) {
        self.width = width
        stride = width + 2
        wordsPerRow = (stride + 63) / 64
        cells = [Float](repeating: 0, count: Self.rows * stride)
        touched = [UInt64](repeating: 0, count: Self.rows * wordsPerRow)
    }

    /// Accumulates the parts of `edges` inside device rows `top ..< top + rowCount`.
    mutating func accumulate(_ edges: [Edge], top: Int, rowCount: Int) {
        self.top = top
        let bandTop = Double(top), bandBottom = Double(top + rowCount)
        let maxX = Double(width + 1) - 1e-9
        let stride = self.stride, wordsPerRow = self.wordsPerRow
        var touchedRows = self.touchedRows
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                edges.withUnsafeBufferPointer { edges in
                    let count = edges.count
                    var i = 0
                    while true {
                        // The next edge reaching into the band, in a loop of its own: most edges of a tall shape
                        // miss a given band, and this keeps the test's few values in registers.
                        while i < count && !(edges[i].y1 > bandTop && edges[i].y0 < bandBottom) { i &+= 1 }
                        guard i < count else { break }
                        let e = edges[i]
                        i &+= 1
                        let ya = max(e.y0, bandTop), yb = min(e.y1, bandBottom)
                        let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
                        var y = ya
                        var x = e.x0 + dxdy * (ya - e.y0)
                        var row = Int(ya)  // ⌊ya⌋: ya ≥ bandTop ≥ 0, so truncation is the floor
                        while y < yb {
                            let yNext = min(Double(row &+ 1), yb)
                            let xNext = e.x0 + dxdy * (yNext - e.y0)
                            let r = row &- top
                            let (xl, xr) = x < xNext ? (x, xNext) : (xNext, x)
                            let (first, last) = Self.addRowSegment(
                                cells, base: r &* stride, left: min(max(xl, 0), maxX), right: min(max(xr, 0), maxX),
                                area: e.direction * (yNext - y))
                            touchedRows |= 1 &<< UInt64(truncatingIfNeeded: r)  // 0 ≤ r < rows = 32
                            Self.markTouched(touched, base: r &* wordsPerRow, first: first, last: last)
                            y = yNext
                            x = xNext
                            row &+= 1
                        }
                    }
                }
            }
        }
        self.touchedRows = touchedRows
    }

    /// Sets the touched bits of cells `first…last` of one row, a word at a time.
    @inline(__always)
    private static func markTouched(_ touched: UnsafeMutableBufferPointer<UInt64>, base: Int, first: Int, last: Int) {
        var word = first >> 6
        let lastWord = last >> 6
        var mask: UInt64 = ~0 << UInt64(first & 63)
        while word < lastWord {
            touched[base &+ word] |= mask
            mask = ~0
            word &+= 1
        }
        let tail: UInt64 = ~0 >> UInt64(63 - (last & 63))
        touched[base &+ word] |= mask & tail
    }

    /// Adds one line piece lying inside a single row, spanning `left…right` horizontally with signed height
    /// `area`; returns the first and last cell written.
    ///
    /// A(c), the fraction of the piece's height for which pixel c lies right of the line, is 1 − (x − c) averaged
    /// over the piece and clamped to 0…1. With H(u) = ∫ max(0, u − x) dx over the piece, A(c) = (H(c+1) − H(c)) /
    /// (right − left); each cell receives area · (A(c) − A(c−1)), so the prefix sum yields area · A(c).
    @inline(__always)
    private static func addRowSegment(_ cells: UnsafeMutableBufferPointer<Float>, base: Int, left: Double,
                                      right: Double, area: Double) -> (Int, Int) {
        let i0 = Int(left)
        if right <= Double(i0 &+ 1) {
            let mid = (left + right) * 0.5 - Double(i0)
            cells[base &+ i0] += Float(area * (1 - mid))
            cells[base &+ i0 &+ 1] += Float(area * mid)
            return (i0, i0 &+ 1)
        }
        let i1 = Int(right)
        let width = right - left
        let inverseWidth = 1 / width
        // Cells strictly between the two end cells lie wholly inside left…right, where H is the parabola t²/2, so
        // A(c) = (c + ½ − left) / width and every such cell receives the same area / width: only the end cells need
        // the general formula. A(i0) = H(i0 + 1) / width; A(i1) uses H(i1 + 1) = width · (i1 + 1 − center).
        let startOffset = Double(i0 &+ 1) - left
        let a0 = startOffset * startOffset * 0.5 * inverseWidth
        cells[base &+ i0] += Float(area * a0)
        var previous = a0
        if i1 > i0 &+ 1 {
            let first = (startOffset + 0.5) * inverseWidth
            cells[base &+ i0 &+ 1] += Float(area * (first - a0))
            let step = Float(area * inverseWidth)
            var c = base &+ i0 &+ 2
            let end = base &+ i1
            while c < end {
                cells[c] += step
                c &+= 1
            }
            previous = (Double(i1) - 0.5 - left) * inverseWidth
        }
        let endOffset = Double(i1) - left
        let a1 = min((width * (Double(i1 &+ 1) - (left + right) * 0.5) - endOffset * endOffset * 0.5) * inverseWidth, 1)
        cells[base &+ i1] += Float(area * (a1 - previous))
        cells[base &+ i1 &+ 1] += Float(area * (1 - a1))
        return (i0, i1 &+ 1)
    }

    /// Resolves the accumulated rows into coverage and hands them to `blitter`: runs of untouched cells as one
    /// constant-coverage span, touched cells one by one. Leaves the band cleared.
    mutating func sweep<B: Blitter>(rule: FillRule, rowCount: Int, into target: inout B) {
        let stride = self.stride, wordsPerRow = self.wordsPerRow, width = self.width, top = self.top
        var rows = touchedRows  // only rows below rowCount: accumulate was given the same count
        touchedRows = 0
        cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                // A local copy: its fields stay in registers, where through `inout` (captured by address) every
                // pixel store, which might alias the blitter's storage as far as the compiler knows, forced them
                // to be loaded again.
                var blitter = target
                defer { target = blitter }
                guard let cellBase = cells.baseAddress else { return }
                while rows != 0 {
                    let r = rows.trailingZeroBitCount
                    rows &= rows &- 1
                    let wordBase = r &* wordsPerRow
                    // The row's first and last touched cells: accumulate marks the cells first…last of every piece,
                    // so these are the least and greatest cells any piece of the row wrote.
                    // (The row has a touched bit; were it not so, first would exceed last and nothing be drawn.)
                    var firstWord = 0, lastWord = wordsPerRow &- 1
                    while firstWord < lastWord && touched[wordBase &+ firstWord] == 0 { firstWord &+= 1 }
                    while lastWord > firstWord && touched[wordBase &+ lastWord] == 0 { lastWord &-= 1 }
                    let first = firstWord << 6 &+ touched[wordBase &+ firstWord].trailingZeroBitCount
                    let last = lastWord << 6 &+ (63 &- touched[wordBase &+ lastWord].leadingZeroBitCount)
                    // The row's cells through a pointer held in a register (the buffer's base was reloaded per
                    // cell); every cell read below is one of first…last, inside the row.
                    assert(first >= 0 && last < stride)
                    let rowCells = cellBase + r &* stride
                    let y = top &+ r
                    var acc: Float = 0
                    var x = first
                    while x <= last {
                        // The next touched cell at or after x, then the end of that run of touched cells.
                        let next = Self.nextCell(touched, wordBase: wordBase, from: x, last: last, touched: true)
                        if next > x {
                            let alpha = Self.alpha(acc, rule)
                            let end = min(next, width)
                            if alpha > 0 && end > x { blitter.blit(x: x, y: y, count: end - x, alpha: alpha) }
                            x = next
                            if x > last { break }
                        }
                        let runEnd = Self.nextCell(touched, wordBase: wordBase, from: x, last: last, touched: false)
                        while x < runEnd {
                            acc += rowCells[x]
                            rowCells[x] = 0
                            let alpha = Self.alpha(acc, rule)
                            if alpha > 0 && x < width { blitter.blitPixel(x: x, y: y, alpha: alpha) }
                            x &+= 1
                        }
                    }
                    for w in firstWord...lastWord { touched[wordBase &+ w] = 0 }
                }
            }
        }
    }

    /// The first cell at or after `x` whose touched bit equals `touched`, or `last + 1` when there is none up to
    /// `last`.
    @inline(__always)
    private static func nextCell(_ bitmap: UnsafeMutableBufferPointer<UInt64>, wordBase: Int, from x: Int, last: Int,
                                 touched: Bool) -> Int {
        var word = x >> 6
        let flip: UInt64 = touched ? 0 : ~0
        var bits = (bitmap[wordBase &+ word] ^ flip) & (~0 << UInt64(x & 63))
        while bits == 0 {
            word &+= 1
            if word << 6 > last { return last &+ 1 }
            bits = bitmap[wordBase &+ word] ^ flip
        }
        return min(word << 6 &+ bits.trailingZeroBitCount, last &+ 1)
    }

    /// Coverage 0…255 from the average winding number `w` under `rule`.
    @inline(__always)
    static func alpha(_ w: Float, _ rule: FillRule) -> UInt32 {
        var a = abs(w)
        switch rule {
        case .nonZero:
            a = min(a, 1)
        case .evenOdd:
            a = a.truncatingRemainder(dividingBy: 2)
            if a > 1 { a = 2 - a }
        }
        // a · 255 rounded to the nearest integer without a checked float-to-integer conversion: adding 2²³ leaves
        // the rounded value in the low mantissa bits (0 ≤ a ≤ 1, so it is 0…255).
        return (a * 255 + 8_388_608).bitPattern & 0xFF
    }
}
