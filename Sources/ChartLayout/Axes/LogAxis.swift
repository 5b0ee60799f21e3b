#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartSpec

extension YAxisLayout {
    /// A base-10 log axis for data spanning `dataMin…dataMax` given in log10 space: the domain widened to whole
    /// decades (unless `exact`), labelled major ticks at powers of ten (or 1-2-5 within a decade) with grid lines,
    /// and minor ticks as short marks; a `y.format` other than `auto` writes the labels. Everything is returned in
    /// log10 space, so the linear machinery (grid, labels, `scale(plot:)`) draws it unchanged. Explicit positive
    /// `y.min`/`y.max` replace the data bounds.
    static func logarithmic(dataMin: Double, dataMax: Double, ctx: LayoutContext, exact: Bool = false) -> YAxisLayout {
        let options = ctx.spec.y
        let lower = options.min.flatMap { $0 > 0 ? $0 : nil } ?? pow(10, dataMin)
        let upper = options.max.flatMap { $0 > 0 ? $0 : nil } ?? pow(10, dataMax)
        var scale = LogScale(lower: lower, upper: upper, rangeStart: 0, rangeEnd: 1)
        if !exact && options.min == nil && options.max == nil { scale = scale.niced() }
        let ticks = scale.ticks()
        let major = ticks.filter(\.isMajor)
        let values = major.map { LogScale.log10Clamped($0.value) }
        // `auto` keeps the compact powers of ten (1000, 10K, 1M); any other format labels the majors with it.
        let numbers = ctx.locale.numbers
        let labels = options.format != .auto ? ctx.formatter(options.format).labels(for: major.map(\.value))
            : ctx.locale.isDefault ? major.map(\.label) : major.map { numbers.localize($0.label, grouped: false) }
        let size = ctx.style.tickSize
        let width = labels.reduce(0) { max($0, ctx.width($1, size: size)) }
        let lo = LogScale.log10Clamped(scale.lower), hi = LogScale.log10Clamped(scale.upper)
        return YAxisLayout(ticks: NiceTicks(values: values.isEmpty ? [lo] : values, step: 1, domainMin: lo,
                                            domainMax: max(hi, lo)),
                           labels: values.isEmpty ? [ctx.formatter().string(scale.lower)] : labels, labelWidth: width,
                           minor: ticks.filter { !$0.isMajor }.map { LogScale.log10Clamped($0.value) },
                           isLog: true)
    }
}
