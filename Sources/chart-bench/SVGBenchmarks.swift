import Foundation
import ChartAnimation
import ChartSVG
import ChartScene

/// Scene → SVG bytes, static and SMIL-animated, for a synthetic scene of the standard size:
/// 3 series lines of 100 cubic segments (one with a gradient stroke), their areas, 303 point
/// groups with tooltips, grid and 30 text runs.
func svgBenchmarks() -> [Benchmark] {
    let scene = standardSVGScene()
    let plain = SVGWriter()
    let animated = SVGWriter(animation: Choreography())
    return [
        Benchmark(name: "svg.write.plain (3×100 segments, 303 points)") { plain.write(scene).count },
        Benchmark(name: "svg.write.smil (3×100 segments, 303 points)") { animated.write(scene).count },
    ]
}

private func standardSVGScene() -> Scene {
    let plot = Rect(x: 60, y: 40, width: 700, height: 340)
    let colors = [Color(rgb: 0x3366CC), Color(rgb: 0xDC3912), Color(rgb: 0xFF9900)]
    var nodes: [Node] = []
    var grid: [Node] = []
    var labels: [Node] = []
    for i in 0...5 {
        let y = plot.minY + Double(i) * plot.height / 5
        grid.append(.shape(Shape(path: Path([.move(Point(plot.minX, y)), .line(Point(plot.maxX, y))]),
                                 stroke: .solid(Color(rgb: 0xE6E6E6)), snapToPixels: true)))
        labels.append(.text(TextRun(text: "\(100 - i * 20)", position: Point(plot.minX - 8, y + 4), size: 12,
                                    anchor: .end, color: Color(rgb: 0x666666))))
    }
    for i in 0..<20 {
        let x = plot.minX + Double(i) * plot.width / 19
        labels.append(.text(TextRun(text: "Week \(i + 1)", position: Point(x, plot.maxY + 16), size: 12,
                                    anchor: .end, color: Color(rgb: 0x666666), rotation: -45)))
    }
    nodes.append(.group(Group(role: .grid, children: grid)))
    nodes.append(.group(Group(role: .yAxis, children: labels)))

    var series: [Node] = []
    for k in 0..<3 {
        var points: [Point] = []
        for i in 0...100 {
            let t = Double(i) / 100
            let wave = 0.5 + 0.3 * sin(t * 9 + Double(k)) + 0.1 * sin(t * 37 + Double(k) * 2)
            points.append(Point(plot.minX + t * plot.width, plot.maxY - wave * plot.height))
        }
        var line = Path()
        line.move(to: points[0])
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i], dx = (b.x - a.x) / 3
            line.cubic(to: b, control1: Point(a.x + dx, a.y), control2: Point(b.x - dx, b.y))
        }
        var area = line
        area.line(to: Point(plot.maxX, plot.maxY))
        area.line(to: Point(plot.minX, plot.maxY))
        area.close()
        let stroke: Paint = k == 0
            ? .linearGradient(LinearGradient(start: Point(0, plot.minY), end: Point(0, plot.maxY), stops: [
                GradientStop(offset: 0, color: colors[0]), GradientStop(offset: 1, color: Color(rgb: 0x99BBEE)),
            ]))
            : .solid(colors[k])
        var children: [Node] = [
            .group(Group(role: .seriesArea(k), opacity: 0.2,
                         children: [.shape(Shape(path: area, fill: .solid(colors[k])))])),
            .group(Group(role: .seriesLine(k), children: [
                .shape(Shape(path: line, stroke: stroke, strokeStyle: StrokeStyle(width: 2.5))),
            ])),
        ]
        for (i, p) in points.enumerated() {
            children.append(.group(Group(
                role: .point(series: k, index: i, progress: Double(i) / 100),
                tooltip: "Series \(k + 1) · Day \(i + 1): \(Int(p.y))",
                children: [.shape(Shape(path: .circle(center: p, radius: 3.5), fill: .solid(.white),
                                        stroke: .solid(colors[k]), strokeStyle: StrokeStyle(width: 2)))])))
        }
        series.append(.group(Group(role: .series(k), children: children)))
    }
    nodes.append(.group(Group(role: .plot, clip: plot, children: series)))
    var legend: [Node] = []
    for k in 0..<3 {
        legend.append(.group(Group(role: .legendItem(series: k), children: [
            .shape(Shape(path: .rect(Rect(x: 60 + Double(k) * 120, y: 420, width: 12, height: 12)),
                         fill: .solid(colors[k]))),
            .text(TextRun(text: "Series \(k + 1)", position: Point(78 + Double(k) * 120, 431), size: 12,
                          color: .black)),
        ])))
    }
    nodes.append(.group(Group(role: .legend, children: legend)))
    nodes.append(.text(TextRun(text: "Weekly traffic", position: Point(400, 24), size: 16, weight: .bold,
                               anchor: .middle, color: .black)))
    return Scene(width: 800, height: 450, background: .white, title: "Weekly traffic",
                 description: "Three series over 100 days.", nodes: nodes)
}
