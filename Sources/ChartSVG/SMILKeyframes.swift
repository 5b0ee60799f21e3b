import ChartAnimation
/// Up to six keyframes of one animated attribute (one or two numbers per value), stored inline so
/// writing an animation allocates nothing.
struct SMILKeyframes {
    private(set) var times = SIMD8<Double>()
    private(set) var first = SIMD8<Double>()
    private(set) var second = SIMD8<Double>()
    private(set) var count = 0
    /// Values are pairs (`"1 0"`) rather than single numbers.
    let pairs: Bool
    /// The segment (from key `eased` to `eased + 1`) that follows the easing curve; -1 for none.
    private(set) var eased = -1

    init(pairs: Bool = false) { self.pairs = pairs }

    /// Appends a key at `time` seconds; `easedToNext` makes the segment to the next key eased.
    mutating func add(_ time: Double, _ a: Double, _ b: Double = 0, easedToNext: Bool = false) {
        guard count < 6 else { return }
        if easedToNext { eased = count }
        times[count] = time
        first[count] = a
        second[count] = b
        count += 1
    }

    /// Writes `<head … values keyTimes [calcMode keySplines] dur [repeatCount] fill="freeze"/>`.
    ///
    /// Every element begins at 0: a hold of the first value is added from 0 to the first key. When
    /// the animation repeats, a hold of the last value runs to the end of the shared cycle so all
    /// elements loop in step; when it plays once, `dur` simply ends at the last key.
    func write(head: StaticString, timeline: AnimationTimeline, into out: inout SVGBuffer) {
        guard count > 0 else { return }
        let cycle = timeline.repeatCount == nil ? Swift.max(times[count - 1], 0.001) : timeline.cycle
        let leading = times[0] > 0
        let trailing = times[count - 1] < cycle
        let total = count + (leading ? 1 : 0) + (trailing ? 1 : 0)

        out.raw(head)
        out.raw(" values=\"")
        // Positions 0..<total map to key indices: a leading hold repeats key 0, a trailing one the last.
        let shift = leading ? 1 : 0
        for position in 0..<total {
            let i = Swift.min(Swift.max(position - shift, 0), count - 1)
            if position > 0 { out.byte(UInt8(ascii: ";")) }
            out.number(first[i])
            if pairs {
                out.byte(UInt8(ascii: " "))
                out.number(second[i])
            }
        }

        out.raw("\" keyTimes=\"0")
        var previous: Int64 = 0
        for position in 1..<total {
            // Thousandths of the cycle, non-decreasing, pinned to 1 at the end.
            let i = position - shift
            let t = i < count ? times[i] : cycle
            var k = SVGBuffer.scaled(t / cycle, by: 1000)
            k = position == total - 1 ? 1000 : Swift.min(Swift.max(k, previous), 1000)
            out.byte(UInt8(ascii: ";"))
            out.fixed(k, decimals: 3)
            previous = k
        }

        let easing = timeline.easing
        if eased >= 0 && easing != .linear {
            out.raw("\" calcMode=\"spline\" keySplines=\"")
            let easedSegment = eased + (leading ? 1 : 0)
            for segment in 0..<(total - 1) {
                if segment > 0 { out.byte(UInt8(ascii: ";")) }
                if segment == easedSegment {
                    let (x1, y1, x2, y2) = easing.controlPoints
                    out.number(x1)
                    out.byte(UInt8(ascii: " "))
                    out.number(y1)
                    out.byte(UInt8(ascii: " "))
                    out.number(x2)
                    out.byte(UInt8(ascii: " "))
                    out.number(y2)
                } else {
                    out.raw("0 0 1 1")
                }
            }
        }
        out.byte(UInt8(ascii: "\""))
        Self.writeTail(cycle: cycle, timeline: timeline, into: &out)
    }

    /// ` dur="…s" [repeatCount="…"] fill="freeze"/>`: the end of every animation element.
    static func writeTail(cycle: Double, timeline: AnimationTimeline, into out: inout SVGBuffer) {
        out.raw(" dur=\"")
        out.number3(cycle)
        out.byte(UInt8(ascii: "s"))
        if let repeatCount = timeline.repeatCount {
            out.raw("\" repeatCount=\"")
            if repeatCount.isInfinite { out.raw("indefinite") } else { out.int(Int(repeatCount)) }
        }
        out.raw("\" fill=\"freeze\"/>")
    }

    /// A key time in thousandths of the cycle, clamped to 0…1000.
    static func keyTime(_ time: Double, cycle: Double) -> Int64 {
        Swift.min(Swift.max(SVGBuffer.scaled(time / cycle, by: 1000), 0), 1000)
    }
}
