import Foundation
import ChartRaster
import ChartScene
import Testing
@testable import ChartPDF

/// What the page says: the operators each scene feature is drawn with (ISO 32000-1 Annex A), checked on the
/// uncompressed content stream.
struct PDFWriterTests {
    /// The content after the page's flip and background: what the nodes drew.
    func drawn(_ nodes: [Node], width: Double = 800, height: Double = 400) throws -> String {
        let doc = try PDFDocument(TestScene.with(nodes, width: width, height: height))
        let prefix = "0.75 0 0 -0.75 0 \(PDFNumber.string(height * 0.75, decimals: 4)) cm\n"
        #expect(doc.content.hasPrefix(prefix))
        return String(doc.content.dropFirst(prefix.count))
    }

    @Test func pageIsTheChartsCSSSizeInPointsWithAFlippedUserSpace() throws {
        let doc = try PDFDocument(TestScene.with([], width: 800, height: 400, background: .white))
        #expect(doc.object(3)?.contains("/MediaBox [0 0 600 300]") == true)
        #expect(doc.content == "0.75 0 0 -0.75 0 300 cm\n1 1 1 rg\n0 0 800 400 re\nf\n")
        let odd = try PDFDocument(TestScene.with([], width: 333.33, height: 101))
        #expect(odd.object(3)?.contains("/MediaBox [0 0 249.9975 75.75]") == true)
        #expect(odd.content == "0.75 0 0 -0.75 0 75.75 cm\n")
    }

    @Test func documentStructure() throws {
        let doc = try PDFDocument(TestScene.with([], title: "Weekly (draft)"))
        #expect(doc.object(1) == "1 0 obj\n<</Type /Catalog /Pages 2 0 R /ViewerPreferences <</DisplayDocTitle true>>>>\n")
        #expect(doc.object(2) == "2 0 obj\n<</Type /Pages /Kids [3 0 R] /Count 1>>\n")
        #expect(doc.object(3) == "3 0 obj\n<</Type /Page /Parent 2 0 R /MediaBox [0 0 600 300] /Resources 4 0 R "
            + "/Contents 5 0 R>>\n")
        #expect(doc.object(6) == "6 0 obj\n<</Title (Weekly \\(draft\\)) /Producer (chartd)>>\n")
        #expect(!doc.text.contains("CreationDate") && !doc.text.contains("ModDate"))
    }

    @Test func invalidPageSizesAreRefused() {
        for (w, h) in [(0.0, 100.0), (100, -1), (.nan, 100), (100, .infinity)] {
            #expect(throws: PDFError(.invalidPageSize)) { try PDFWriter(fonts: nil).write(TestScene.with([], width: w, height: h)) }
        }
    }

    @Test func everyPathElement() throws {
        var path = Path()
        path.move(to: Point(10, 20))
        path.line(to: Point(30, 20))
        path.quad(to: Point(60, 20), control: Point(45, 5))
        path.cubic(to: Point(90, 40), control1: Point(70, 20), control2: Point(80, 30))
        path.close()
        path.line(to: Point(5, 5))  // after a close: a new subpath from where the closed one started
        let content = try drawn([.shape(Shape(path: path, fill: .solid(TestScene.red)))])
        // The quadratic (30,20)-(45,5)-(60,20) as a cubic: control points 2/3 of the way to (45,5).
        #expect(content == """
            1 0 0 rg
            10 20 m
            30 20 l
            40 10 50 10 60 20 c
            70 20 80 30 90 40 c
            h
            10 20 m
            5 5 l
            f

            """)
    }

    @Test func segmentsWithoutAMoveStartAtTheOriginAndALoneMoveIsADot() throws {
        let content = try drawn([.shape(Shape(path: Path([.line(Point(10, 10)), .move(Point(50, 50))]),
                                              stroke: .solid(.black), strokeStyle: StrokeStyle(width: 4)))])
        #expect(content.hasSuffix("0 0 m\n10 10 l\n50 50 m\n50 50 l\nS\n"))
    }

    @Test func fillAndStrokeOfOneAlphaAreOnePath() throws {
        let shape = Shape(path: .rect(Rect(x: 1, y: 2, width: 3, height: 4)), fill: .solid(TestScene.red),
                          fillRule: .evenOdd, stroke: .solid(TestScene.blue), strokeStyle: StrokeStyle(width: 2))
        let content = try drawn([.shape(shape)])
        #expect(content == "1 0 0 rg\n0 0 1 RG\n2 w\n1 j\n1 J\n[] 0 d\n1 2 m\n4 2 l\n4 6 l\n1 6 l\nh\nB*\n")
    }

    @Test func strokeStyle() throws {
        let line = Path([.move(Point(0, 0)), .line(Point(100, 0))])
        let styles = [
            StrokeStyle(width: 1.5, join: .miter, cap: .butt, miterLimit: 7, dash: [4, 2], dashOffset: 1),
            StrokeStyle(width: 1.5, join: .bevel, cap: .square, miterLimit: 7, dash: [3], dashOffset: -1),
            StrokeStyle(width: 1.5, join: .bevel, cap: .square, dash: [3, -1]),
            StrokeStyle(width: 1.5, join: .miter, cap: .square, miterLimit: 0.5, dash: [2, 2], dashOffset: .nan),
            StrokeStyle(width: 1.5, join: .miter, cap: .square, miterLimit: 0.5, dash: [0.004, 0.001]),
        ]
        let content = try drawn(styles.map { .shape(Shape(path: line, stroke: .solid(.black), strokeStyle: $0)) })
        let expected = [
            // Miter join with its limit; dash with phase.
            "0 0 0 RG\n1.5 w\n0 j\n0 J\n7 M\n[4 2] 1 d\n0 0 m\n100 0 l\nS\n",
            // An odd pattern doubled (SVG), the negative offset taken modulo the period 6.
            "2 j\n2 J\n[3 3] 5 d\n0 0 m\n100 0 l\nS\n",
            // A negative length: drawn solid, as SVG and the rasterizer do.
            "[] 0 d\n0 0 m\n100 0 l\nS\n",
            // A miter limit below 1 is 1; a non-finite offset: solid.
            "0 j\n1 M\n0 0 m\n100 0 l\nS\n",
            // Lengths that are all 0 in hundredths (PDF forbids an all-zero pattern): solid.
            "0 0 m\n100 0 l\nS\n",
        ]
        #expect(content == expected.joined())
    }

    @Test func shapesThatPaintNothingAreSkipped() throws {
        let rect = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let content = try drawn([
            .shape(Shape(path: rect, fill: .solid(.transparent))),
            .shape(Shape(path: rect, stroke: .solid(.black), strokeStyle: StrokeStyle(width: 0))),
            .shape(Shape(path: rect, stroke: .solid(.black), strokeStyle: StrokeStyle(width: .nan))),
            .shape(Shape(path: rect)),
            .group(Group(clip: Rect(x: 0, y: 0, width: 0, height: 5), children: [.shape(Shape(path: rect, fill: .solid(.black)))])),
            .group(Group(opacity: 0, children: [.shape(Shape(path: rect, fill: .solid(.black)))])),
        ])
        #expect(content == "")
    }

    /// PDF has no NaN, infinity or exponents: a NaN coordinate (which the bounds check does not see) is written as
    /// 0, huge ones clamped; a shape with an infinite one is skipped, as the rasterizer skips it.
    @Test func everyCoordinateIsAPlainNumber() throws {
        let path = Path([.move(Point(0, .nan)), .line(Point(5, 1e300)), .line(Point(-1e12, 2e-300))])
        let content = try drawn([.shape(Shape(path: path, stroke: .solid(.black))),
                                 .shape(Shape(path: Path([.move(.zero), .line(Point(.infinity, 1))]), fill: .solid(.black)))])
        #expect(content.hasSuffix("0 0 m\n5 1000000000 l\n-1000000000 0 l\nS\n"))
    }

    @Test func translucentColorsGoThroughGraphicsStates() throws {
        let rect = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let doc = try PDFDocument(TestScene.with([
            .shape(Shape(path: rect, fill: .solid(TestScene.red.withOpacity(0.5)))),
            .shape(Shape(path: rect, fill: .solid(TestScene.blue.withOpacity(0.5)))),
            .shape(Shape(path: rect, fill: .solid(TestScene.blue))),
        ]))
        #expect(doc.content.contains("1 0 0 rg\n/GS1 gs\n0 0 m\n"))
        #expect(doc.content.contains("0 0 1 rg\n0 0 m\n"))  // same alpha: no second gs
        #expect(doc.content.contains("h\nf\n/GS2 gs\n0 0 m\n"))
        #expect(doc.resources.contains("/ExtGState <</GS1 <</ca 0.502 /CA 0.502>>\n/GS2 <</ca 1 /CA 1>>\n>>"))
        #expect(doc.object(3)?.contains("/Group <</S /Transparency /CS /DeviceRGB>>") == true)
    }

    @Test func clipIsARectangleInsideSaveRestore() throws {
        let content = try drawn([.group(Group(clip: Rect(x: 10, y: 20, width: 300, height: 200), children: [
            .shape(Shape(path: .rect(Rect(x: 0, y: 0, width: 50, height: 50)), fill: .solid(.black))),
        ]))])
        #expect(content == "q\n10 20 300 200 re\nW n\n0 0 0 rg\n0 0 m\n50 0 l\n50 50 l\n0 50 l\nh\nf\nQ\n")
    }

    /// State set inside `q … Q` is forgotten after it: the colour is set again.
    @Test func stateIsRestoredWithQ() throws {
        let rect = Path.rect(Rect(x: 0, y: 0, width: 5, height: 5))
        let content = try drawn([
            .group(Group(clip: Rect(x: 0, y: 0, width: 10, height: 10), children: [
                .shape(Shape(path: rect, fill: .solid(TestScene.red))),
            ])),
            .shape(Shape(path: rect, fill: .solid(TestScene.red))),
        ])
        #expect(content.components(separatedBy: "1 0 0 rg\n").count == 3)
    }

    /// Overlapping children of a translucent group are composited as one: a transparency group painted with the
    /// group's alpha, not each child with it (which would show the overlap darker).
    @Test func groupOpacityOfOverlappingChildrenIsATransparencyGroup() throws {
        let a = Shape(path: .rect(Rect(x: 0, y: 0, width: 60, height: 60)), fill: .solid(TestScene.red))
        let b = Shape(path: .rect(Rect(x: 30, y: 30, width: 60, height: 60)), fill: .solid(TestScene.blue))
        let doc = try PDFDocument(TestScene.with([.group(Group(opacity: 0.4, children: [.shape(a), .shape(b)]))]))
        #expect(doc.content == "0.75 0 0 -0.75 0 300 cm\nq\n/GS1 gs\n/X1 Do\nQ\n")
        #expect(doc.resources.contains("/GS1 <</ca 0.4 /CA 0.4>>"))
        let form = try #require(doc.objects(containing: "/Subtype /Form").first)
        #expect(doc.resources.contains("/XObject <</X1 \(form) 0 R\n>>"))
        let formObject = try #require(doc.object(form))
        #expect(formObject.contains("/BBox [0 0 800 400] /Group <</S /Transparency /CS /DeviceRGB /I true>> "
            + "/Resources 4 0 R"))
        #expect(doc.stream(form) == "1 0 0 rg\n0 0 m\n60 0 l\n60 60 l\n0 60 l\nh\nf\n0 0 1 rg\n30 30 m\n90 30 l\n"
            + "90 90 l\n30 90 l\nh\nf\n")
    }

    /// A group with one single-paint child cannot overlap itself: its opacity is folded into the paint.
    @Test func groupOpacityOfOneShapeIsFoldedIntoItsColor() throws {
        let a = Shape(path: .rect(Rect(x: 0, y: 0, width: 60, height: 60)), fill: .solid(TestScene.red))
        let doc = try PDFDocument(TestScene.with([.group(Group(opacity: 0.4, children: [.shape(a)]))]))
        #expect(doc.objects(containing: "/Subtype /Form").isEmpty)
        #expect(doc.content.hasPrefix("0.75 0 0 -0.75 0 300 cm\n1 0 0 rg\n/GS1 gs\n0 0 m\n"))
        #expect(doc.resources.contains("/GS1 <</ca 0.4 /CA 0.4>>"))
    }

    /// Groups nested deeper than the rasterizer makes layers fold their opacity, as the rasterizer does.
    @Test func deeplyNestedTranslucentGroupsFold() throws {
        let pair: [Node] = [.shape(Shape(path: .rect(Rect(x: 0, y: 0, width: 6, height: 6)), fill: .solid(.black))),
                            .shape(Shape(path: .rect(Rect(x: 3, y: 3, width: 6, height: 6)), fill: .solid(.black)))]
        var node = Node.group(Group(opacity: 0.5, children: pair))
        for _ in 0..<9 { node = .group(Group(opacity: 0.5, children: [node] + pair)) }
        let doc = try PDFDocument(TestScene.with([node]))
        #expect(doc.objects(containing: "/Subtype /Form").count == Rasterizer.maxLayerDepth)
    }

    @Test func linearGradientIsAShadingPatternInThePagesPatternSpace() throws {
        let gradient = LinearGradient(start: Point(0, 100), end: Point(0, 300), stops: [
            GradientStop(offset: 0, color: TestScene.red), GradientStop(offset: 1, color: TestScene.blue),
        ])
        let rect = Path.rect(Rect(x: 10, y: 100, width: 100, height: 200))
        let doc = try PDFDocument(TestScene.with([.shape(Shape(path: rect, fill: .linearGradient(gradient)))]))
        #expect(doc.content == "0.75 0 0 -0.75 0 300 cm\nq\n/Pattern cs /P1 scn\n10 100 m\n110 100 l\n110 300 l\n"
            + "10 300 l\nh\nf\nQ\n")
        #expect(doc.resources.contains("/Pattern <</P1 <</PatternType 2 /Shading <</ShadingType 2 /ColorSpace "
            + "/DeviceRGB /Coords [0 100 0 300] /Function <</FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1>> "
            + "/Extend [true true]>> /Matrix [0.75 0 0 -0.75 0 300]>>\n>>"))
        #expect(!doc.text.contains("SMask"))
    }

    @Test func gradientStrokeUsesThePatternAsStrokeColor() throws {
        let gradient = LinearGradient(start: Point(0, 0), end: Point(100, 0), stops: [
            GradientStop(offset: 0, color: TestScene.red), GradientStop(offset: 1, color: TestScene.blue),
        ])
        let content = try drawn([.shape(Shape(path: Path([.move(Point(0, 5)), .line(Point(100, 5))]),
                                              stroke: .linearGradient(gradient), strokeStyle: StrokeStyle(width: 3)))])
        #expect(content == "q\n3 w\n1 j\n1 J\n[] 0 d\n/Pattern CS /P1 SCN\n0 5 m\n100 5 l\nS\nQ\n")
    }

    /// In a transparency group the pattern space is the form's, which is already the page's y-down CSS px.
    @Test func gradientInsideATransparencyGroupHasNoPatternMatrix() throws {
        let gradient = LinearGradient(start: Point(0, 0), end: Point(100, 0), stops: [
            GradientStop(offset: 0, color: TestScene.red), GradientStop(offset: 1, color: TestScene.blue),
        ])
        let rect = Path.rect(Rect(x: 0, y: 0, width: 50, height: 50))
        let doc = try PDFDocument(TestScene.with([.group(Group(opacity: 0.5, children: [
            .shape(Shape(path: rect, fill: .linearGradient(gradient))), .shape(Shape(path: rect, fill: .solid(.black))),
        ]))]))
        #expect(doc.resources.contains("/Extend [true true]>>>>"))
        #expect(!doc.resources.contains("/Matrix"))
    }

    @Test func gradientWithOneAlphaUsesAGraphicsState() throws {
        let gradient = LinearGradient(start: Point(0, 0), end: Point(100, 0), stops: [
            GradientStop(offset: 0, color: TestScene.red.withOpacity(0.5)),
            GradientStop(offset: 1, color: TestScene.blue.withOpacity(0.5)),
        ])
        let doc = try PDFDocument(TestScene.with([.shape(Shape(path: .rect(Rect(x: 0, y: 0, width: 5, height: 5)),
                                                               fill: .linearGradient(gradient)))]))
        #expect(doc.content.contains("q\n/GS1 gs\n/Pattern cs /P1 scn\n"))
        #expect(!doc.text.contains("SMask"))
    }

    /// A fade to transparent: the colour through the shading, the alpha through a luminosity soft mask painting the
    /// alpha ramp as grey over the same axis.
    @Test func gradientWithVaryingAlphaGoesThroughASoftMask() throws {
        let gradient = LinearGradient(start: Point(0, 50), end: Point(0, 250), stops: [
            GradientStop(offset: 0, color: TestScene.red.withOpacity(0.6)),
            GradientStop(offset: 1, color: TestScene.red.withOpacity(0)),
        ])
        let rect = Path.rect(Rect(x: 0, y: 50, width: 100, height: 200))
        let shape = Shape(path: rect, fill: .linearGradient(gradient))
        let doc = try PDFDocument(TestScene.with([.shape(shape), .shape(shape)]))
        let mask = try #require(doc.objects(containing: "/Subtype /Form").first)
        #expect(doc.objects(containing: "/Subtype /Form").count == 1, "one mask per gradient")
        let function = try #require(doc.objects(containing: "/FunctionType 0").first)
        #expect(doc.objects(containing: "/FunctionType 0").count == 1)
        #expect(doc.object(function)?.contains("/Size [256] /BitsPerSample 8 /Length 768>>") == true)
        #expect(doc.object(mask)?.contains("/Group <</S /Transparency /CS /DeviceGray>> /Resources 4 0 R") == true)
        #expect(doc.stream(mask) == "/Sh1 sh\n")
        #expect(doc.resources.contains("/GS1 <</SMask <</Type /Mask /S /Luminosity /G \(mask) 0 R>> /ca 1 /CA 1>>"))
        #expect(doc.resources.contains("/Shading <</Sh1 <</ShadingType 2 /ColorSpace /DeviceGray /Coords [0 50 0 250]"))
        #expect(doc.content.components(separatedBy: "q\n/GS1 gs\n/Pattern cs /P1 scn\n").count == 3)
        #expect(doc.resources.contains("/Function \(function) 0 R"))
        // The colour is red all along (premultiplied interpolation: a fade to transparent does not darken).
        let samples = try #require(doc.stream(function)).unicodeScalars.map { UInt8($0.value) }
        #expect(samples == Array(repeating: [255, 0, 0], count: 256).flatMap { $0 })
    }

    @Test func zeroLengthGradientPaintsItsEndColor() throws {
        let gradient = LinearGradient(start: Point(5, 5), end: Point(5, 5), stops: [
            GradientStop(offset: 0, color: TestScene.red), GradientStop(offset: 1, color: TestScene.blue),
        ])
        let content = try drawn([.shape(Shape(path: .rect(Rect(x: 0, y: 0, width: 5, height: 5)),
                                              fill: .linearGradient(gradient)))])
        #expect(content.hasPrefix("0 0 1 rg\n0 0 m\n"))
    }

    /// Grid lines and axes are aligned to the CSS px grid as the rasterizer aligns them at scale 1.
    @Test func snappedShapesAreOnThePixelGrid() throws {
        let grid = Shape(path: Path([.move(Point(10.3, 20.2)), .line(Point(90.6, 20.2))]), stroke: .solid(.black),
                         strokeStyle: StrokeStyle(width: 1, join: .miter, cap: .butt), snapToPixels: true)
        let content = try drawn([.shape(grid)])
        #expect(content.hasSuffix("10 20.5 m\n91 20.5 l\nS\n"))
    }

    @Test func sameSceneSameBytes() throws {
        let gradient = LinearGradient(start: Point(0, 0), end: Point(0, 100), stops: [
            GradientStop(offset: 0, color: TestScene.red), GradientStop(offset: 1, color: TestScene.blue.withOpacity(0)),
        ])
        let rect = Path.rect(Rect(x: 0, y: 0, width: 50, height: 50))
        let scene = TestScene.with([
            .group(Group(opacity: 0.5, children: [.shape(Shape(path: rect, fill: .linearGradient(gradient))),
                                                  .shape(Shape(path: rect, fill: .solid(TestScene.red.withOpacity(0.3))))])),
            .shape(Shape(path: rect, stroke: .solid(.black), strokeStyle: StrokeStyle(width: 2, dash: [3, 1]))),
        ], title: "Stable")
        let first = try PDFWriter(fonts: nil).write(scene)
        #expect(try PDFWriter(fonts: nil).write(scene) == first)
        var other = scene
        other.title = "Stable."
        let second = try PDFWriter(fonts: nil).write(other)
        func id(_ bytes: [UInt8]) -> String { String(PDFDocument(bytes).text.firstMatch(of: /\/ID \[<(\w+)>/)?.1 ?? "") }
        #expect(id(first) != id(second) && !id(first).isEmpty)
    }

    @Test func stopsAtTheSizeLimit() throws {
        let points = (0..<20000).map { PathElement.line(Point(Double($0 % 800), Double($0 % 400))) }
        let line = Shape(path: Path([.move(.zero)] + points), stroke: .solid(.black))
        let scene = TestScene.with(Array(repeating: .shape(line), count: 20))
        #expect(throws: PDFError.self) { try PDFWriter(fonts: nil, maxBytes: 100_000).write(scene) }
        do {
            _ = try PDFWriter(fonts: nil, maxBytes: 100_000).write(scene)
        } catch {
            guard case .tooLarge(let bytes) = error.reason else { Issue.record("\(error)"); return }
            // It stopped soon after the content passed the allowance, not after writing everything.
            #expect(bytes > 100_000 * PDFWriter.contentAllowance && bytes < 100_000 * PDFWriter.contentAllowance * 2)
        }
        let written = try PDFWriter(fonts: nil).write(scene)
        #expect(written.count < 100_000 * 30)
    }

    @Test func stopsWhenCancelled() {
        let scene = TestScene.with([.shape(Shape(path: .rect(Rect(x: 0, y: 0, width: 5, height: 5)), fill: .solid(.black)))])
        #expect(throws: PDFError(.cancelled)) {
            try PDFWriter(fonts: nil, cancellation: CancellationCheck { true }).write(scene)
        }
    }
}
