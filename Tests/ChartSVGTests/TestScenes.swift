import ChartScene
import Foundation

/// Hand-built scenes shaped like the layout's output (roles, clips, tooltips), independent of ChartLayout.
enum TestScenes {
    static let palette: [Color] = [Color(rgb: 0x3366CC), Color(rgb: 0xDC3912), Color(rgb: 0xFF9900)]

    /// A line chart: grid, axis labels, `series` lines of `points` points each with area, point marks
    /// (tooltips), a value label, an annotation and a legend. Series `dashed` draws a dashed line;
    /// `gradientStroke` strokes lines with a gradient.
    static func lineChart(series: Int = 2, points: Int = 5, dashed: Int? = nil, gradientStroke: Bool = false,
                          label: String = "Revenue") -> Scene {
        let plot = Rect(x: 40, y: 20, width: 300, height: 160)
        var nodes: [Node] = []

        var grid: [Node] = []
        for i in 0...4 {
            let y = plot.minY + Double(i) * plot.height / 4
            grid.append(.shape(Shape(path: Path([.move(Point(plot.minX, y)), .line(Point(plot.maxX, y))]),
                                     stroke: .solid(Color(rgb: 0xE0E0E0)), strokeStyle: StrokeStyle(width: 1),
                                     snapToPixels: true)))
        }
        nodes.append(.group(Group(role: .grid, children: grid)))

        var axis: [Node] = []
        for i in 0..<points {
            let x = plot.minX + Double(i) * plot.width / Double(max(points - 1, 1))
            axis.append(.text(TextRun(text: "Q\(i + 1)", position: Point(x, plot.maxY + 14), size: 11,
                                      anchor: .middle, color: Color(rgb: 0x666666), rotation: -45)))
        }
        nodes.append(.group(Group(role: .xAxis, children: axis)))

        var plotChildren: [Node] = []
        for k in 0..<series {
            let color = palette[k % palette.count]
            let step = plot.width / Double(max(points - 1, 1))
            var pts: [Point] = []
            for i in 0..<points {
                let level: Double = 0.2 + 0.6 * Double((i * 7 + k * 3) % 5) / 4
                let x: Double = plot.minX + Double(i) * step
                pts.append(Point(x, plot.maxY - plot.height * level))
            }
            var line = Path()
            line.move(to: pts[0])
            for i in 1..<pts.count {
                let a = pts[i - 1], b = pts[i]
                let third = (b.x - a.x) / 3
                line.cubic(to: b, control1: Point(a.x + third, a.y), control2: Point(b.x - third, b.y))
            }
            var area = line
            area.line(to: Point(plot.maxX, plot.maxY))
            area.line(to: Point(plot.minX, plot.maxY))
            area.close()
            let stroke: Paint = gradientStroke
                ? .linearGradient(LinearGradient(start: Point(plot.minX, 0), end: Point(plot.maxX, 0),
                                                 stops: [GradientStop(offset: 0, color: color),
                                                         GradientStop(offset: 1, color: palette[(k + 1) % 3])]))
                : .solid(color)
            var children: [Node] = [
                .group(Group(role: .seriesArea(k), opacity: 0.3,
                             children: [.shape(Shape(path: area, fill: .solid(color)))])),
                .group(Group(role: .seriesLine(k), children: [.shape(Shape(
                    path: line, stroke: stroke,
                    strokeStyle: StrokeStyle(width: 2, dash: k == dashed ? [6, 3] : [])))])),
            ]
            for (i, p) in pts.enumerated() {
                children.append(.group(Group(
                    role: .point(series: k, index: i, progress: Double(i) / Double(max(points - 1, 1))),
                    tooltip: "\(label) · Q\(i + 1): \(10 * i + k)",
                    children: [.shape(Shape(path: .circle(center: p, radius: 4), fill: .solid(.white),
                                            stroke: .solid(color), strokeStyle: StrokeStyle(width: 2)))])))
            }
            children.append(.group(Group(role: .valueLabel(series: k, progress: 1), children: [
                .text(TextRun(text: "\(label) max", position: pts[pts.count - 1] + Point(0, -10), size: 10,
                              weight: .bold, anchor: .end, color: color)),
            ])))
            plotChildren.append(.group(Group(role: .series(k), children: children)))
        }
        plotChildren.append(.group(Group(role: .annotation(0), children: [
            .shape(Shape(path: Path([.move(Point(plot.minX, 100)), .line(Point(plot.maxX, 100))]),
                         stroke: .solid(Color(rgb: 0x999999, alpha: 128)),
                         strokeStyle: StrokeStyle(width: 1, dash: [4, 4]))),
            .text(TextRun(text: "Average", position: Point(plot.maxX, 96), size: 10, anchor: .end, color: .black)),
        ])))
        nodes.append(.group(Group(role: .plot, clip: plot, children: plotChildren)))

        var legend: [Node] = []
        for k in 0..<series {
            legend.append(.group(Group(role: .legendItem(series: k), children: [
                .shape(Shape(path: .rect(Rect(x: 40 + Double(k) * 80, y: 200, width: 10, height: 10)),
                             fill: .solid(palette[k % 3]))),
                .text(TextRun(text: "\(label) \(k)", position: Point(54 + Double(k) * 80, 209), size: 11,
                              color: .black)),
            ])))
        }
        nodes.append(.group(Group(role: .legend, children: legend)))
        return Scene(width: 360, height: 220, background: .white, title: "\(label) by quarter",
                     description: "A line chart of \(label).", nodes: nodes)
    }

    /// A pie (or, with `hole` > 0, a doughnut) of `shares` around (100, 90), radius 60, laid out like the layout's:
    /// a `.pie` group of `.slice` groups (polygonal wedges with a white separating stroke and a tooltip), then a
    /// `.sliceLabel` group per slice: inside text for the first, a leader line and outside text for the others.
    static func pieChart(shares: [Double] = [0.5, 0.3, 0.2], hole: Double = 0) -> Scene {
        let center = Point(100, 90), radius = 60.0
        func polar(_ r: Double, _ degrees: Double) -> Point {
            let a = degrees * .pi / 180
            return Point(center.x + r * sin(a), center.y - r * cos(a))
        }
        var slices: [Node] = [], labels: [Node] = []
        var start = 0.0
        for (n, share) in shares.enumerated() {
            let end = n == shares.count - 1 ? 360 : start + 360 * share
            var path = Path()
            path.move(to: polar(radius, start))
            for step in 1...8 { path.line(to: polar(radius, start + (end - start) * Double(step) / 8)) }
            if hole > 0 {
                for step in (0...8).reversed() { path.line(to: polar(hole, start + (end - start) * Double(step) / 8)) }
            } else {
                path.line(to: center)
            }
            path.close()
            let tooltip: Tooltip = "Item \(n + 1): \(Int(share * 100))%"
            let mark = ArcMark(sector: Sector(center: center, innerRadius: hole, outerRadius: radius, startAngle: start,
                                              endAngle: end),
                               name: "Item \(n + 1)", value: share, fraction: share, datum: n)
            slices.append(.group(Group(role: .slice(n, mark), tooltip: tooltip, children: [
                .shape(Shape(path: path, fill: .solid(palette[n % palette.count]), stroke: .solid(.white),
                             strokeStyle: StrokeStyle(width: 1, join: .round))),
            ])))
            let mid = (start + end) / 2
            var label: [Node] = []
            if n > 0 {
                label.append(.shape(Shape(path: Path([.move(polar(radius, mid)), .line(polar(radius + 10, mid))]),
                                          stroke: .solid(Color(rgb: 0x59636E)))))
            }
            label.append(.text(TextRun(text: "\(Int(share * 100))%", position: polar(n > 0 ? radius + 14 : 30, mid),
                                       size: 11, anchor: .middle, color: n > 0 ? .black : .white)))
            labels.append(.group(Group(role: .sliceLabel(n), tooltip: tooltip, children: label)))
            start = end
        }
        let disc = Sector(center: center, innerRadius: hole, outerRadius: radius, startAngle: 0, endAngle: 360)
        return Scene(width: 200, height: 180, background: .white, title: "Shares", description: "A pie chart.",
                     nodes: [.group(Group(role: .pie(disc), children: slices))] + labels)
    }
}
