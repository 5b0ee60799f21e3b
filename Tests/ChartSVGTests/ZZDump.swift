import Foundation
import Testing
@testable import ChartSVG

@Test func zzDump() throws {
    let scene = TestScenes.lineChart(series: 3, points: 8, dashed: 2, gradientStroke: false)
    try Data(SVGWriter().write(scene)).write(to: URL(fileURLWithPath: "/tmp/svgt/plain.svg"))
    try Data(SVGWriter(animation: SVGAnimation()).write(scene)).write(to: URL(fileURLWithPath: "/tmp/svgt/smil.svg"))
}
