import ChartPDF
import ChartSpec

extension ChartRenderer {
    /// Lays out (without tooltips and hit targets: a PDF has neither), checks the budget as for SVG, and writes a
    /// one-page vector PDF with the fonts' glyphs embedded. `scale` does not apply: the page is the chart's CSS size
    /// in points. The writer polls `options.cancellation` and stops past `maxOutputBytes` (`render` checks the final
    /// size too).
    func pdf(for spec: ChartSpec, options: RenderOptions) throws(RenderError) -> [UInt8] {
        let scene = try checked(layout(spec, interactive: false, animated: false), spec: spec, format: .pdf,
                                options: options)
        let writer = PDFWriter(fonts: text.fontSet, cancellation: options.cancellation,
                               maxBytes: options.budget.maxOutputBytes)
        do {
            return try writer.write(scene)
        } catch {
            switch error.reason {
            case .cancelled:
                throw .cancelled
            case .tooLarge(let bytes):
                throw .tooComplex(options.budget.outputProblem(bytes: bytes, format: .pdf).map { [$0] } ?? [])
            case .invalidPageSize:
                throw .backendFailure(error.description)
            }
        }
    }
}
