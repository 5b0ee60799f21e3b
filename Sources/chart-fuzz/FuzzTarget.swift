#if canImport(Glibc)
import Glibc
#endif
import ChartRender
import ChartScene
import ChartSpec
import ChartText
import ChartTime
import HTTPServer

/// What one fuzz input exercises. Each target must return normally for every input: a trap, a sanitizer report
/// or a timeout is a bug.
enum FuzzTarget: String, CaseIterable {
    /// Bytes as a chart spec, rendered in the format picked by the first byte (SVG, SMIL, PNG, layout JSON, WebP,
    /// JPEG, APNG or GIF).
    case chart
    /// Bytes as a TrueType font: load it, read every glyph's outline and advance, kern pairs, measure a string,
    /// describe and subset it.
    case font
    /// Bytes as HTTP/1.1 requests, fed to the incremental parser in pieces whose size the first byte picks.
    case http
    /// Bytes as a JavaScript object literal (a Chart.js config as QuickChart URLs write it), read by
    /// `JSLiteralParser`; differentially, where `JSONParser` accepts the bytes the literal reader must read the same
    /// value, and where `JSONParser` refuses valid JSON for a limit, the literal reader must refuse at that offset.
    case literal
    /// Bytes as a TZif time zone file (issue 17): parsed, then every local time type looked up around each
    /// transition and a century of its footer's transitions listed, as a time axis would use the zone.
    case tzif
    /// Bytes as world text (issue 17, `WorldTextInput`): labels from every script's block, bidi controls, marks,
    /// joiners and emoji, put in every text field of a chart rendered as PNG and as SVG, SVG with glyph outlines or
    /// PDF (the first byte picks) with the loaded fonts; each label is also measured and checked for coverage.
    case text
    /// Bytes as a text and a font (issue 17): the first byte is the text's length in bytes, those bytes (UTF-8,
    /// repaired) are the text, the rest is the font. The font is loaded and the text — and labels in every script the
    /// reports list — shaped with it by HarfBuzz in both paragraph directions, measured and placed as glyphs, as
    /// world-text labels are drawn.
    case shaping

    /// Loads what lives for the whole process (the default fonts) before the first input, so libFuzzer does not
    /// count it against that input.
    func prepare() {
        if self == .chart || self == .text { _ = ChartRenderer.shared }
    }

    func run(_ bytes: [UInt8]) {
        switch self {
        case .chart: Self.chart(bytes)
        case .font: Self.font(bytes)
        case .http: Self.http(bytes)
        case .literal: Self.literal(bytes)
        case .tzif: Self.tzif(bytes)
        case .text: Self.text(bytes)
        case .shaping: Self.shaping(bytes)
        }
    }

    private static let formats: [OutputFormat] = [.svg, .smil, .png, .json, .webp, .jpeg, .apng, .gif]

    /// The default budget, but at most 8 frames of an animated raster: enough to run the encoders' every path
    /// (changed rectangles, merged frames, the final frame) while an input stays far under the 10 s timeout of a
    /// sanitized build.
    private static let options: RenderOptions = {
        var budget = RenderBudget()
        budget.maxAnimatedFrames = 8
        return RenderOptions(budget: budget)
    }()

    private static func chart(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let format = formats[Int(first) % formats.count]
        _ = try? ChartRenderer.shared.render(json: Array(bytes.dropFirst()), format: format, options: options)
    }

    private static func text(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let input = WorldTextInput(bytes.dropFirst())
        if let fonts = ChartRenderer.shared.text.fontSet {
            for label in input.labels {
                _ = fonts.width(of: label, size: 13, weight: first & 1 == 0 ? .regular : .bold)
                _ = fonts.missingCharacters(in: label)
            }
        }
        // Always the PNG (shaped glyphs through placement, the mask cache and the rasterizer); then one of SVG text,
        // SVG outlines and PDF text, picked by the first byte, which keeps an input under 30 ms in a sanitized build.
        let native = input.spec(kind: first, paths: false)
        _ = try? ChartRenderer.shared.render(json: native, format: .png, options: options)
        switch (first >> 2) % 3 {
        case 0: _ = try? ChartRenderer.shared.render(json: native, format: .svg, options: options)
        case 1: _ = try? ChartRenderer.shared.render(json: input.spec(kind: first, paths: true), format: .svg,
                                                      options: options)
        default: _ = try? ChartRenderer.shared.render(json: native, format: .pdf, options: options)
        }
    }

    /// A label in every script of `WritingScript.all`, with marks, joiners, a number and brackets.
    private static let worldText = WritingScript.all.map(\.samples).joined(separator: " (12) ")
        + " \u{200D}\u{200C}\u{0301}\u{FE0F}\u{202E}ab\u{202C} لا क्ष कि ปิ้ שלום (123)"

    private static func shaping(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let textLength = min(Int(first), bytes.count - 1)
        let text = String(decoding: bytes[1..<(1 + textLength)], as: UTF8.self)
        guard let face = try? FontFace(data: Array(bytes[(1 + textLength)...])) else { return }
        let set = FontSet(regular: face)
        for label in [text, worldText, text + worldText] {
            for rightToLeft in [false, true] {
                _ = set.shaped(label, weight: .regular, rightToLeft: rightToLeft)
            }
            _ = set.width(of: label, size: 13, weight: .bold)
            _ = set.glyphs(for: TextRun(text: label, position: Point(10, 20), size: 13, color: .black, rotation: -45))
        }
    }

    private static func tzif(_ bytes: [UInt8]) {
        guard let rules = try? TZifReader.parse(bytes) else { return }
        let zone = ChartTimeZone(identifier: "Fuzz/Zone", rules: rules)
        for t in rules.transitionTimes.prefix(512) {
            for ms in [Double(t) * 1000 - 1, Double(t) * 1000, Double(t) * 1000 + 3_600_000] {
                _ = zone.localTimeType(atUTC: ms)
                _ = zone.utcMilliseconds(fromLocal: zone.localMilliseconds(fromUTC: ms))
                _ = zone.iso8601(utcMilliseconds: ms)
            }
        }
        let last = rules.transitionTimes.last ?? 0
        _ = rules.transitions(from: last - 86_400, to: last + 100 * 31_556_952, limit: 1000)
        _ = zone.utcMilliseconds(fromLocal: 8.64e15)
        _ = zone.utcMilliseconds(fromLocal: -8.64e15)
    }

    private static func font(_ bytes: [UInt8]) {
        guard let face = try? FontFace(data: bytes) else { return }
        let glyphs = min(face.glyphCount, 512)
        for glyph in 0..<glyphs {
            _ = try? face.outline(of: UInt16(glyph))
            _ = face.path(of: UInt16(glyph))
            _ = face.advance(of: UInt16(glyph))
            _ = face.kerning(UInt16(glyph), UInt16((glyph + 1) % max(glyphs, 1)))
        }
        let set = FontSet(regular: face)
        _ = set.width(of: "AVATAR Wolf 第1节 %é", size: 13, weight: .regular)
        // As a PDF embeds it (issue 15): described, subset, and the subset loaded back.
        _ = FontDescription(face)
        if let subset = try? TrueTypeSubsetter.subset(face, keeping: (0..<glyphs).map { UInt16($0) }) {
            _ = try? FontFace(data: subset)
        }
    }

    private static func http(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let piece = Int(first % 32) + 1
        var parser = HTTPParser(limits: HTTPParserLimits())
        var rest = bytes.dropFirst()
        while !rest.isEmpty {
            parser.append(rest.prefix(piece))
            rest = rest.dropFirst(piece)
            do {
                while let event = try parser.next() {
                    if case .body = event { continue }
                }
            } catch {
                return  // a malformed request ends the connection; so does the fuzz input
            }
        }
    }

    /// `JSONParser` refusals of syntactically valid JSON: a limit (depth, string length, number range), a duplicate
    /// key, a lone surrogate or invalid UTF-8. The bytes before the offending one are JSON, which the literal reader
    /// reads exactly as `JSONParser` does, so it must refuse at the same offset (its surrogate message differs).
    private static let jsonLimitRefusals = [
        "nesting deeper than", "duplicate key", "string longer than", "is out of range", "string is not valid UTF-8",
        "lone high surrogate", "lone low surrogate", "high surrogate not followed",
    ]

    private static func literal(_ bytes: [UInt8]) {
        let literal: Result<JSONValue, JSONSyntaxError>
        do { literal = .success(try JSLiteralParser.parse(bytes)) } catch { literal = .failure(error) }
        if case .success(let value) = literal { _ = JSLiteralParser.executableStrings(in: value) }
        do {
            let json = try JSONParser.parse(bytes)
            guard case .success(let value) = literal else {
                disagree("JSONParser accepts the input, JSLiteralParser refuses it: \(literal)")
            }
            if value != json { disagree("the parsers read different values:\n  JSON    \(json)\n  literal \(value)") }
        } catch {
            guard jsonLimitRefusals.contains(where: { error.message.contains($0) }) else { return }
            switch literal {
            case .success:
                disagree("JSONParser refuses valid JSON (\(error.message)), JSLiteralParser accepts it")
            case .failure(let literalError) where literalError.offset != error.offset:
                disagree("JSONParser refuses at \(error.offset) (\(error.message)), JSLiteralParser at "
                    + "\(literalError.offset) (\(literalError.message))")
            case .failure:
                break
            }
        }
    }

    /// A failed differential property: reported and crashed on purpose, so libFuzzer keeps the input.
    private static func disagree(_ message: String) -> Never {
        var line = Array("chart-fuzz literal: \(message)\n".utf8)
        _ = write(2, &line, line.count)
        abort()
    }
}
