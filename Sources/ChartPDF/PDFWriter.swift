public import ChartScene
public import ChartText

/// Writes a scene as a one-page PDF document (ISO 32000-1, PDF 1.7) in vector form: paths with their fills,
/// strokes, joins, caps and dashes, clips, opacity through graphics states and transparency groups, gradients as
/// axial shadings (with soft masks where their alpha varies), and text through `PDFFontResources`.
///
/// The page is the chart's CSS size in points at CSS's 96 px per inch (1 px = 0.75 pt, PDF's 72 pt per inch), so
/// an 800×400 chart is a 600×300 pt page that prints at the size a browser prints it; the content stream begins
/// with `0.75 0 0 -0.75 0 H cm`, after which coordinates are the scene's own (CSS px, y down).
///
/// Guarantees:
/// - deterministic: no dates, no random identifiers; the trailer's `/ID` is derived from the bytes
///   (`PDFFileID`), so the same scene gives the same bytes and ETags hold;
/// - the title (`/Title`) and description (`/Subject`) are PDF text strings that no input can break out of
///   (`PDFTextString`); text runs reach the file only through `PDFFontResources`, as glyph codes;
/// - the writer stops with `PDFError.tooLarge` once the document (with its content not yet compressed, at
///   `contentAllowance` times the limit) passes `maxBytes`, and with `.cancelled` when `cancellation` fires; it
///   polls both per node.
public struct PDFWriter: Sendable {
    /// The fonts text is drawn with; nil draws no text (as the rasterizer without fonts).
    public var fonts: FontSet?
    public var cancellation: CancellationCheck
    /// The most bytes the document may take.
    public var maxBytes: Int

    /// Whether streams are deflated; tests turn it off to read the content streams as written.
    var compressesStreams = true

    /// Content streams are compressed only once complete, so while painting the writer allows them this many
    /// times `maxBytes` before it stops: chart content deflates to a third of its size or less (docs/formats.md).
    public static let contentAllowance = 3

    /// Points per CSS px: 72 pt per inch over CSS's 96 px per inch.
    public static let pointsPerPixel = 0.75

    public init(fonts: FontSet?, cancellation: CancellationCheck = .never, maxBytes: Int = .max) {
        self.fonts = fonts
        self.cancellation = cancellation
        self.maxBytes = maxBytes
    }

    /// The PDF document for `scene`.
    public func write(_ scene: Scene) throws(PDFError) -> [UInt8] {
        let width = scene.width, height = scene.height
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= PDFNumber.maxMagnitude,
              height <= PDFNumber.maxMagnitude else { throw PDFError(.invalidPageSize) }
        var objects = PDFObjectWriter(capacity: 1 << 16)
        let catalog = objects.reserve(), pages = objects.reserve(), page = objects.reserve()
        let resourcesID = objects.reserve(), contentID = objects.reserve(), info = objects.reserve()
        let (limit, overflow) = maxBytes.multipliedReportingOverflow(by: Self.contentAllowance)
        var painter = PDFScenePainter(objects: objects, fonts: fonts.map { PDFFontResources(fonts: $0) },
                                      resourcesID: resourcesID, width: width, height: height,
                                      cancellation: cancellation, limit: overflow ? .max : limit,
                                      compress: compressesStreams)

        let flip = "\(PDFNumber.string(Self.pointsPerPixel)) 0 0 \(PDFNumber.string(-Self.pointsPerPixel)) 0 "
            + PDFNumber.string(height * Self.pointsPerPixel, decimals: 4)
        var content = PDFContentStream(capacity: 1 << 16)
        content.op("\(flip) cm")
        if let background = scene.background, background.alpha > 0 {
            content.fillColor(background)
            content.alpha(background.opacity, resources: &painter.resources)
            content.rect(Rect(x: 0, y: 0, width: width, height: height))
            content.op("f")
        }
        try painter.paint(scene.nodes, into: &content, opacity: 1, depth: 0, patternMatrix: "[\(flip)]")

        painter.objects.writeStream(contentID, dictionary: "", data: content.bytes, compress: compressesStreams)
        let fontEntries = painter.fonts?.writeFonts(into: &painter.objects) ?? []
        painter.objects.write(resourcesID, painter.resources.dictionary(fonts: fontEntries))
        let mediaBox = [width, height].map { PDFNumber.string($0 * Self.pointsPerPixel, decimals: 4) }
        let group = painter.resources.usesTransparency ? " /Group <</S /Transparency /CS /DeviceRGB>>" : ""
        painter.objects.write(page, "<</Type /Page /Parent \(pages.reference) "
            + "/MediaBox [0 0 \(mediaBox[0]) \(mediaBox[1])] /Resources \(resourcesID.reference) "
            + "/Contents \(contentID.reference)\(group)>>")
        painter.objects.write(pages, "<</Type /Pages /Kids [\(page.reference)] /Count 1>>")
        painter.objects.write(catalog, "<</Type /Catalog /Pages \(pages.reference) "
            + "/ViewerPreferences <</DisplayDocTitle true>>>>")
        var entries = "/Title \(PDFTextString.encode(scene.title))"
        if !scene.description.isEmpty { entries += " /Subject \(PDFTextString.encode(scene.description))" }
        painter.objects.write(info, "<<\(entries) /Producer (chartd)>>")
        let bytes = painter.objects.finish(root: catalog, info: info)
        if bytes.count > maxBytes { throw PDFError(.tooLarge(bytes: bytes.count)) }
        return bytes
    }
}
