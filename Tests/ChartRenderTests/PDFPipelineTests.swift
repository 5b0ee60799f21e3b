import ChartRender
import ChartSpec
import Foundation
import Testing

/// `format: "pdf"` through the pipeline: every example is a one-page PDF of its CSS size in points, the same bytes
/// every time (ETags hold), with its title in the document information.
@Suite struct PDFPipelineTests {
    let renderer = ChartRenderer.shared

    func latin1(_ bytes: [UInt8]) -> String { String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) }

    @Test(arguments: ExampleFiles.names)
    func exampleIsAStablePDFOfItsSizeInPoints(name: String) throws {
        let json = try ExampleFiles.spec(name)
        let rendered = try renderer.render(json: json, format: .pdf)
        #expect(rendered.contentType == "application/pdf")
        let text = latin1(rendered.bytes)
        #expect(text.hasPrefix("%PDF-1.7\n") && text.hasSuffix("%%EOF\n"))
        #expect(text.components(separatedBy: "/Type /Page ").count == 2, "one page")
        let spec = try ChartSpec.parse(json)
        let box = "/MediaBox [0 0 \(points(spec.width)) \(points(spec.height))]"
        #expect(text.contains(box), "\(name): \(box)")
        #expect(try renderer.render(json: json, format: .pdf).bytes == rendered.bytes)
    }

    func points(_ px: Double) -> String {
        let value = px * 0.75
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// `scale` is for raster formats: the PDF is vector, its page the CSS size whatever the scale.
    @Test func scaleDoesNotChangeThePDF() throws {
        let plain = try renderer.render(json: Array(#"{"width": 400, "height": 200, "series": [{"values": [1, 3, 2]}]}"#.utf8),
                                        format: .pdf).bytes
        let scaled = try renderer.render(json: Array(#"{"width": 400, "height": 200, "scale": 3, "series": [{"values": [1, 3, 2]}]}"#.utf8),
                                         format: .pdf).bytes
        #expect(plain == scaled)
        #expect(latin1(plain).contains("/MediaBox [0 0 300 150]"))
    }

    @Test func titleIsTheDocumentTitle() throws {
        let json = #"{"title": "Revenue (EUR) \\ 2026", "series": [{"values": [1, 2]}]}"#
        let text = latin1(try renderer.render(json: Array(json.utf8), format: .pdf).bytes)
        #expect(text.contains("/Title (Revenue \\(EUR\\) \\\\ 2026)"))
        #expect(text.contains("/Producer (chartd)"))
    }
}
