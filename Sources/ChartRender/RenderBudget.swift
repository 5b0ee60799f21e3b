import ChartScene
import ChartSpec

/// The most one render may cost, checked on the laid-out scene before any backend runs (`SceneCost`), so a request
/// that would be too expensive is refused with a 422 naming what to reduce instead of being drawn.
///
/// With the defaults, the most expensive request of the hostile corpus (`scripts/check-hostile`) costs 0.38 s of
/// CPU on the reference machine; docs/deploy.md has the measurements and the memory they imply. A server can raise
/// or lower each (`chartd --max-dashes` …).
public struct RenderBudget: Sendable, Equatable {
    /// Dashes all dashed strokes are cut into (each is stroked as its own outline).
    public var maxDashes = 50_000
    /// Path segments in all (a curve counts as `SceneCost.curveWeight`).
    public var maxSegments = 2_000_000
    /// Characters of text drawn.
    public var maxGlyphs = 50_000
    /// Estimated rasterizing work (`rasterWork`), in nanoseconds of one core of the reference machine.
    public var maxRasterWork = 600_000_000.0
    /// Bytes of output in any format (an SVG is estimated before writing and its writer stops past this; a PNG,
    /// bounded by its pixels, is checked once encoded).
    public var maxOutputBytes = 16 * 1024 * 1024
    /// Frames of an animated raster (`apng`, `gif`): `animation.fps` × the animation's length, plus the final frame.
    public var maxAnimatedFrames = 3_600
    /// Device pixels of all frames of an animated raster together (frames × width × height × scale²): each is
    /// compared with the frame before and its changed part compressed.
    public var maxAnimatedPixels = 60_000_000.0
    /// Estimated rasterizing work (`rasterWork`) of all frames of an animated raster together, in nanoseconds.
    public var maxAnimatedRasterWork = 800_000_000.0

    /// The standard budget (`RenderBudget.standard`); change single fields to raise or lower a bound.
    public init() {}

    /// The defaults.
    public static let standard = RenderBudget()

    /// Bytes of SVG a glyph drawn as an outline (`text: "paths"`) takes, about: DejaVu Sans averages 20 commands.
    static let bytesPerGlyphOutline = 400
    /// Bytes of SVG per path segment, per node and per `<text>` character, about.
    static let bytesPerSegment = 12
    static let bytesPerNode = 64

    /// The problems of rendering a scene of `cost` as `format` at `scale` (text as outlines when `textAsPaths`),
    /// each naming the spec field to change and by how much; empty when it fits.
    func problems(_ cost: SceneCost, format: OutputFormat, scale: Double, textAsPaths: Bool) -> [SpecIssue] {
        var issues: [SpecIssue] = []
        if cost.dashes > maxDashes {
            let (owner, share) = Self.largest(cost) { $0.dashes }
            issues.append(SpecIssue(
                path: Self.path(owner, field: "dash"),
                message: "the dash patterns cut the lines into \(Self.count(cost.dashes)) dashes (this one "
                    + "\(Self.count(share.dashes))); at most \(Self.count(maxDashes)) are drawn: use longer dashes "
                    + "and gaps (at least \(Self.scaled(cost.dashes, by: maxDashes))× the period) or fewer dashed lines"))
        }
        if cost.segments > maxSegments {
            let (owner, share) = Self.largest(cost) { $0.segments }
            issues.append(SpecIssue(
                path: Self.path(owner, field: "values"),
                message: "the chart has \(Self.count(cost.segments)) path segments (this part "
                    + "\(Self.count(share.segments))); at most \(Self.count(maxSegments)): use fewer points or marks"))
        }
        if cost.glyphs > maxGlyphs {
            issues.append(SpecIssue(
                path: "", message: "the chart draws \(Self.count(cost.glyphs)) characters of text; at most "
                    + "\(Self.count(maxGlyphs)): use fewer or shorter labels"))
        }
        switch format {
        case .png, .webp, .jpeg, .apng, .gif:
            let work = Self.rasterWork(cost.outlineLength, cost.edgeSpan, cost.coveredArea, scale: scale)
            if work > maxRasterWork {
                let detail = "rasterizing the chart would take about \(Self.seconds(work)) of CPU; at most "
                    + "\(Self.seconds(maxRasterWork))"
                // The largest scale (in quarter steps) that fits, if a smaller one is allowed at all.
                let fit = stride(from: (scale * 4).rounded(.down) / 4, through: 1, by: -0.25).first {
                    $0 < scale && Self.rasterWork(cost.outlineLength, cost.edgeSpan, cost.coveredArea,
                                                  scale: $0) <= maxRasterWork
                }
                if let fit {
                    issues.append(SpecIssue(path: "scale", message: detail + ": a scale of at most "
                        + "\(Self.decimal(fit)) fits"))
                } else {
                    let (owner, share) = Self.largest(cost) {
                        Int(Self.rasterWork($0.outlineLength, $0.edgeSpan, $0.coveredArea, scale: scale) / 1000)
                    }
                    let filled = share.coveredArea * 2.5 > share.outlineLength * 70
                    issues.append(SpecIssue(
                        path: Self.path(owner, field: filled ? "" : "values"),
                        message: detail + (filled ? ": use a smaller canvas or fewer filled series"
                            : ": use fewer points, a smaller canvas or a smoother series")))
                }
            }
        case .svg, .smil:
            let text = textAsPaths ? cost.glyphs * Self.bytesPerGlyphOutline : cost.glyphs
            let estimate = cost.segments * Self.bytesPerSegment + cost.nodes * Self.bytesPerNode + cost.tooltipBytes
                + text
            if estimate > maxOutputBytes {
                let hint = textAsPaths && text > maxOutputBytes / 2
                    ? "text as glyph outlines alone is about \(Self.megabytes(text)): use \"text\": \"text\" or less text"
                    : "use fewer points, marks or labels"
                issues.append(SpecIssue(path: textAsPaths && text > maxOutputBytes / 2 ? "text" : "",
                                        message: "the SVG would be about \(Self.megabytes(estimate)); at most "
                                            + "\(Self.megabytes(maxOutputBytes)): \(hint)"))
            }
        case .json, .pdf:
            break
        }
        return issues
    }

    /// The problems of rendering `frames(fps)` frames of a scene of `cost` at `scale`, `pixels` device pixels each,
    /// as an animated raster sampled at `fps`: the issue names the largest `animation.fps` that fits, else the
    /// largest `scale`, else asks for a shorter animation. Empty when it fits.
    func animationProblems(_ cost: SceneCost, scale: Double, pixels: Double, fps: Int, frames: (Int) -> Int)
        -> [SpecIssue]
    {
        let work = Self.rasterWork(cost.outlineLength, cost.edgeSpan, cost.coveredArea, scale: scale)
        func fits(frames n: Double, pixels: Double, work: Double) -> Bool {
            n <= Double(maxAnimatedFrames) && n * pixels <= maxAnimatedPixels && n * work <= maxAnimatedRasterWork
        }
        guard !fits(frames: Double(frames(fps)), pixels: pixels, work: work) else { return [] }
        let n = frames(fps)
        let detail = "\(Self.count(n)) frames at \(fps) fps of \(Self.count(Int(pixels))) device pixels would take "
            + "about \(Self.seconds(Double(n) * work)) of rasterizing and \(Self.count(Int(Double(n) * pixels))) "
            + "pixels to compare and compress; at most \(Self.count(maxAnimatedFrames)) frames, "
            + "\(Self.seconds(maxAnimatedRasterWork)) and \(Self.count(Int(maxAnimatedPixels))) pixels"
        if let fit = (1..<max(fps, 1)).reversed().first(where: { fits(frames: Double(frames($0)), pixels: pixels,
                                                                                    work: work) }) {
            return [SpecIssue(path: "animation.fps", message: detail + ": an fps of at most \(fit) fits")]
        }
        // The largest scale (in quarter steps) at which the same frames fit: pixels shrink with its square.
        let fit = stride(from: (scale * 4).rounded(.down) / 4, through: 1, by: -0.25).first { s in
            s < scale && fits(frames: Double(n), pixels: pixels * (s / scale) * (s / scale),
                              work: Self.rasterWork(cost.outlineLength, cost.edgeSpan, cost.coveredArea, scale: s))
        }
        if let fit {
            return [SpecIssue(path: "scale", message: detail + ": a scale of at most \(Self.decimal(fit)) fits")]
        }
        return [SpecIssue(path: "animation", message: detail + ": use a shorter animation (duration, delay, "
            + "stagger), a smaller canvas or \"animation\": false")]
    }

    /// The issue for an output that turned out larger than the budget.
    func outputProblem(bytes: Int, format: OutputFormat) -> SpecIssue? {
        guard bytes > maxOutputBytes else { return nil }
        return SpecIssue(path: "", message: "the \(format.rawValue) output is \(Self.megabytes(bytes)); at most "
            + "\(Self.megabytes(maxOutputBytes)): use fewer points, marks or labels")
    }

    /// Estimated rasterizing work in nanoseconds on the reference machine (fitted to release-build CPU times of
    /// hostile charts, docs/deploy.md): about 70 ns per device pixel of outline crossed by the band accumulator, 2 ns
    /// per edge looked at in a band, and 2.5 ns per device pixel painted.
    static func rasterWork(_ outlineLength: Double, _ edgeSpan: Double, _ coveredArea: Double, scale: Double)
        -> Double
    {
        70 * outlineLength * scale + 2 * edgeSpan * scale / 32 + 2.5 * coveredArea * scale * scale
    }

    private static func seconds(_ nanoseconds: Double) -> String {
        decimal(nanoseconds / 1e9) + " s"
    }

    private static func largest(_ cost: SceneCost, by measure: (SceneCost.Share) -> Int)
        -> (SceneCost.Owner, SceneCost.Share)
    {
        cost.shares.max { a, b in measure(a.value) < measure(b.value) || (measure(a.value) == measure(b.value) && a.key > b.key) }
            .map { ($0.key, $0.value) } ?? (.chart, SceneCost.Share())
    }

    /// The JSON path of an owner's `field` (the owner itself when `field` is empty).
    private static func path(_ owner: SceneCost.Owner, field: String) -> String {
        let base: String = switch owner {
        case .series(let k): "series[\(k)]"
        case .annotation(let i): "annotations[\(i)]"
        case .chart: ""
        }
        guard !base.isEmpty else { return field == "values" || field == "dash" ? "" : field }
        return field.isEmpty ? base : base + "." + field
    }

    /// 1234567 → "1,234,567".
    static func count(_ n: Int) -> String {
        SpecIssue.grouped(n)
    }

    private static func megabytes(_ bytes: Int) -> String {
        decimal(Double(bytes) / 1_048_576) + " MiB"
    }

    private static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func scaled(_ have: Int, by allowed: Int) -> String {
        decimal((Double(have) / Double(max(allowed, 1)) * 100).rounded(.up) / 100)
    }
}
