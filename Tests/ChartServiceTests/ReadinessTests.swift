import ChartRender
import ChartSpec
import ChartText
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer
import Testing
@testable import ChartService

/// A renderer for the warm-up that draws nothing: each format's bytes are the shortest that pass the warm-up's
/// signature check, except `failing`, which throws (or, with `wrongBytes`, answers bytes of no image format).
struct WarmUpFakeRenderer: ChartRendering {
    var failing: String?
    var wrongBytes = false

    func parse(json: [UInt8], renderingAs format: OutputFormat?) throws(SpecError) -> ChartSpec {
        try ChartSpec.parse(json, renderingAs: format)
    }

    func render(_ spec: ChartSpec, format: OutputFormat, options: RenderOptions) throws(RenderError) -> RenderedChart {
        let name = format == .webp ? (spec.quality == nil ? "webp lossless" : "webp lossy") : format.rawValue
        if name == failing && !wrongBytes { throw .backendFailure("the \(name) encoder is broken") }
        if name == failing { return RenderedChart(bytes: Array("not an image".utf8), format: format) }
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><animate/></svg>"#.utf8)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let bytes: [UInt8] = switch format {
        case .svg, .smil: svg
        case .png: png + [0, 0, 0, 13] + Array("IHDR".utf8)
        case .apng: png + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 8] + Array("acTL".utf8)
        case .pdf: Array("%PDF-1.7\n".utf8)
        case .jpeg: [0xFF, 0xD8, 0xFF, 0xE0]
        case .gif: Array("GIF89a".utf8)
        case .json: Array("{}".utf8)
        case .webp: Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array((spec.quality == nil ? "VP8L" : "VP8 ").utf8)
        }
        return RenderedChart(bytes: bytes, format: format)
    }
}

struct ReadinessTests {
    /// Waits (up to 20 s: the real renders run on a loaded machine) until the warm-up has left `starting`.
    static func settled(_ service: ChartService) -> Readiness.State {
        for _ in 0..<2000 where service.readiness.current == .starting { usleep(10_000) }
        return service.readiness.current
    }

    @Test func readyzIsStartingUntilMarkedThenFollowsTheState() {
        let service = ChartService(renderer: FakeRenderer())
        let starting = service.respond(to: request("GET", "/readyz"))
        #expect(starting.status == 503)
        #expect(starting.text.contains("starting: warming up"))
        #expect(starting.headers["Retry-After"] == "1")
        #expect(service.respond(to: request("GET", "/healthz")).status == 200)

        service.readiness.markReady()
        let ready = service.respond(to: request("GET", "/readyz"))
        #expect(ready.status == 200 && ready.text == #"{"status":"ready"}"#)
        #expect(ready.headers["Chart-Degraded"] == nil)

        service.readiness.markDegraded("no usable font: /x.ttf: not found")
        let degraded = service.respond(to: request("GET", "/readyz"))
        #expect(degraded.status == 200)
        #expect(degraded.text == #"{"status":"degraded: no usable font: /x.ttf: not found"}"#)
        #expect(degraded.headers["Chart-Degraded"] == "fonts")

        service.readiness.markFailed("png: the png encoder is broken")
        let failed = service.respond(to: request("GET", "/readyz"))
        #expect(failed.status == 503)
        #expect(failed.text.contains("not ready: warm-up failed: png: the png encoder is broken"))

        // Draining wins over every state.
        service.readiness.markReady()
        service.drainDidBegin()
        let draining = service.respond(to: request("GET", "/readyz"))
        #expect(draining.status == 503 && draining.text.contains("shutting down"))
    }

    @Test func theWarmUpCoversEveryBackendOnce() {
        let names = WarmUp.steps.map(\.name)
        #expect(names.count == Set(names).count)
        #expect(Set(WarmUp.steps.map(\.format)) == Set(OutputFormat.allCases))
        #expect(names.contains("webp lossless") && names.contains("webp lossy"))
        let outcome = WarmUp.run(renderer: WarmUpFakeRenderer())
        #expect(outcome.failure == nil)
        #expect(outcome.timings.map(\.name) == names)
    }

    /// Whichever backend fails — by throwing or by answering bytes that are not its format — the warm-up stops
    /// there, names it, and the service stays unready with the reason on `/readyz`.
    @Test(arguments: WarmUp.steps.map(\.name), [false, true])
    func aFailingBackendKeepsTheServiceUnready(backend: String, wrongBytes: Bool) {
        let outcome = WarmUp.run(renderer: WarmUpFakeRenderer(failing: backend, wrongBytes: wrongBytes))
        let failure = outcome.failure ?? ""
        #expect(failure.hasPrefix("\(backend): "))
        #expect(failure.contains(wrongBytes ? "bytes are not" : "encoder is broken"))
        #expect(outcome.timings.map(\.name) == Array(WarmUp.steps.map(\.name).prefix { $0 != backend }))

        let service = ChartService(renderer: WarmUpFakeRenderer(failing: backend, wrongBytes: wrongBytes))
        service.warmUp(degradedReason: "fonts missing")
        guard case .failed(let reason) = Self.settled(service) else {
            Issue.record("not failed: \(service.readiness.current)")
            return
        }
        #expect(reason.hasPrefix("\(backend): "))
        let response = service.respond(to: request("GET", "/readyz"))
        #expect(response.status == 503)
        #expect(response.text.contains("warm-up failed: \(backend): "))
    }

    @Test func aWarmUpThatSucceedsMakesTheServiceReadyOrDegraded() {
        let service = ChartService(renderer: WarmUpFakeRenderer())
        service.warmUp()
        #expect(Self.settled(service) == .ready)
        let degraded = ChartService(renderer: WarmUpFakeRenderer())
        degraded.warmUp(degradedReason: "no usable font")
        #expect(Self.settled(degraded) == .degraded(reason: "no usable font", component: "fonts"))
    }

    /// A backend that hangs is cancelled at the time limit rather than keeping the service `starting` forever.
    @Test func aHungBackendIsCutOffAtTheTimeLimit() {
        struct Hanging: ChartRendering {
            func parse(json: [UInt8], renderingAs format: OutputFormat?) throws(SpecError) -> ChartSpec { ChartSpec() }
            func render(_ spec: ChartSpec, format: OutputFormat, options: RenderOptions) throws(RenderError)
                -> RenderedChart {
                for _ in 0..<5000 {
                    if options.cancellation.isCancelled { throw .cancelled }
                    usleep(1000)
                }
                return RenderedChart(bytes: [], format: format)
            }
        }
        let outcome = WarmUp.run(renderer: Hanging(), timeLimit: 0.05)
        #expect(outcome.failure == "svg: did not finish within the warm-up's time limit")
        #expect(outcome.seconds < 2)
    }

    /// The real pipeline passes its own warm-up: every backend renders the chart and starts like its format.
    @Test func theRealRendererPassesTheWarmUp() {
        let outcome = WarmUp.run(renderer: ChartRenderer.shared, timeLimit: 60)
        #expect(outcome.failure == nil)
        #expect(outcome.timings.count == WarmUp.steps.count)
    }

    @Test func signaturesTellFormatsApart() throws {
        let chart = try ChartRenderer.shared.render(json: Array(#"{"series":[{"values":[1,2]}]}"#.utf8),
                                                    format: .png)
        let png = try #require(WarmUp.steps.first { $0.format == .png })
        let webp = try #require(WarmUp.steps.first { $0.name == "webp lossless" })
        #expect(WarmUp.signatureProblem(chart.bytes, step: png) == nil)
        #expect(WarmUp.signatureProblem(chart.bytes, step: webp) != nil)
        #expect(WarmUp.signatureProblem([], step: png) == "the 0 bytes are not a PNG signature")
    }
}

/// What chartd does about its fonts before opening the port.
struct StartupCheckTests {
    static let missing = FontReport(files: [], scripts: [], degraded: "no usable font: font files not loaded: "
                                        + "/nonexistent.ttf: not found", missing: ["/nonexistent.ttf: not found"])

    @Test func healthyFontsStart() {
        let report = FontReport(files: [.init(path: "/f.ttf", family: "F")], scripts: ["Latin"], degraded: nil,
                                missing: [])
        #expect(StartupCheck.fonts(report, fontList: nil, allowMissingFonts: false) == .start)
        #expect(StartupCheck.fonts(report, fontList: "/f.ttf", allowMissingFonts: true) == .start)
    }

    @Test func degradedFontsRefuseNamingTheFileAndTheVariable() {
        guard case .refuse(let message) = StartupCheck.fonts(Self.missing, fontList: "/nonexistent.ttf",
                                                              allowMissingFonts: false) else {
            Issue.record("not refused")
            return
        }
        #expect(message.contains("/nonexistent.ttf: not found"))
        #expect(message.contains("CHART_FONTS=/nonexistent.ttf"))
        #expect(message.contains("--allow-missing-fonts"))
        guard case .refuse(let defaults) = StartupCheck.fonts(Self.missing, fontList: nil, allowMissingFonts: false)
        else {
            Issue.record("not refused")
            return
        }
        #expect(defaults.contains("default font locations"))
        #expect(StartupCheck.exitStatus == 78)
    }

    @Test func allowingMissingFontsStartsDegraded() {
        #expect(StartupCheck.fonts(Self.missing, fontList: "/nonexistent.ttf", allowMissingFonts: true)
            == .startDegraded(Self.missing.degraded ?? ""))
    }

    /// The startup log line: files with families and scripts drawn correctly — Arabic and Hebrew too, whose glyphs
    /// DejaVu has and which HarfBuzz shapes — and none drawn incorrectly.
    @Test(.enabled(if: access("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", R_OK) == 0))
    func theFontsLineSaysWhatIsDrawnCorrectly() throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let summary = StartupCheck.fontSummary(TextEngine.loadDefault(fontList: dejaVu))
        let fields = Dictionary(summary.fields, uniquingKeysWith: { first, _ in first })
        #expect(summary.message.hasPrefix("fonts: 1 faces draw Latin, Greek, Cyrillic"))
        #expect(fields["files"] == "\(dejaVu) (DejaVu Sans)")
        let scripts = try #require(fields["scripts"]).components(separatedBy: ", ")
        #expect(scripts.contains("Arabic") && scripts.contains("Hebrew"))
        #expect(!scripts.contains("Devanagari") && !scripts.contains("Thai"))  // DejaVu has no glyphs for them
        #expect(fields["drawn_incorrectly"] == "")
        #expect(fields["degraded"] == nil)

        let none = StartupCheck.fontSummary(TextEngine.loadDefault(fontList: "/nonexistent.ttf"))
        #expect(none.message == "fonts: none loaded; text cannot be drawn")
        #expect(none.fields.contains { $0.0 == "degraded" && $0.1.contains("/nonexistent.ttf: not found") })
    }

    @Test func theFlagIsASwitchAndTheVariableABoolean() throws {
        #expect(try ChartdOptions.parse(arguments: [], environment: [:]).allowMissingFonts == false)
        let flag = try ChartdOptions.parse(arguments: ["--allow-missing-fonts", "--port", "0"], environment: [:])
        #expect(flag.allowMissingFonts && flag.server.port == 0)
        #expect(try ChartdOptions.parse(arguments: [], environment: ["ALLOW_MISSING_FONTS": "1"]).allowMissingFonts)
        #expect(try !ChartdOptions.parse(arguments: ["--allow-missing-fonts=0"],
                                         environment: ["ALLOW_MISSING_FONTS": "1"]).allowMissingFonts)
        #expect(throws: ChartdOptions.Invalid.self) {
            try ChartdOptions.parse(arguments: [], environment: ["ALLOW_MISSING_FONTS": "maybe"])
        }
        #expect(ChartdOptions.help.contains("--allow-missing-fonts, ALLOW_MISSING_FONTS"))
    }
}
