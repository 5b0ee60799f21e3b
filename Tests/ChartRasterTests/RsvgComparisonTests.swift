import CPNG
import ChartPNG
import ChartRaster
import ChartScene
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Cross-checks the rasterizer against librsvg: one scene built twice, as a Scene and as hand-written SVG, rendered by
/// both and compared. Skipped (with a message) when `rsvg-convert` is not installed.
struct RsvgComparisonTests {
    static let rsvg = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: rsvg != nil, "rsvg-convert is not installed; install librsvg2-bin to cross-check"))
    func matchesLibrsvgOnStrokesDashesCirclesAndGradients() throws {
        let (scene, svg) = Self.testScene()
        let ours = try Rasterizer().render(scene, scale: 2)
        let theirs = try #require(try Self.renderWithRsvg(svg, width: ours.width, height: ours.height))
        try #require(theirs.width == ours.width && theirs.height == ours.height)
        if let dir = ProcessInfo.processInfo.environment["CHART_RSVG_PAIR_DIR"] {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: "\(dir)/rsvg-test.svg"))
            try Data(PNGEncoder.encode(ours)).write(to: URL(fileURLWithPath: "\(dir)/rsvg-test.png"))
        }
        let stats = Self.compare(ours, theirs)
        print("rsvg-convert comparison: PSNR \(stats.psnr) dB, MAE \(stats.meanAbsoluteError)")
        #expect(stats.psnr >= 35, "PSNR \(stats.psnr) dB, mean absolute error \(stats.meanAbsoluteError)")
        #expect(stats.maxFlatInteriorError <= 2, "flat interiors differ by \(stats.maxFlatInteriorError) levels")
    }

    // MARK: - The scene, twice

    private static func hex(_ c: Color) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + [c.red, c.green, c.blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
    }

    private static func d(_ path: Path) -> String {
        func pt(_ p: Point) -> String { "\(p.x) \(p.y)" }
        return path.elements.map { e -> String in
            switch e {
            case .move(let p): "M\(pt(p))"
            case .line(let p): "L\(pt(p))"
            case .quad(let c, let p): "Q\(pt(c)) \(pt(p))"
            case .cubic(let c1, let c2, let p): "C\(pt(c1)) \(pt(c2)) \(pt(p))"
            case .close: "Z"
            }
        }.joined(separator: " ")
    }

    static func testScene() -> (Scene, String) {
        var nodes: [Node] = []
        var svg = ""
        func stroke(_ path: Path, _ color: Color, _ style: StrokeStyle, opacity: Double = 1) {
            nodes.append(.shape(Shape(path: path, stroke: .solid(color.withOpacity(opacity)), strokeStyle: style)))
            let join = switch style.join { case .miter: "miter"; case .round: "round"; case .bevel: "bevel" }
            let cap = switch style.cap { case .butt: "butt"; case .round: "round"; case .square: "square" }
            var attrs = "fill=\"none\" stroke=\"\(hex(color))\" stroke-width=\"\(style.width)\" "
                + "stroke-linejoin=\"\(join)\" stroke-linecap=\"\(cap)\" stroke-miterlimit=\"\(style.miterLimit)\""
            if opacity < 1 { attrs += " stroke-opacity=\"\(Double(color.withOpacity(opacity).alpha) / 255)\"" }
            if !style.dash.isEmpty {
                attrs += " stroke-dasharray=\"\(style.dash.map { "\($0)" }.joined(separator: " "))\""
                    + " stroke-dashoffset=\"\(style.dashOffset)\""
            }
            svg += "<path d=\"\(d(path))\" \(attrs)/>\n"
        }
        func fill(_ path: Path, _ color: Color) {
            nodes.append(.shape(Shape(path: path, fill: .solid(color))))
            svg += "<path d=\"\(d(path))\" fill=\"\(hex(color))\"/>\n"
        }
        let blue = Color(rgb: 0x4477AA), red = Color(rgb: 0xEE6677), green = Color(rgb: 0x228833)

        // A gradient area under a curve.
        var area = Path()
        area.move(to: Point(10, 260))
        area.cubic(to: Point(150, 200), control1: Point(50, 160), control2: Point(100, 260))
        area.cubic(to: Point(310, 190), control1: Point(200, 140), control2: Point(260, 240))
        area.line(to: Point(310, 290))
        area.line(to: Point(10, 290))
        area.close()
        let gradient = LinearGradient(start: Point(0, 160), end: Point(0, 290), stops: [
            GradientStop(offset: 0, color: blue), GradientStop(offset: 0.6, color: green),
            GradientStop(offset: 1, color: Color(rgb: 0xFFFFFF)),
        ])
        nodes.append(.shape(Shape(path: area, fill: .linearGradient(gradient))))
        svg += "<defs><linearGradient id=\"g\" gradientUnits=\"userSpaceOnUse\" "
            + "x1=\"0\" y1=\"160\" x2=\"0\" y2=\"290\">"
            + gradient.stops.map { "<stop offset=\"\($0.offset)\" stop-color=\"\(hex($0.color))\"/>" }.joined()
            + "</linearGradient></defs>\n<path d=\"\(d(area))\" fill=\"url(#g)\"/>\n"

        // Zigzags with each join and cap.
        let zigzag = { (y: Double) in polyline([Point(20, y), Point(60, y + 40), Point(100, y), Point(140, y + 40),
                                                Point(150, y)]) }
        stroke(zigzag(20), blue, StrokeStyle(width: 7, join: .miter, cap: .butt, miterLimit: 4))
        stroke(zigzag(80), red, StrokeStyle(width: 7, join: .round, cap: .round))
        stroke(zigzag(140), green, StrokeStyle(width: 7, join: .bevel, cap: .square))
        // Dashes on a curve and a straight line; a translucent wide stroke.
        var wave = Path()
        wave.move(to: Point(170, 30))
        wave.cubic(to: Point(310, 60), control1: Point(210, -10), control2: Point(260, 110))
        stroke(wave, blue, StrokeStyle(width: 3, cap: .butt, dash: [12, 6], dashOffset: 4))
        stroke(polyline([Point(170, 95.5), Point(310, 95.5)]), red, StrokeStyle(width: 2, cap: .round, dash: [1, 8]))
        stroke(polyline([Point(180, 120), Point(300, 160)]), green, StrokeStyle(width: 12, cap: .round), opacity: 0.5)
        // Circles, filled and stroked.
        fill(.circle(center: Point(200, 150), radius: 12.5), red)
        stroke(.circle(center: Point(270, 140), radius: 20.3), blue, StrokeStyle(width: 2.5))
        for i in 0..<8 { fill(.circle(center: Point(20 + Double(i) * 17.3, 205.4), radius: 3), blue) }

        // An even-odd star, a clipped group and a translucent group of overlapping shapes.
        var star = Path()
        for i in 0..<5 {
            let angle = -Double.pi / 2 + Double(i * 2 % 5) * 2 * Double.pi / 5
            let p = Point(250 + 28 * cos(angle), 235 + 28 * sin(angle))
            if i == 0 { star.move(to: p) } else { star.line(to: p) }
        }
        star.close()
        nodes.append(.shape(Shape(path: star, fill: .solid(red), fillRule: .evenOdd)))
        svg += "<path d=\"\(d(star))\" fill=\"\(hex(red))\" fill-rule=\"evenodd\"/>\n"
        let clipRect = Rect(x: 160.5, y: 170.25, width: 40, height: 30.5)
        let clipped = Shape(path: .circle(center: Point(180, 185), radius: 30), fill: .solid(green))
        nodes.append(.group(Group(clip: clipRect, children: [.shape(clipped)])))
        svg += "<clipPath id=\"c\"><rect x=\"\(clipRect.x)\" y=\"\(clipRect.y)\" width=\"\(clipRect.width)\" "
            + "height=\"\(clipRect.height)\"/></clipPath>\n<g clip-path=\"url(#c)\"><path d=\"\(d(clipped.path))\" "
            + "fill=\"\(hex(green))\"/></g>\n"
        let squares = [Path.rect(Rect(x: 215, y: 105, width: 30, height: 30)),
                       Path.rect(Rect(x: 230, y: 120, width: 30, height: 30))]
        nodes.append(.group(Group(opacity: 0.6, children: squares.map { .shape(Shape(path: $0, fill: .solid(blue))) })))
        svg += "<g opacity=\"0.6\">" + squares.map { "<path d=\"\(d($0))\" fill=\"\(hex(blue))\"/>" }.joined()
            + "</g>\n"

        let scene = Scene(width: 320, height: 300, background: .white, title: "", description: "", nodes: nodes)
        let document = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"300\" "
            + "viewBox=\"0 0 320 300\">\n"
            + "<rect width=\"320\" height=\"300\" fill=\"#ffffff\"/>\n" + svg + "</svg>\n"
        return (scene, document)
    }

    // MARK: - Rendering with rsvg-convert and comparing

    /// Runs rsvg-convert on `svg` (via stdin/stdout) at `width × height` and decodes the PNG it writes.
    static func renderWithRsvg(_ svg: String, width: Int, height: Int) throws
        -> (width: Int, height: Int, rgba: [UInt8])?
    {
        guard let rsvg else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvg)
        process.arguments = ["--width", "\(width)", "--height", "\(height)", "--format", "png"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(svg.utf8))
        try input.fileHandleForWriting.close()
        let png = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let bytes = [UInt8](png)
        guard bytes.withUnsafeBytes({ png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }) != 0 else {
            return nil
        }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR) | UInt32(PNG_FORMAT_FLAG_ALPHA)
        var rgba = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let ok = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        png_image_free(&image)
        return ok != 0 ? (Int(image.width), Int(image.height), rgba) : nil
    }

    struct Stats {
        var meanAbsoluteError: Double
        var psnr: Double
        var maxFlatInteriorError: Int
    }

    /// RGB errors over the whole (opaque) image, and the largest error where our image is flat in a 3 × 3 window.
    static func compare(_ ours: Pixmap, _ theirs: (width: Int, height: Int, rgba: [UInt8])) -> Stats {
        var absolute = 0.0, squared = 0.0, flatMax = 0
        let w = ours.width, h = ours.height
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                var flat = x > 0 && y > 0 && x < w - 1 && y < h - 1
                if flat {
                    outer: for dy in -1...1 {
                        let j = ((y + dy) * w + x) * 4
                        for dx in -1...1 where ours.data[j + dx * 4 ..< j + dx * 4 + 4] != ours.data[i ..< i + 4] {
                            flat = false
                            break outer
                        }
                    }
                }
                for k in 0..<3 {
                    let e = abs(Int(ours.data[i + k]) - Int(theirs.rgba[i + k]))
                    absolute += Double(e)
                    squared += Double(e * e)
                    if flat { flatMax = max(flatMax, e) }
                }
            }
        }
        let n = Double(w * h * 3)
        let mse = squared / n
        return Stats(meanAbsoluteError: absolute / n, psnr: mse == 0 ? 99 : 10 * log10(255 * 255 / mse),
                     maxFlatInteriorError: flatMax)
    }
}
