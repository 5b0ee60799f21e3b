import ChartScene

/// Encodes a `Path` as the compact text of an SVG `d` attribute.
///
/// Every coordinate is first rounded to hundredths of a pixel (integers), so relative commands are
/// exact differences of rounded absolute points and never drift. For each command the absolute and
/// the relative form are measured without writing them and the shorter one is written; a command
/// letter equal to the previous one (or `L`/`l` after `M`/`m`) is left implicit, horizontal and
/// vertical lines become `H`/`V`, and separators are dropped before a minus sign.
struct SVGPathData {
    private var currentX: Int64 = 0, currentY: Int64 = 0
    private var startX: Int64 = 0, startY: Int64 = 0
    /// The command letter that a bare argument list would continue; 0 after `z` or at the start.
    private var implicit: UInt8 = 0

    /// Writes `path` into `out`, with every point moved by `(-originX, -originY)` hundredths.
    static func write(_ path: Path, originX: Int64, originY: Int64, into out: inout SVGBuffer) {
        var encoder = SVGPathData()
        for element in path.elements {
            switch element {
            case .move(let p):
                let x = SVGBuffer.hundredths(p.x) - originX, y = SVGBuffer.hundredths(p.y) - originY
                encoder.command(UInt8(ascii: "M"), SIMD8(x, y, 0, 0, 0, 0, 0, 0), count: 2, into: &out)
                encoder.startX = x
                encoder.startY = y
            case .line(let p):
                let x = SVGBuffer.hundredths(p.x) - originX, y = SVGBuffer.hundredths(p.y) - originY
                if y == encoder.currentY && x != encoder.currentX {
                    encoder.command(UInt8(ascii: "H"), SIMD8(x, 0, 0, 0, 0, 0, 0, 0), count: 1, xOnly: true, into: &out)
                    encoder.currentX = x
                } else if x == encoder.currentX && y != encoder.currentY {
                    encoder.command(UInt8(ascii: "V"), SIMD8(y, 0, 0, 0, 0, 0, 0, 0), count: 1, yOnly: true, into: &out)
                    encoder.currentY = y
                } else {
                    encoder.command(UInt8(ascii: "L"), SIMD8(x, y, 0, 0, 0, 0, 0, 0), count: 2, into: &out)
                }
            case .quad(let c, let p):
                let args = SIMD8(SVGBuffer.hundredths(c.x) - originX, SVGBuffer.hundredths(c.y) - originY,
                                 SVGBuffer.hundredths(p.x) - originX, SVGBuffer.hundredths(p.y) - originY, 0, 0, 0, 0)
                encoder.command(UInt8(ascii: "Q"), args, count: 4, into: &out)
            case .cubic(let c1, let c2, let p):
                let args = SIMD8(SVGBuffer.hundredths(c1.x) - originX, SVGBuffer.hundredths(c1.y) - originY,
                                 SVGBuffer.hundredths(c2.x) - originX, SVGBuffer.hundredths(c2.y) - originY,
                                 SVGBuffer.hundredths(p.x) - originX, SVGBuffer.hundredths(p.y) - originY, 0, 0)
                encoder.command(UInt8(ascii: "C"), args, count: 6, into: &out)
            case .close:
                out.byte(UInt8(ascii: "z"))
                encoder.currentX = encoder.startX
                encoder.currentY = encoder.startY
                encoder.implicit = 0
            }
        }
    }

    /// Writes one command (`letter` is the absolute form) whose last two arguments (or the single
    /// one for H/V) become the current point. Inlined so that `count` is a constant at each call site
    /// and the loops over the vector lanes unroll.
    @inline(__always)
    private mutating func command(_ letter: UInt8, _ absolute: SIMD8<Int64>, count: Int, xOnly: Bool = false,
                                  yOnly: Bool = false, into out: inout SVGBuffer)
    {
        let offset: SIMD8<Int64> = xOnly ? SIMD8(repeating: currentX)
            : yOnly ? SIMD8(repeating: currentY)
            : SIMD8(currentX, currentY, currentX, currentY, currentX, currentY, currentX, currentY)
        let relative = absolute &- offset
        let lower = letter | 0x20
        // Both forms are measured in one pass: each argument's length plus a separator unless it
        // starts with "-"; the first argument's separator only matters when the letter is implicit.
        let absImplicit = continues(letter), relImplicit = continues(lower)
        var absCost = absImplicit ? 0 : 1
        var relCost = relImplicit ? 0 : 1
        for i in 0..<count {
            let a = absolute[i], r = relative[i]
            absCost += SVGBuffer.length(hundredths: a) + ((i > 0 || absImplicit) && a >= 0 ? 1 : 0)
            relCost += SVGBuffer.length(hundredths: r) + ((i > 0 || relImplicit) && r >= 0 ? 1 : 0)
        }
        let useRelative = relCost < absCost
        let chosen = useRelative ? relative : absolute
        let chosenLetter = useRelative ? lower : letter
        if continues(chosenLetter) {
            if chosen[0] >= 0 { out.byte(UInt8(ascii: " ")) }
        } else {
            out.byte(chosenLetter)
        }
        out.fixed(chosen[0], decimals: 2)
        for i in 1..<max(count, 1) {
            if chosen[i] >= 0 { out.byte(UInt8(ascii: " ")) }
            out.fixed(chosen[i], decimals: 2)
        }
        // After M/m, bare pairs mean L/l.
        implicit = chosenLetter == UInt8(ascii: "M") ? UInt8(ascii: "L")
            : chosenLetter == UInt8(ascii: "m") ? UInt8(ascii: "l") : chosenLetter
        if xOnly {
            currentX = absolute[0]
        } else if yOnly {
            currentY = absolute[0]
        } else {
            currentX = absolute[count - 2]
            currentY = absolute[count - 1]
        }
    }

    private func continues(_ letter: UInt8) -> Bool { implicit == letter }
}
