import ChartScene
import Foundation
import Testing
@testable import ChartRaster

/// A stand-in font: every character is the same slanted quadrilateral (400 × 700 units of a 1000-unit em, diagonal
/// edges so antialiasing shows), 600 units apart, so neighbouring glyphs never share a pixel at test sizes.
struct SlantedGlyphs: GlyphPlacing {
    let glyph = GlyphPath(Path([.move(Point(0, 0)), .line(Point(300, 0)), .line(Point(400, 700)),
                                .line(Point(100, 700)), .close]))

    func glyphs(for run: TextRun) -> [PlacedGlyph] {
        let k = run.size / 1000
        let (cosine, sine) = (cos(run.rotation * .pi / 180), sin(run.rotation * .pi / 180))
        return run.text.unicodeScalars.enumerated().compactMap { i, scalar in
            guard scalar != " " else { return nil }
            let x0 = Double(i) * 0.6 * run.size
            return PlacedGlyph(glyph: glyph, transform: GlyphTransform(
                a: k * cosine, b: k * sine, c: k * sine, d: -k * cosine,
                tx: run.position.x + x0 * cosine, ty: run.position.y + x0 * sine))
        }
    }
}

struct TextDrawingTests {
    let glyphs = SlantedGlyphs()

    func text(_ s: String, at p: Point, size: Double = 12, color: Color = .black, rotation: Double = 0) -> Node {
        .text(TextRun(text: s, position: p, size: size, color: color, rotation: rotation))
    }

    /// `nodes` with every text run replaced by its glyphs as exact outlines, one filled shape per glyph.
    func outlined(_ nodes: [Node]) -> [Node] {
        nodes.flatMap { node -> [Node] in
            switch node {
            case .text(let run):
                return glyphs.glyphs(for: run).map { .shape(Shape(path: $0.path, fill: .solid(run.color))) }
            case .group(var group):
                group.children = outlined(group.children)
                return [.group(group)]
            case .shape, .hitTarget:
                return [node]
            }
        }
    }

    func draw(_ nodes: [Node], glyphs: (any GlyphPlacing)?, width: Double = 200, height: Double = 100,
              scale: Double = 1) throws -> Pixmap {
        try Rasterizer(glyphs: glyphs).render(Scene(width: width, height: height, background: nil, title: "",
                                                    description: "", nodes: nodes), scale: scale)
    }

    /// Largest per-pixel alpha difference (0…255) and the mean one.
    func alphaDifference(_ a: Pixmap, _ b: Pixmap) -> (max: Int, mean: Double) {
        var worst = 0, sum = 0
        for i in stride(from: 3, to: a.data.count, by: 4) {
            let d = abs(Int(a.data[i]) - Int(b.data[i]))
            worst = max(worst, d)
            sum += d
        }
        return (worst, Double(sum) / Double(a.data.count / 4))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func textFromMasksMatchesTheExactOutlinesWithinAnEighthPixel(scale: Double) throws {
        let nodes = [text("ABCD", at: Point(10.13, 30.71)), text("xyz", at: Point(80.58, 60.36), size: 17),
                     text("Q1 Q2", at: Point(20.3, 90.9), rotation: -45)]
        let masks = try draw(nodes, glyphs: glyphs, scale: scale)
        let exact = try draw(outlined(nodes), glyphs: nil, scale: scale)
        #expect(masks.totalCoverage > 0)
        #expect(abs(masks.totalCoverage - exact.totalCoverage) < exact.totalCoverage * 0.005)
        let difference = alphaDifference(masks, exact)
        // Origins move by at most ⅛ px per axis, which changes a pixel's coverage by at most ⅛ per edge crossing it:
        // ¼ (64 levels) where two edges meet.
        #expect(difference.max <= 64, "max alpha difference \(difference.max)")
        #expect(difference.mean < 1, "mean alpha difference \(difference.mean)")
    }

    @Test func aRendersOwnMaskCacheDrawsWhatTheSharedOneDraws() throws {
        let scene = Scene(width: 120, height: 60, background: .white, title: "", description: "",
                          nodes: [text("AAB A", at: Point(10.3, 30.7), size: 14), text("BB", at: Point(60.6, 50.2))])
        let shared = try Rasterizer(glyphs: glyphs).render(scene, scale: 2)
        let own = try Rasterizer(glyphs: glyphs, glyphCaching: .perRender).render(scene, scale: 2)
        let same = shared.data == own.data
        #expect(same)
    }

    @Test func concurrentRendersShareTheMaskCacheSafely() async throws {
        let nodes = (0..<12).map { i in text("ABAB BA", at: Point(3.1 + Double(i) * 0.37, 10 + Double(i) * 7.3)) }
        let scene = Scene(width: 120, height: 100, background: .white, title: "", description: "", nodes: nodes)
        let reference = try Rasterizer(glyphs: glyphs, glyphCaching: .perRender).render(scene, scale: 1.5).data
        let glyphs = self.glyphs
        let images = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { try Rasterizer(glyphs: glyphs).render(scene, scale: 1.5).data } }
            return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
        }
        let allEqual = images.count == 8 && images.allSatisfy { $0 == reference }
        #expect(allEqual)
    }

    @Test func withoutAPlacerTextIsSkippedAndCounted() throws {
        let scene = Scene(width: 50, height: 50, background: nil, title: "", description: "",
                          nodes: [text("Q3", at: Point(10, 30))])
        let skipped = try Rasterizer().renderWithReport(scene, scale: 1)
        #expect(skipped.skippedTextRuns == 1 && skipped.pixmap.totalCoverage == 0)
        let drawn = try Rasterizer(glyphs: glyphs).renderWithReport(scene, scale: 1)
        #expect(drawn.skippedTextRuns == 0 && drawn.pixmap.totalCoverage > 0)
    }

    @Test func originsRoundToQuarterPixels() throws {
        func image(_ x: Double) throws -> Pixmap { try draw([text("A", at: Point(x, 30))], glyphs: glyphs) }
        // 10.1 and 10.05 round to the same quarter as 10.0; 10.25 is the next phase.
        let (a, b, c, d) = (try image(10.0).data, try image(10.1).data, try image(10.05).data, try image(10.25).data)
        #expect(a == b && a == c)
        #expect(a != d)
    }

    @Test func aGlyphMovedByWholePixelsIsTheSameMaskMoved() throws {
        let a = try draw([text("A", at: Point(10.4, 30.6))], glyphs: glyphs)
        let b = try draw([text("A", at: Point(13.4, 32.6))], glyphs: glyphs)
        for y in 0..<90 {
            for x in 0..<180 {
                #expect(a.pixel(x: x, y: y)?.a == b.pixel(x: x + 3, y: y + 2)?.a)
            }
        }
    }

    @Test func glyphsCutByAClipAreDrawnExactly() throws {
        // The clip's fractional top edge passes through every glyph (they span y 26.4…40.4), so each is scan-converted
        // at its exact position, and glyphs right of the clip are skipped.
        let clip = Rect(x: 0, y: 30.3, width: 60.5, height: 30)
        let nodes: [Node] = [.group(Group(clip: clip, children: [text("ABCDEFGH", at: Point(10.2, 40.4), size: 20)]))]
        let drawn = try draw(nodes, glyphs: glyphs)
        let exact = try draw(outlined(nodes), glyphs: nil)
        #expect(drawn.totalCoverage > 0)
        let identical = drawn.data == exact.data
        #expect(identical)
    }

    @Test func glyphsLargerThanAMaskAreDrawnExactly() throws {
        let nodes = [text("AB", at: Point(10.3, 380.2), size: 500)]
        let drawn = try draw(nodes, glyphs: glyphs, width: 700, height: 400)
        let exact = try draw(outlined(nodes), glyphs: nil, width: 700, height: 400)
        #expect(drawn.totalCoverage > 10_000)
        let identical = drawn.data == exact.data
        #expect(identical)
    }

    @Test func translucentGroupsOfTextAreComposited() throws {
        let runs = [text("AB", at: Point(10, 40), size: 20), text("CD", at: Point(10, 80), size: 20)]
        let opaque = try draw(runs, glyphs: glyphs)
        // Two children: drawn into a layer whose bounds must include the text.
        let half = try draw([.group(Group(opacity: 0.5, children: runs))], glyphs: glyphs)
        #expect(opaque.totalCoverage > 0)
        #expect(abs(half.totalCoverage - opaque.totalCoverage / 2) < opaque.totalCoverage * 0.01)
    }

    @Test func textColorAndOpacityArePremultiplied() throws {
        let red = try draw([text("A", at: Point(10, 40), size: 40, color: Color(rgb: 0xFF0000))], glyphs: glyphs)
        var sawFull = false
        for y in 0..<100 {
            for x in 0..<200 {
                guard let p = red.pixel(x: x, y: y), p.a > 0 else { continue }
                #expect(p.r == p.a && p.g == 0 && p.b == 0)
                sawFull = sawFull || p.a == 255
            }
        }
        #expect(sawFull)
    }
}

struct GlyphMaskCacheTests {
    func key(_ glyph: GlyphPath, phase: UInt8 = 0) -> GlyphMaskKey {
        GlyphMaskKey(glyph: glyph, a: 0.012, b: 0, c: 0, d: -0.012, phaseX: phase, phaseY: 0)
    }

    func mask(bytes: Int) -> GlyphMask {
        GlyphMask(left: 0, top: 0, width: bytes, height: 1, coverage: [UInt8](repeating: 7, count: bytes))
    }

    @Test func aMaskIsRenderedOncePerKey() {
        let cache = GlyphMaskCache(byteBudget: 10_000)
        let glyph = GlyphPath(.rect(Rect(x: 0, y: 0, width: 1, height: 1)))
        var renders = 0
        for _ in 0..<3 {
            _ = cache.mask(for: key(glyph)) { renders += 1; return mask(bytes: 10) }
        }
        _ = cache.mask(for: key(glyph, phase: 1)) { renders += 1; return mask(bytes: 10) }
        // Another object with the same outline is another glyph to the cache (keys are identities).
        _ = cache.mask(for: key(GlyphPath(glyph.path))) { renders += 1; return mask(bytes: 10) }
        #expect(renders == 3)
        #expect(cache.count == 3)
    }

    @Test func theCacheNeverHoldsMoreThanItsBudget() {
        let cache = GlyphMaskCache(byteBudget: 1_000)
        for _ in 0..<20 {
            let m = cache.mask(for: key(GlyphPath(Path()))) { mask(bytes: 172) }  // cost 300
            #expect(m.coverage.count == 172)
            #expect(cache.bytes <= 1_000)
        }
        #expect(cache.count >= 1 && cache.count <= 3)
        // A mask larger than the whole budget is returned but not kept.
        let big = cache.mask(for: key(GlyphPath(Path()))) { mask(bytes: 5_000) }
        #expect(big.coverage.count == 5_000)
        #expect(cache.bytes <= 1_000)
    }
}
