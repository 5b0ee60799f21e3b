import ChartRender
import ChartSpec
import ChartText
import HTTPServer

/// What one fuzz input exercises. Each target must return normally for every input: a trap, a sanitizer report
/// or a timeout is a bug.
enum FuzzTarget: String, CaseIterable {
    /// Bytes as a chart spec, rendered in the format picked by the first byte (SVG, SMIL, PNG or layout JSON).
    case chart
    /// Bytes as a TrueType font: load it, read every glyph's outline and advance, kern pairs, measure a string.
    case font
    /// Bytes as HTTP/1.1 requests, fed to the incremental parser in pieces whose size the first byte picks.
    case http

    /// Loads what lives for the whole process (the default fonts) before the first input, so libFuzzer does not
    /// count it against that input.
    func prepare() {
        if self == .chart { _ = ChartRenderer.shared }
    }

    func run(_ bytes: [UInt8]) {
        switch self {
        case .chart: Self.chart(bytes)
        case .font: Self.font(bytes)
        case .http: Self.http(bytes)
        }
    }

    private static let formats: [OutputFormat] = [.svg, .smil, .png, .json]

    private static func chart(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let format = formats[Int(first) % formats.count]
        _ = try? ChartRenderer.shared.render(json: Array(bytes.dropFirst()), format: format)
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
}
