import ChartScene
import Foundation
import Testing
@testable import ChartText

@Suite(.enabled(if: hasDejaVu, "DejaVu Sans is not installed"))
struct TextLoweringTests {
    static let fonts: FontSet? = FontSetTests.full ?? FontSetTests.latinOnly

    func run(_ text: String, _ anchor: TextAnchor, rotation: Double = 0, at p: Point = Point(200, 100)) -> TextRun {
        TextRun(text: text, position: p, size: 20, anchor: anchor, color: Color(rgb: 0x336699), rotation: rotation)
    }

    @Test func everyTextNodeBecomesAFilledShape() throws {
        let fonts = try #require(Self.fonts)
        let scene = Scene(width: 400, height: 300, background: .white, title: "t", description: "d", nodes: [
            .text(run("Title", .middle)),
            .shape(Shape(path: .rect(Rect(x: 0, y: 0, width: 10, height: 10)), fill: .solid(.black))),
            .group(Group(role: .xAxis, children: [
                .text(run("Q1", .middle)), .text(run("第1节 Q1", .end)), .text(run("   ", .start)),
                .group(Group(role: .legend, opacity: 0.5, children: [.text(run("Home", .start, rotation: -90))])),
            ])),
        ])
        let lowered = lowerText(in: scene, fonts: fonts)
        var texts = 0, shapes: [Shape] = [], groups: [Group] = []
        lowered.forEachNode { node, _ in
            switch node {
            case .text: texts += 1
            case .shape(let s): shapes.append(s)
            case .group(let g): groups.append(g)
            case .hitTarget: Issue.record("no hit target in the scene")
            }
        }
        #expect(texts == 0)
        #expect(shapes.count == 5, "four drawable runs and the original rectangle; the blank run is dropped")
        #expect(shapes.filter { $0.fill == .solid(Color(rgb: 0x336699)) }.count == 4)
        #expect(groups.map(\.role) == [.xAxis, .legend])
        #expect(groups.last?.opacity == 0.5)
    }

    @Test func anchorsShiftByTheMeasuredWidth() throws {
        let fonts = try #require(Self.fonts)
        let text = "Revenue"
        let width = fonts.width(of: text, size: 20, weight: .regular)
        let start = try #require(fonts.path(for: run(text, .start)).controlBounds)
        let middle = try #require(fonts.path(for: run(text, .middle)).controlBounds)
        let end = try #require(fonts.path(for: run(text, .end)).controlBounds)
        #expect(abs(middle.minX - (start.minX - width / 2)) < 1e-9)
        #expect(abs(end.minX - (start.minX - width)) < 1e-9)
        #expect(abs(end.maxX - (start.maxX - width)) < 1e-9)
        #expect(start.minY == middle.minY && start.maxY == end.maxY)
        // Ink starts at the first glyph's left side bearing and ends near the advance width.
        let raw = try #require(Fonts.rawDejaVu)
        let lsb = Double(raw.leftSideBearing(raw.glyph("R"))) * 20 / Double(raw.unitsPerEm)
        #expect(abs(start.minX - (200 + lsb)) < 1e-9)
        #expect(start.maxX <= 200 + width)
    }

    @Test func theBaselineSitsAtThePositionY() throws {
        let fonts = try #require(Self.fonts), raw = try #require(Fonts.rawDejaVu)
        let header = try #require(raw.glyphHeader(raw.glyph("H")))
        let bounds = try #require(fonts.path(for: run("H", .start)).controlBounds)
        let k = 20 / Double(raw.unitsPerEm)
        #expect(abs(bounds.maxY - (100 - Double(header.yMin) * k)) < 1e-9)
        #expect(abs(bounds.minY - (100 - Double(header.yMax) * k)) < 1e-9)
        #expect(abs(bounds.minX - (200 + Double(header.xMin) * k)) < 1e-9)
    }

    @Test(arguments: [-90.0, 90, -45, 30])
    func rotationTurnsTheRunAboutItsPosition(_ degrees: Double) throws {
        let fonts = try #require(Self.fonts)
        let p = Point(150, 120)
        let flat = fonts.path(for: run("Sales €", .middle, at: p))
        let turned = fonts.path(for: run("Sales €", .middle, rotation: degrees, at: p))
        let t = degrees * .pi / 180
        let expected = flat.map { q in
            let dx = q.x - p.x, dy = q.y - p.y
            return Point(p.x + dx * cos(t) - dy * sin(t), p.y + dx * sin(t) + dy * cos(t))
        }
        #expect(turned.elements.count == expected.elements.count)
        for (a, b) in zip(turned.elements, expected.elements) {
            switch (a, b) {
            case (.move(let x), .move(let y)), (.line(let x), .line(let y)):
                #expect(x.distance(to: y) < 1e-9)
            case (.quad(let c1, let x), .quad(let c2, let y)):
                #expect(x.distance(to: y) < 1e-9 && c1.distance(to: c2) < 1e-9)
            case (.close, .close): break
            default: Issue.record("element kinds differ: \(a) vs \(b)")
            }
        }
        if degrees == -90 {
            // Reading bottom to top: the text extends upward from the anchor, centred on it.
            let b = try #require(turned.controlBounds)
            #expect(b.minY < p.y && b.maxY > p.y && b.maxX <= p.x + 1)
        }
    }

    @Test func concurrentLoweringSharesTheOutlineCache() async throws {
        let fonts = try FontSet(regularPath: RawFont.dejaVu)
        let run = run("Concurrent AVé 123", .middle, rotation: 30)
        let reference = try FontSet(regularPath: RawFont.dejaVu).path(for: run)
        let paths = await withTaskGroup(of: Path.self) { group in
            for _ in 0..<8 { group.addTask { fonts.path(for: run) } }
            return await group.reduce(into: [Path]()) { $0.append($1) }
        }
        #expect(paths.count == 8)
        #expect(paths.allSatisfy { $0 == reference })
        #expect(fonts.regular.cachedGlyphCount == Set("Concurrent AVé 123".unicodeScalars).count, "one entry per distinct glyph, space included")
        // Every run gets the same outline objects, which the rasterizer's mask cache keys on.
        let placements = await withTaskGroup(of: [ObjectIdentifier].self) { group in
            for _ in 0..<8 { group.addTask { fonts.glyphs(for: run).map { ObjectIdentifier($0.glyph) } } }
            return await group.reduce(into: [[ObjectIdentifier]]()) { $0.append($1) }
        }
        #expect(Set(placements).count == 1)
    }

    @Test func boldRunsUseTheBoldOutlines() throws {
        let fonts = try #require(Self.fonts)
        var bold = run("Total", .start)
        bold.weight = .bold
        #expect(fonts.path(for: bold) != fonts.path(for: run("Total", .start)))
        let b = try #require(fonts.path(for: bold).controlBounds)
        #expect(b.maxX <= 200 + fonts.width(of: "Total", size: 20, weight: .bold) + 1)
    }
}
