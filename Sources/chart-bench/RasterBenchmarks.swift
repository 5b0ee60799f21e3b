import ChartPNG
import ChartRaster
import ChartRender
import ChartScene
import ChartSpec
import ChartText
import CPNGWriter
import Foundation

/// A standard-chart-like scene built by hand: 800 × 400, six grid lines and two axes (pixel-snapped), a gradient area,
/// three smooth series of 100 points (cubic segments, width 2, round joins), 300 dots of radius 3, legend swatches.
func benchmarkChartScene() -> Scene {
    let plot = Rect(x: 50, y: 30, width: 730, height: 330)
    let colors = [Color(rgb: 0x4477AA), Color(rgb: 0xEE6677), Color(rgb: 0x228833)]
    var grid: [Node] = []
    for i in 0...5 {
        let y = plot.minY + Double(i) * plot.height / 5
        var line = Path()
        line.move(to: Point(plot.minX, y))
        line.line(to: Point(plot.maxX, y))
        grid.append(.shape(Shape(path: line, stroke: .solid(Color(rgb: 0xE0E0E0)),
                                 strokeStyle: StrokeStyle(width: 1, cap: .butt), snapToPixels: true)))
    }
    var axes = Path()
    axes.move(to: Point(plot.minX, plot.minY))
    axes.line(to: Point(plot.minX, plot.maxY))
    axes.line(to: Point(plot.maxX, plot.maxY))
    grid.append(.shape(Shape(path: axes, stroke: .solid(Color(rgb: 0x333333)),
                             strokeStyle: StrokeStyle(width: 1, join: .miter, cap: .butt), snapToPixels: true)))

    var marks: [Node] = []
    var dots: [Node] = []
    for s in 0..<3 {
        let points = (0..<100).map { i -> Point in
            let t = Double(i) / 99
            let v = 0.5 + 0.35 * sin(t * 9 + Double(s) * 1.7) * cos(t * 3.1 + Double(s))
            return Point(plot.minX + t * plot.width, plot.minY + (1 - v) * plot.height)
        }
        // Catmull-Rom through the points, as cubic Béziers.
        var line = Path()
        line.move(to: points[0])
        for i in 0..<(points.count - 1) {
            let p0 = points[max(i - 1, 0)], p1 = points[i], p2 = points[i + 1]
            let p3 = points[min(i + 2, points.count - 1)]
            line.cubic(to: p2, control1: p1 + (p2 - p0) * (1.0 / 6), control2: p2 - (p3 - p1) * (1.0 / 6))
        }
        if s == 0 {
            var area = line
            area.line(to: Point(plot.maxX, plot.maxY))
            area.line(to: Point(plot.minX, plot.maxY))
            area.close()
            let gradient = LinearGradient(start: Point(0, plot.minY), end: Point(0, plot.maxY), stops: [
                GradientStop(offset: 0, color: colors[0].withOpacity(0.45)),
                GradientStop(offset: 1, color: colors[0].withOpacity(0.02)),
            ])
            marks.append(.shape(Shape(path: area, fill: .linearGradient(gradient))))
        }
        marks.append(.shape(Shape(path: line, stroke: .solid(colors[s]), strokeStyle: StrokeStyle(width: 2))))
        for p in points { dots.append(.shape(Shape(path: .circle(center: p, radius: 3), fill: .solid(colors[s])))) }
    }
    var legend: [Node] = []
    for s in 0..<3 {
        legend.append(.shape(Shape(path: .rect(Rect(x: 300 + Double(s) * 90, y: 380, width: 12, height: 12)),
                                   fill: .solid(colors[s]))))
    }
    return Scene(width: 800, height: 400, background: .white, title: "bench", description: "", nodes: [
        .group(Group(role: .grid, children: grid)),
        .group(Group(role: .plot, clip: plot, children: marks + dots)),
        .group(Group(role: .legend, children: legend)),
    ])
}

/// Rasterizing the standard scene, and encoding its pixels with our settings, libpng's defaults and plain zlib.
/// With CHART_BENCH_PNG_DIR set, the scale-1 and scale-2 images are written there for viewing.
func rasterBenchmarks() -> [Benchmark] {
    let scene = benchmarkChartScene()
    let rasterizer = Rasterizer()
    guard let one = try? rasterizer.render(scene, scale: 1), let two = try? rasterizer.render(scene, scale: 2) else {
        return [Benchmark(name: "raster standard chart") { throw RasterBenchError.renderFailed }]
    }
    if let dir = ProcessInfo.processInfo.environment["CHART_BENCH_PNG_DIR"] {
        for (name, pixmap) in [("raster-scale1.png", one), ("raster-scale2.png", two)] {
            try? Data(PNGEncoder.encode(pixmap)).write(to: URL(fileURLWithPath: "\(dir)/\(name)"))
        }
    }
    var benchmarks = [
        Benchmark(name: "raster standard chart scale 1") { try rasterizer.render(scene, scale: 1).data.count },
        Benchmark(name: "raster standard chart scale 2") { try rasterizer.render(scene, scale: 2).data.count },
    ]
    // The pipeline's own scene for bench/standard-chart.json, text drawn from cached glyph masks as the PNG pipeline
    // draws it: raster cost alone.
    let fonts = ChartRenderer.shared.text.fontSet
    let textRasterizer = Rasterizer(glyphs: fonts)
    let specScene = standardSpecScene()
    if let specScene {
        for scale in [1.0, 2.0] {
            benchmarks.append(Benchmark(name: "raster standard spec with glyphs scale \(Int(scale))") {
                try textRasterizer.render(specScene, scale: scale).data.count
            })
        }
        // A fresh process: every glyph mask is rendered in the render that first needs it.
        let coldRasterizer = Rasterizer(glyphs: fonts, glyphCaching: .perRender)
        benchmarks.append(Benchmark(name: "raster standard spec with glyphs, cold mask cache scale 1") {
            try coldRasterizer.render(specScene, scale: 1).data.count
        })
        // Without a glyph placer the rasterizer skips text: the glyphs' share is the difference.
        benchmarks.append(Benchmark(name: "raster standard spec without text scale 1") {
            try rasterizer.render(specScene, scale: 1).data.count
        })
        // Text lowered to one glyph-outline path per run and scan-converted like any shape (no mask cache).
        if let fonts {
            let lowered = lowerText(in: specScene, fonts: fonts)
            benchmarks.append(Benchmark(name: "raster standard spec, text as paths scale 1") {
                try rasterizer.render(lowered, scale: 1).data.count
            })
        }
    }
    // The spec's scene split by top-level group (the background is painted in each), to see where the time goes.
    if let specScene {
        for (index, node) in specScene.nodes.enumerated() {
            guard case .group(let group) = node else { continue }
            let part = Scene(width: specScene.width, height: specScene.height, background: specScene.background,
                             title: "", description: "", nodes: [node])
            let name = group.role.map { "\($0)" } ?? "group \(index)"
            benchmarks.append(Benchmark(name: "raster spec part \(name.prefix(20)) scale 1") {
                try textRasterizer.render(part, scale: 1).data.count
            })
        }
    }
    // The same scene split by part (the background is painted in each), to see where the time goes.
    for (part, nodes) in benchmarkSceneParts(scene) {
        let partial = Scene(width: scene.width, height: scene.height, background: scene.background, title: "",
                            description: "", nodes: nodes)
        benchmarks.append(Benchmark(name: "raster part \(part) scale 1") {
            try rasterizer.render(partial, scale: 1).data.count
        })
    }
    // Our encoders (`.fast`, `.balanced`: the chart-specialised deflate; `.small`: libpng level 9) against libpng
    // settings, including what `.fast` and `.balanced` used before the specialised encoder (none, level 1 or 3).
    let candidates: [(String, Encode)] = [
        ("libpng defaults", libpng(.libpngDefaults)),
        ("fast", ours(.fast)),
        ("balanced", ours(.balanced)),
        ("small", ours(.small)),
        ("libpng none l1 default", libpng(PNGSettings(filters: .unfiltered, level: 1, strategy: .defaultStrategy))),
        ("libpng none l3 default", libpng(PNGSettings(filters: .unfiltered, level: 3, strategy: .defaultStrategy))),
        ("up l6 filtered", libpng(PNGSettings(filters: .up, level: 6, strategy: .filtered))),
        ("none l1 rle", libpng(PNGSettings(filters: .unfiltered, level: 1, strategy: .rle))),
        ("none l6 default", libpng(PNGSettings(filters: .unfiltered, level: 6, strategy: .defaultStrategy))),
        ("sub l1 rle", libpng(PNGSettings(filters: .sub, level: 1, strategy: .rle))),
        ("sub l1 filtered", libpng(PNGSettings(filters: .sub, level: 1, strategy: .filtered))),
        ("up l1 rle", libpng(PNGSettings(filters: .up, level: 1, strategy: .rle))),
        ("up l1 filtered", libpng(PNGSettings(filters: .up, level: 1, strategy: .filtered))),
        ("up l2 filtered", libpng(PNGSettings(filters: .up, level: 2, strategy: .filtered))),
        ("all l9 filtered", libpng(PNGSettings(filters: .all, level: 9, strategy: .filtered))),
    ]
    // The pipeline's own image (the standard spec with glyphs), which `pipeline … json→png` encodes.
    if let specScene {
        for scale in [1.0, 2.0] {
            guard let pixmap = try? textRasterizer.render(specScene, scale: scale) else { continue }
            for (name, encode) in candidates.prefix(6) {
                benchmarks.append(Benchmark(name: "png spec scale \(Int(scale)) \(name)") { try encode(pixmap) })
            }
        }
    }
    for (label, pixmap) in [("scale 1", one), ("scale 2", two)] {
        for (name, encode) in candidates {
            benchmarks.append(Benchmark(name: "png \(label) \(name)") { try encode(pixmap) })
        }
        // Baseline: zlib level 1 of the same RGB bytes PNG stores (no filtering, no PNG framing).
        var rgb: [UInt8] = []
        rgb.reserveCapacity(pixmap.width * pixmap.height * 3)
        for i in stride(from: 0, to: pixmap.data.count, by: 4) { rgb.append(contentsOf: pixmap.data[i..<(i + 3)]) }
        benchmarks.append(Benchmark(name: "png \(label) zlib compress2 level 1") {
            var out = chart_png_buffer(data: nil, size: 0, capacity: 0)
            defer { chart_png_free(&out) }
            guard rgb.withUnsafeBufferPointer({ chart_deflate($0.baseAddress, $0.count, 1, &out) }) == 0 else {
                throw RasterBenchError.deflateFailed
            }
            return out.size
        })
    }
    return benchmarks
}

/// Encodes a pixmap and returns the PNG's byte count.
private typealias Encode = (Pixmap) throws -> Int

/// Our PNG encoder with explicit libpng settings.
private func libpng(_ settings: PNGSettings) -> Encode {
    { pixmap in try PNGEncoder.encode(pixmap, settings: settings).count }
}

/// Our PNG encoder as the pipeline calls it.
private func ours(_ compression: PNGCompression) -> Encode {
    { pixmap in try PNGEncoder.encode(pixmap, compression: compression).count }
}

/// The layout's scene for bench/standard-chart.json.
func standardSpecScene() -> Scene? {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/standard-chart.json").standardized.path
    guard let data = FileManager.default.contents(atPath: path), let spec = try? ChartSpec.parse(Array(data)) else {
        return nil
    }
    return ChartRenderer.shared.scene(for: spec)
}

/// The standard scene's parts: background only, grid and axes, the gradient area, the three lines, the dots.
private func benchmarkSceneParts(_ scene: Scene) -> [(String, [Node])] {
    guard scene.nodes.count == 3, case .group(let grid) = scene.nodes[0], case .group(let plot) = scene.nodes[1] else {
        return []
    }
    func plotWith(_ range: Range<Int>) -> [Node] {
        var g = plot
        g.children = Array(plot.children[range])
        return [.group(g)]
    }
    // Plot children: area, line 1, line 2, line 3, then 300 dots.
    return [("background", []), ("grid", [.group(grid)]), ("area", plotWith(0..<1)), ("lines", plotWith(1..<4)),
            ("dots", plotWith(4..<plot.children.count))]
}

enum RasterBenchError: Error {
    case deflateFailed
    case renderFailed
}
