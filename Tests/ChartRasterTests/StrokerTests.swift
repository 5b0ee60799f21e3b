import ChartRaster
import ChartScene
import Testing

struct StrokerTests {
    /// A right-angle corner at (50, 50); the outer corner of a width-10 stroke is the square 50…55 × 50…55.
    private let corner = polyline([Point(10, 50), Point(50, 50), Point(50, 10)])

    @Test func miterJoinFillsTheOuterCorner() throws {
        let pixmap = try render([stroked(corner, StrokeStyle(width: 10, join: .miter, cap: .butt, miterLimit: 4))])
        #expect(pixmap.coverage(54, 54) == 1)
        #expect(pixmap.coverage(55, 55) == 0)
    }

    /// A right angle needs a miter ratio of √2; below that limit the join falls back to a bevel, whose edge
    /// x + y = 105 leaves the corner pixel 54…55 × 54…55 empty.
    @Test func miterBeyondTheLimitFallsBackToBevel() throws {
        let mitered = try render([stroked(corner, StrokeStyle(width: 10, join: .miter, cap: .butt, miterLimit: 1.3))])
        let beveled = try render([stroked(corner, StrokeStyle(width: 10, join: .bevel, cap: .butt))])
        #expect(mitered.coverage(54, 54) == 0)
        #expect(mitered == beveled)
        // The bevel triangle (50,50)-(55,50)-(50,55) is drawn: its pixel 51…52 × 51…52 is inside.
        #expect(mitered.coverage(51, 51) == 1)
    }

    @Test func roundJoinAddsAQuarterDisc() throws {
        let bevel = try render([stroked(corner, StrokeStyle(width: 10, join: .bevel, cap: .butt))])
        let round = try render([stroked(corner, StrokeStyle(width: 10, join: .round, cap: .butt))])
        // Quarter disc of radius 5 minus the bevel triangle.
        let expected = Double.pi * 25 / 4 - 12.5
        #expect(abs((round.totalCoverage - bevel.totalCoverage) - expected) < 0.1)
    }

    @Test func squareCapExtendsByHalfTheWidth() throws {
        let line = polyline([Point(20, 30), Point(60, 30)])
        let butt = try render([stroked(line, StrokeStyle(width: 10, cap: .butt))])
        let square = try render([stroked(line, StrokeStyle(width: 10, cap: .square))])
        #expect(butt.coverage(19, 30) == 0 && butt.coverage(20, 30) == 1 && butt.coverage(59, 30) == 1)
        #expect(butt.coverage(60, 30) == 0)
        #expect(square.coverage(14, 30) == 0 && square.coverage(15, 30) == 1)
        #expect(square.coverage(64, 30) == 1 && square.coverage(65, 30) == 0)
        #expect(abs(butt.totalCoverage - 400) < 0.1)
        #expect(abs(square.totalCoverage - 500) < 0.1)
    }

    @Test func roundCapsAddAFullDisc() throws {
        let line = polyline([Point(20, 30.3), Point(60, 30.3)])
        let pixmap = try render([stroked(line, StrokeStyle(width: 10, cap: .round))])
        let expected = 400 + Double.pi * 25
        #expect(abs(pixmap.totalCoverage - expected) / expected < 0.005)
    }

    @Test(arguments: [LineCap.round, .square])
    func zeroLengthSegmentDrawsADot(cap: LineCap) throws {
        let dot = polyline([Point(30, 30), Point(30, 30)])
        let pixmap = try render([stroked(dot, StrokeStyle(width: 8, cap: cap))])
        let expected = cap == .round ? Double.pi * 16 : 64
        #expect(abs(pixmap.totalCoverage - expected) / expected < 0.01)
        #expect(pixmap.coverage(30, 30) == 1)
    }

    @Test func zeroLengthSegmentWithButtCapDrawsNothing() throws {
        let pixmap = try render([stroked(polyline([Point(30, 30), Point(30, 30)]), StrokeStyle(width: 8, cap: .butt))])
        #expect(pixmap.totalCoverage == 0)
    }

    @Test func coincidentPointsAndReversalsAreStrokedWithoutGaps() throws {
        // Out and back along the same line with duplicated points: the stroke is the line's rectangle.
        let path = polyline([Point(20, 50), Point(20, 50), Point(80, 50), Point(80, 50), Point(40, 50)])
        let pixmap = try render([stroked(path, StrokeStyle(width: 6, join: .miter, cap: .butt))])
        for x in 20..<80 { #expect(pixmap.coverage(x, 48) == 1, "column \(x)") }
        #expect(pixmap.coverage(19, 50) == 0)
        // A 180° turn with a round join adds a half disc past the turning point.
        let round = try render([stroked(path, StrokeStyle(width: 6, join: .round, cap: .butt))])
        #expect(round.coverage(81, 50) == 1)
        #expect(abs(round.totalCoverage - (360 + Double.pi * 9 / 2)) < 1)
    }

    @Test func veryShortSegmentsKeepTheStrokeWidth() throws {
        var points: [Point] = []
        for i in 0...400 { points.append(Point(10 + Double(i) * 0.2, 50 + (i % 2 == 0 ? 0 : 0.01))) }
        let pixmap = try render([stroked(polyline(points), StrokeStyle(width: 4, join: .miter, cap: .butt))])
        #expect(abs(pixmap.totalCoverage - 80 * 4) < 2)
    }

    @Test func dashesHaveTheirOnAndOffLengths() throws {
        // A 1-px line covering exactly row 20, from x = 10 to 110, dashes 10 on / 5 off starting 3 into the pattern.
        let line = polyline([Point(10, 20.5), Point(110, 20.5)])
        let style = StrokeStyle(width: 1, cap: .butt, dash: [10, 5], dashOffset: 3)
        let pixmap = try render([stroked(line, style)], width: 120, height: 40)
        for x in 0..<120 {
            let d = Double(x) - 10 + 3  // position in the pattern
            let on = x >= 10 && x < 110 && d.truncatingRemainder(dividingBy: 15) < 10
            #expect(pixmap.coverage(x, 20) == (on ? 1 : 0), "column \(x)")
        }
    }

    @Test func zeroLengthDashesWithRoundCapsAreDots() throws {
        let line = polyline([Point(10, 20), Point(90, 20)])
        let pixmap = try render([stroked(line, StrokeStyle(width: 4, cap: .round, dash: [0, 20]))])
        // Dots at x = 10, 30, 50, 70, 90 (the last one sits on the end point).
        let dots = pixmap.totalCoverage / (Double.pi * 4)
        #expect(abs(dots - 5) < 0.1)
        #expect(pixmap.coverage(30, 20) == 1 && pixmap.coverage(40, 20) == 0)
    }

    @Test func closedPathsJoinAtTheStartAndLeaveTheInsideEmpty() throws {
        var square = Path.rect(Rect(x: 20, y: 20, width: 40, height: 40))
        square.close()
        let pixmap = try render([stroked(square, StrokeStyle(width: 4, join: .miter))])
        #expect(pixmap.coverage(18, 18) == 1)  // mitered corner at the start point
        #expect(pixmap.coverage(40, 40) == 0)
        #expect(abs(pixmap.totalCoverage - (44 * 44 - 36 * 36)) < 0.5)
    }
}

struct StrokerLimitTests {
    /// A dash pattern far finer than a pixel on a very long line would make millions of dashes; past
    /// `Dasher.maxDashes` the line is drawn solid instead (a pattern that fine looks solid anyway).
    @Test func absurdlyFineDashesFallBackToASolidLine() throws {
        let line = polyline([Point(-1e6, 50.5), Point(1e6, 50.5)])
        let style = StrokeStyle(width: 1, cap: .butt, dash: [0.001, 0.001])
        let pixmap = try render([stroked(line, style)])
        #expect(pixmap.coverage(50, 50) == 1)
    }

    @Test func hugeWidthsAndCoordinatesStayBounded() throws {
        let pixmap = try render([
            stroked(polyline([Point(50, 50), Point(60, 60)]), StrokeStyle(width: 1e12, join: .round, cap: .round)),
            stroked(polyline([Point(-1e300, 0), Point(1e300, 100), Point(0, 1e300)]), StrokeStyle(width: 3)),
            filled(.circle(center: Point(1e200, 1e200), radius: 1e200)),
        ])
        #expect(pixmap.coverage(0, 0) == 1)
        #expect(pixmap.coverage(99, 99) == 1)
    }

    @Test func invalidDashPatternsDrawSolid() throws {
        let line = polyline([Point(10, 20.5), Point(90, 20.5)])
        for dash in [[-1.0, 5], [0, 0], [Double.nan, 2]] {
            let pixmap = try render([stroked(line, StrokeStyle(width: 1, cap: .butt, dash: dash))])
            #expect(abs(pixmap.totalCoverage - 80) < 0.01, "dash \(dash)")
        }
    }
}

struct ClosedSegmentTests {
    /// A closed two-point subpath goes there and back: joins at both ends, never caps.
    @Test(arguments: [(LineJoin.bevel, 400.0), (.miter, 400), (.round, 400 + Double.pi * 25)])
    func closedTwoPointSubpathHasJoinsNotCaps(join: LineJoin, area: Double) throws {
        var path = polyline([Point(20, 30), Point(60, 30)])
        path.close()
        let pixmap = try render([stroked(path, StrokeStyle(width: 10, join: join, cap: .square))])
        #expect(abs(pixmap.totalCoverage - area) / area < 0.005)
    }
}
