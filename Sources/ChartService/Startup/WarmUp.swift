import ChartRender
import ChartScene
public import ChartSpec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One small chart rendered through every backend before `/readyz` turns ready: SVG, animated SVG, PNG, PDF, WebP
/// lossless and lossy, JPEG, APNG, GIF and the layout JSON. A backend that cannot render (a library that fails at
/// run time, a font that breaks the rasterizer) shows at startup, in the log and on `/readyz`, instead of as 500s
/// on the first requests; the first real requests also find the fonts' outline caches warm.
///
/// Each render must succeed and start like its format (`signatureProblem`); the whole run stops at `timeLimit`
/// (a render over it is cancelled), so a hung backend cannot keep chartd `starting` forever.
public enum WarmUp {
    /// One render: a name for logs and `/readyz`, the format, and the spec (JSON).
    public struct Step: Sendable {
        public var name: String
        public var format: OutputFormat
        public var spec: String
    }

    /// What the warm-up found.
    public struct Outcome: Sendable {
        /// Seconds per step that ran, in order.
        public var timings: [(name: String, seconds: Double)]
        /// The first failure, naming the step (`png: …`); nil when every step succeeded.
        public var failure: String?
        /// Seconds for the whole run.
        public var seconds: Double

        /// The run for the log: `total_ms` and each step's milliseconds (`svg 0.81, png 2.35, …`).
        public var logFields: [(String, String)] {
            func ms(_ seconds: Double) -> String {
                let hundredths = Int((seconds * 100_000).rounded())
                let fraction = hundredths % 100
                return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
            }
            return [("total_ms", ms(seconds)),
                    ("steps_ms", timings.map { "\($0.name) \(ms($0.seconds))" }.joined(separator: ", "))]
        }
    }

    /// The chart: two short series (one dashed), a legend, a title with Greek, Cyrillic and Han (the fallback face),
    /// and a 0.3 s animation, so the animated formats stay a handful of frames.
    static let spec = #"{"type":"line","width":240,"height":120,"title":"Warm-up Ωж 预热","labels":["a","b","c","d"],"#
        + #""series":[{"name":"A","values":[1,3,2,4]},{"name":"B","values":[2,1,3,2],"dash":[4,2]}],"#
        + #""animation":{"duration":0.3,"fps":10}"#

    /// Every backend once; WebP twice (its lossless and lossy encoders are different code).
    public static let steps: [Step] = OutputFormat.allCases.flatMap { format -> [Step] in
        let plain = Step(name: format.rawValue, format: format, spec: spec + "}")
        guard format == .webp else { return [plain] }
        return [Step(name: "webp lossless", format: .webp, spec: spec + "}"),
                Step(name: "webp lossy", format: .webp, spec: spec + #","quality":80}"#)]
    }

    /// Runs `steps` through `renderer` in order, stopping at the first failure.
    public static func run(renderer: some ChartRendering, steps: [Step] = steps, timeLimit: Double = 10) -> Outcome {
        let start = now()
        let deadline = start + timeLimit
        var timings: [(name: String, seconds: Double)] = []
        for step in steps {
            let stepStart = now()
            if let problem = attempt(step, renderer: renderer, deadline: deadline) {
                return Outcome(timings: timings, failure: "\(step.name): \(problem)", seconds: now() - start)
            }
            timings.append((step.name, now() - stepStart))
        }
        return Outcome(timings: timings, failure: nil, seconds: now() - start)
    }

    /// Why `step` failed, or nil.
    private static func attempt(_ step: Step, renderer: some ChartRendering, deadline: Double) -> String? {
        let parsed: ChartSpec
        do throws(SpecError) {
            parsed = try renderer.parse(json: Array(step.spec.utf8), renderingAs: step.format)
        } catch {
            return "the warm-up spec was refused: \(error.description)"
        }
        let chart: RenderedChart
        do throws(RenderError) {
            let options = RenderOptions(cancellation: CancellationCheck { now() > deadline }, idPrefix: "warm")
            chart = try renderer.render(parsed, format: step.format, options: options)
        } catch .cancelled {
            return "did not finish within the warm-up's time limit"
        } catch {
            return error.description
        }
        if chart.format != step.format { return "asked for \(step.format.rawValue), got \(chart.format.rawValue)" }
        return signatureProblem(chart.bytes, step: step)
    }

    /// Why `bytes` do not look like `step`'s output (its magic number, and for WebP the lossless or lossy
    /// bitstream, for APNG the animation chunk, for SMIL an animation element), or nil.
    static func signatureProblem(_ bytes: [UInt8], step: Step) -> String? {
        func starts(_ prefix: String) -> Bool { bytes.starts(with: Array(prefix.utf8)) }
        func contains(_ text: String, within limit: Int = .max) -> Bool {
            let needle = Array(text.utf8), haystack = bytes.prefix(limit)
            guard haystack.count >= needle.count else { return false }
            return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ok: Bool
        let expected: String
        switch step.format {
        case .svg: (ok, expected) = (contains("<svg", within: 256), "an SVG document")
        case .smil: (ok, expected) = (contains("<svg", within: 256) && contains("<animate"), "an animated SVG")
        case .png: (ok, expected) = (bytes.starts(with: png), "a PNG signature")
        case .apng: (ok, expected) = (bytes.starts(with: png) && contains("acTL", within: 64), "an APNG (acTL chunk)")
        case .pdf: (ok, expected) = (starts("%PDF-"), "%PDF-")
        case .jpeg: (ok, expected) = (bytes.starts(with: [0xFF, 0xD8, 0xFF]), "a JPEG SOI marker")
        case .gif: (ok, expected) = (starts("GIF89a"), "GIF89a")
        case .json: (ok, expected) = (starts("{"), "a JSON object")
        case .webp:
            let lossy = step.spec.contains("\"quality\"")
            let chunk = lossy ? "VP8 " : "VP8L"
            ok = starts("RIFF") && bytes.count >= 12 && bytes[8..<12].elementsEqual(Array("WEBP".utf8))
                && contains(chunk, within: 64)
            expected = "a \(lossy ? "lossy" : "lossless") WebP (\(chunk) chunk)"
        }
        return ok ? nil : "the \(bytes.count) bytes are not \(expected)"
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
