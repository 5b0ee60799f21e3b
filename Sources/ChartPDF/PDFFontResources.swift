import ChartScene
import ChartText

/// The fonts a page's text is drawn with: embedded, subsetted TrueType faces, written once the page is complete.
///
/// PLACEHOLDER until issue 15's part P2 lands: it has exactly the contract's signatures and draws no text, so the PDF
/// writer's every text run already goes through it. P2's file of the same name replaces this one.
struct PDFFontResources {
    init(fonts: FontSet) {}

    /// Appends the operators that draw `run` (in the page's y-down CSS px user space) to `content`, inside `q … Q`
    /// so the graphics state the content stream tracks is left as it was; a colour alpha below 1 goes through a
    /// graphics state named by `resources.alphaState`. The placeholder draws nothing.
    mutating func draw(_ run: TextRun, into content: inout [UInt8], resources: inout PDFResources) {}

    /// Writes the fonts used so far into `objects`; returns the page's `/Font` resource entries. None here.
    func writeFonts(into objects: inout PDFObjectWriter) -> [(name: String, id: PDFObjectID)] { [] }
}
