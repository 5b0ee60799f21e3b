import ChartRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartScene
import Testing

struct CoverageTests {
    /// Every pixel of a rectangle at fractional offsets has exactly its overlap area as alpha.
    @Test(arguments: [(10.25, 20.75, 5.0, 15.5), (10.75, 20.25, 4.5, 9.25), (3.1, 3.6, 7.9, 30.05)])
    func axisAlignedRectangleCoverageIsExact(x0: Double, x1: Double, y0: Double, y1: Double) throws {
        let pixmap = try render([filled(.rect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)))], width: 40,
                                height: 40)
        for y in 0..<40 {
            for x in 0..<40 {
                let expected = overlap(Double(x), Double(x + 1), x0, x1) * overlap(Double(y), Double(y + 1), y0, y1)
                #expect(abs(pixmap.coverage(x, y) - expected) <= 1.0 / 255, "pixel \(x),\(y)")
            }
        }
    }

    /// Several shapes in one 32-row band, each row's touched cells spread over several 64-cell words of the band's
    /// bitmap (the sweep finds a row's first and last touched cells there), a row whose first touched word is not
    /// the first, two shapes on the same rows one after the other (the second's first cell is the first's last, which
    /// the sweep must have consumed and cleared), and one reaching past the right edge (cells beyond the last pixel):
    /// every pixel has exactly its overlap area.
    @Test func shapesSharingABandHaveExactCoverage() throws {
        let rectangles: [(x0: Double, x1: Double, y0: Double, y1: Double)] = [
            (3.25, 60.75, 2.5, 4.25), (61.5, 190.75, 2.5, 4.25), (70.5, 130.25, 9.75, 10.5),
            (150.25, 205, 20.5, 21.5), (0, 199.5, 27.25, 28.75),
        ]
        let nodes = rectangles.map { r in
            filled(.rect(Rect(x: r.x0, y: r.y0, width: r.x1 - r.x0, height: r.y1 - r.y0)))
        }
        let pixmap = try render(nodes, width: 200, height: 40)
        for y in 0..<40 {
            for x in 0..<200 {
                let expected = rectangles.reduce(0.0) { sum, r in
                    sum + overlap(Double(x), Double(x + 1), r.x0, r.x1) * overlap(Double(y), Double(y + 1), r.y0, r.y1)
                }
                #expect(abs(pixmap.coverage(x, y) - expected) <= 1.0 / 255, "pixel \(x),\(y)")
            }
        }
    }

    @Test func edgeAlphaOfQuarterOffsets() throws {
        let pixmap = try render([filled(.rect(Rect(x: 10.25, y: 0, width: 10.5, height: 10)))], width: 30, height: 10)
        #expect(abs(pixmap.coverage(10, 5) - 0.75) <= 1.0 / 255)
        #expect(abs(pixmap.coverage(20, 5) - 0.75) <= 1.0 / 255)
        #expect(pixmap.coverage(15, 5) == 1)
        #expect(pixmap.coverage(9, 5) == 0)
        #expect(pixmap.coverage(21, 5) == 0)
    }

    @Test(arguments: [(50.3, 50.7, 20.0), (30.5, 30.5, 8.0), (61.2, 40.9, 37.3)])
    func circleCoverageMatchesArea(cx: Double, cy: Double, r: Double) throws {
        let pixmap = try render([filled(.circle(center: Point(cx, cy), radius: r))], width: 120, height: 120)
        let area = Double.pi * r * r
        #expect(abs(pixmap.totalCoverage - area) / area < 0.005)
    }

    /// A five-pointed star drawn in one stroke winds twice around its center.
    private func star() -> Path {
        let points = (0..<5).map { i -> Point in
            let angle = -Double.pi / 2 + Double(i) * 2 * Double.pi / 5
            return Point(50 + 40 * cos(angle), 50 + 40 * sin(angle))
        }
        var p = polyline([points[0], points[2], points[4], points[1], points[3]])
        p.close()
        return p
    }

    @Test func evenOddLeavesTheStarCenterEmptyNonZeroFillsIt() throws {
        let nonZero = try render([filled(star(), rule: .nonZero)])
        let evenOdd = try render([filled(star(), rule: .evenOdd)])
        #expect(nonZero.coverage(50, 50) == 1)
        #expect(evenOdd.coverage(50, 50) == 0)
        // The points are filled under both rules.
        #expect(nonZero.coverage(50, 14) == 1)
        #expect(evenOdd.coverage(50, 14) == 1)
    }

    @Test func overlappingContoursDoNotExceedFullCoverage() throws {
        let pixmap = try render([filled(Path.rect(Rect(x: 10, y: 10, width: 30, height: 30)).appending(
            .rect(Rect(x: 20, y: 20, width: 30, height: 30))))])
        #expect(pixmap.coverage(25, 25) == 1)
        #expect(pixmap.coverage(45, 45) == 1)
        #expect(pixmap.coverage(45, 15) == 0)
    }

    @Test func groupClipCutsShapesExactlyAtFractionalEdges() throws {
        let group = Group(clip: Rect(x: 10.5, y: 10, width: 20, height: 20),
                          children: [filled(.rect(Rect(x: 0, y: 0, width: 100, height: 100)))])
        let pixmap = try render([.group(group)])
        #expect(pixmap.coverage(9, 15) == 0)
        #expect(abs(pixmap.coverage(10, 15) - 0.5) <= 1.0 / 255)
        #expect(pixmap.coverage(11, 15) == 1)
        #expect(abs(pixmap.coverage(30, 15) - 0.5) <= 1.0 / 255)
        #expect(pixmap.coverage(31, 15) == 0)
        #expect(pixmap.coverage(15, 9) == 0)
        #expect(pixmap.coverage(15, 30) == 0)
        #expect(abs(pixmap.totalCoverage - 400) < 0.5)
    }

    @Test func nestedClipsIntersect() throws {
        let inner = Group(clip: Rect(x: 20, y: 0, width: 50, height: 100),
                          children: [filled(.rect(Rect(x: 0, y: 0, width: 100, height: 100)))])
        let outer = Group(clip: Rect(x: 0, y: 0, width: 40, height: 40), children: [.group(inner)])
        let pixmap = try render([.group(outer)])
        #expect(abs(pixmap.totalCoverage - 20 * 40) < 0.5)
    }

    @Test func shapesOutsideTheImageAreClipped() throws {
        let pixmap = try render([filled(.rect(Rect(x: -50, y: 90, width: 75, height: 1000)))])
        #expect(abs(pixmap.totalCoverage - 25 * 10) < 0.5)
    }

    @Test(arguments: [1.0, 1.5, 2, 3, 4])
    func scaleMultipliesImageSizeAndArea(scale: Double) throws {
        let node = filled(.circle(center: Point(20.3, 14.1), radius: 9))
        let pixmap = try render([node], width: 50.5, height: 30, scale: scale)
        #expect(pixmap.width == Int((50.5 * scale).rounded(.up)) && pixmap.height == Int(30 * scale))
        let area = Double.pi * 81 * scale * scale
        #expect(abs(pixmap.totalCoverage - area) / area < 0.005)
    }

    @Test func scaleTwoDoublesTheImageAndTheGeometry() throws {
        let node = filled(.rect(Rect(x: 10.25, y: 10, width: 10, height: 5)))
        let one = try render([node], width: 50, height: 30)
        let two = try render([node], width: 50, height: 30, scale: 2)
        #expect(two.width == 100 && two.height == 60)
        #expect(abs(two.totalCoverage - 4 * one.totalCoverage) < 1)
        #expect(abs(two.coverage(20, 25) - 0.5) <= 1.0 / 255)
        #expect(two.coverage(21, 25) == 1)
    }
}

extension Path {
    func appending(_ other: Path) -> Path {
        var p = self
        p.append(contentsOf: other)
        return p
    }
}
